package io.gpuplan.solve;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.math3.exception.MathIllegalStateException;
import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.linear.LinearConstraint;
import org.apache.commons.math3.optim.linear.LinearConstraintSet;
import org.apache.commons.math3.optim.linear.LinearObjectiveFunction;
import org.apache.commons.math3.optim.linear.NonNegativeConstraint;
import org.apache.commons.math3.optim.linear.Relationship;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;

/**
 * An LP-relaxation lower bound on the cost of any plan that runs the given jobs, tighter than R24 where reserved
 * pools idle or capacity binds.
 *
 * <p>The primal: x(job, option) >= 0 with each job's x summing to 1, and r(pool) >= 0 GPUs reserved per reserved
 * offer; minimize the options' own costs plus r × horizon hours × price, subject to, per offer, the GPU-slots used
 * fitting in the horizon (sum billed × d × x <= maxGpus × H, or r × H on a reserved pool, with r <= maxGpus) and,
 * per offer and slot, the GPUs of the options that occupy the slot whatever their start (from the latest start to
 * the earliest end) fitting under maxGpus, or r; and the cost within the total budget and each provider's bill within
 * its cap (R22). Every feasible plan gives a feasible point of the same cost.
 *
 * <p>The bound is not the simplex's claimed optimum (Commons Math 3.6.1 returns wrong optima on some degenerate
 * LPs, e.g. with identical columns) but is certified by weak duality: Commons Math solves the dual for multipliers
 * v >= 0 of the capacity rows, and the bound is the Lagrangian value
 * L(v) = sum over jobs of min over its options of (cost + v·column) - v·b, checked here with plain loops. Any
 * v >= 0 under which no reservation is free gives a valid bound; the optimal v gives the LP optimum.
 */
public final class LpBound {
    static final int MAX_VARIABLES = 600;
    static final int MAX_CONSTRAINTS = 400;

    private LpBound() {
    }

    /** @param cents the bound in cents, or -1 when it was not computed ({@code note} says why) */
    public record Result(long cents, String note) {
        public boolean computed() {
            return cents >= 0;
        }
    }

    /**
     * The primal, columns first the options of each job in turn ({@code jobOf} gives a column's job), then one per
     * reserved pool; the capacity and budget rows are all {@code <=}.
     */
    record Model(List<JobOptions> jobs, List<Option> vars, List<Offer> pools, int[] jobOf, List<double[]> rows,
                 List<Double> limits, double[] cost) {
        int size() {
            return vars.size() + pools.size();
        }
    }

    public static Result compute(Problem problem, List<JobOptions> options, Set<String> jobIds) {
        long variables = options.stream().filter(jo -> jobIds.contains(jo.job().id())).mapToLong(jo -> jo.options().size()).sum();
        if (variables > MAX_VARIABLES) {
            // Decided before the rows are built: their dense arrays alone would not fit a large instance in memory.
            return new Result(-1, "LP bound skipped: " + variables + " options exceed the " + MAX_VARIABLES
                    + " that Commons Math's dense simplex solves in about a second");
        }
        Model m = build(problem, options, jobIds);
        if (m.jobs().isEmpty()) {
            return new Result(0, "no jobs to bound");
        }
        int dualVariables = m.jobs().size() + m.rows().size();
        if (m.size() > MAX_VARIABLES || dualVariables > MAX_CONSTRAINTS) {
            return new Result(-1, "LP bound skipped: " + m.size() + " options and pools and " + m.rows().size()
                    + " capacity rows exceed the " + MAX_VARIABLES + " × " + MAX_CONSTRAINTS
                    + " that Commons Math's dense simplex solves in about a second");
        }
        double[] v;
        try {
            v = dualMultipliers(m);
        } catch (MathIllegalStateException e) {
            return new Result(-1, "LP bound not found: " + e.getClass().getSimpleName());
        }
        double bound = lagrangian(m, v);
        if (Double.isNaN(bound)) {
            return new Result(-1, "LP bound not found: the dual solution leaves a reservation free");
        }
        // Plan lines are rounded to the cent one by one; allow half a cent per reservation line, and round down.
        long cents = (long) Math.floor(bound - 0.5 * m.pools().size() - 1e-6);
        return new Result(Math.max(0, cents), "LP relaxation over " + m.vars().size() + " options of " + m.jobs().size()
                + " jobs and " + m.pools().size() + " reserved pools, " + m.rows().size()
                + " capacity rows; certified by its dual");
    }

    /**
     * L(v) = sum_j min_{i in j} (c_i + v·A_i) - v·b, or NaN when a pool column has a negative reduced cost (then
     * r could grow without end and the Lagrangian is unbounded below).
     */
    static double lagrangian(Model m, double[] v) {
        double[] reduced = m.cost().clone();
        for (int k = 0; k < m.rows().size(); k++) {
            double[] row = m.rows().get(k);
            for (int i = 0; i < row.length; i++) {
                reduced[i] += v[k] * row[i];
            }
        }
        for (int i = m.vars().size(); i < m.size(); i++) {
            if (reduced[i] < -1e-6 * Math.max(1, m.cost()[i])) {
                return Double.NaN;
            }
        }
        double[] best = new double[m.jobs().size()];
        java.util.Arrays.fill(best, Double.MAX_VALUE);
        for (int i = 0; i < m.vars().size(); i++) {
            best[m.jobOf()[i]] = Math.min(best[m.jobOf()[i]], reduced[i]);
        }
        double sum = 0;
        for (double b : best) {
            sum += b;
        }
        for (int k = 0; k < m.rows().size(); k++) {
            sum -= v[k] * m.limits().get(k);
        }
        return sum;
    }

    /**
     * The dual: maximize sum u_j - b·v over u free, v >= 0, subject to u_job(i) - A_i·v <= c_i for every option
     * column and -A_p·v <= c_p for every pool column. Returns v, clipped to >= 0.
     */
    static double[] dualMultipliers(Model m) {
        int jobs = m.jobs().size();
        int rows = m.rows().size();
        int n = jobs + rows;
        double[] objective = new double[n];
        for (int j = 0; j < jobs; j++) {
            objective[j] = 1;
        }
        for (int k = 0; k < rows; k++) {
            objective[jobs + k] = -m.limits().get(k);
        }
        List<LinearConstraint> constraints = new ArrayList<>();
        for (int i = 0; i < m.size(); i++) {
            double[] c = new double[n];
            if (i < m.vars().size()) {
                c[m.jobOf()[i]] = 1;
            }
            for (int k = 0; k < rows; k++) {
                c[jobs + k] = -m.rows().get(k)[i];
            }
            constraints.add(new LinearConstraint(c, Relationship.LEQ, m.cost()[i]));
        }
        for (int k = 0; k < rows; k++) {
            double[] c = new double[n];
            c[jobs + k] = 1;
            constraints.add(new LinearConstraint(c, Relationship.GEQ, 0));
        }
        PointValuePair best = new SimplexSolver().optimize(new MaxIter(50_000), new LinearObjectiveFunction(objective, 0),
                new LinearConstraintSet(constraints), GoalType.MAXIMIZE, new NonNegativeConstraint(false));
        double[] v = new double[rows];
        for (int k = 0; k < rows; k++) {
            v[k] = Math.max(0, best.getPoint()[jobs + k]);
        }
        return v;
    }

    static Model build(Problem problem, List<JobOptions> options, Set<String> jobIds) {
        List<JobOptions> jobs = options.stream().filter(jo -> jobIds.contains(jo.job().id()) && !jo.options().isEmpty()).toList();
        List<Option> vars = new ArrayList<>();
        List<Integer> jobOf = new ArrayList<>();
        for (int j = 0; j < jobs.size(); j++) {
            for (Option o : jobs.get(j).options()) {
                vars.add(o);
                jobOf.add(j);
            }
        }
        List<Offer> pools = vars.stream().map(Option::offer).filter(Offer::isReserved).distinct().toList();
        int n = vars.size() + pools.size();
        Horizon h = problem.horizon();
        List<double[]> rows = new ArrayList<>();
        List<Double> limits = new ArrayList<>();
        for (Offer offer : vars.stream().map(Option::offer).distinct().toList()) {
            int pool = pools.indexOf(offer);
            int poolVar = pool < 0 ? -1 : vars.size() + pool;
            if (poolVar < 0 && !offer.isCapped()) {
                continue;
            }
            // GPU-slots over the horizon.
            double[] total = new double[n];
            for (int i = 0; i < vars.size(); i++) {
                if (vars.get(i).offer().equals(offer)) {
                    total[i] = (double) vars.get(i).billedGpus() * vars.get(i).durationSlots();
                }
            }
            if (poolVar >= 0) {
                total[poolVar] = -h.slots();
            }
            rows.add(total);
            limits.add(poolVar >= 0 ? 0.0 : (double) offer.maxGpus() * h.slots());
            for (double[] row : mandatoryRows(vars, offer, poolVar, n, h.slots())) {
                rows.add(row);
                limits.add(poolVar >= 0 ? 0.0 : (double) offer.maxGpus());
            }
            if (poolVar >= 0 && offer.isCapped()) {
                double[] cap = new double[n];
                cap[poolVar] = 1;
                rows.add(cap);
                limits.add((double) offer.maxGpus());
            }
        }
        double[] cost = new double[n];
        for (int i = 0; i < vars.size(); i++) {
            cost[i] = vars.get(i).totalCents();
        }
        for (int p = 0; p < pools.size(); p++) {
            cost[vars.size() + p] = h.hours() * pools.get(p).priceInBase() * 100;
        }
        addBudgetRows(problem, vars, pools, cost, rows, limits);
        return new Model(jobs, vars, pools, jobOf.stream().mapToInt(Integer::intValue).toArray(), rows, limits, cost);
    }

    /** R22: the plan's cost within the total budget, and what each capped provider bills within its cap. */
    private static void addBudgetRows(Problem problem, List<Option> vars, List<Offer> pools, double[] cost,
                                      List<double[]> rows, List<Double> limits) {
        if (problem.budget().total() != null) {
            rows.add(cost.clone());
            limits.add(problem.budget().total() * 100);
        }
        problem.budget().byProvider().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(cap -> {
            double[] row = new double[cost.length];
            for (int i = 0; i < vars.size(); i++) {
                for (var charge : vars.get(i).providerCharges()) {
                    if (charge.provider().equals(cap.getKey())) {
                        row[i] += charge.cents();
                    }
                }
            }
            for (int p = 0; p < pools.size(); p++) {
                if (pools.get(p).provider().equals(cap.getKey())) {
                    row[vars.size() + p] = cost[vars.size() + p];
                }
            }
            rows.add(row);
            limits.add(cap.getValue() * 100);
        });
    }

    /** Per slot, the GPUs of options that occupy it whatever their start; identical rows are kept once. */
    private static List<double[]> mandatoryRows(List<Option> vars, Offer offer, int poolVar, int n, int slots) {
        Set<Set<Integer>> seen = new LinkedHashSet<>();
        for (int s = 0; s < slots; s++) {
            Set<Integer> covering = new LinkedHashSet<>();
            for (int i = 0; i < vars.size(); i++) {
                Option o = vars.get(i);
                if (o.offer().equals(offer) && o.latestStart() <= s && s < o.earliestStart() + o.durationSlots()) {
                    covering.add(i);
                }
            }
            // Alone, an option always fits maxGpus (eligibility); on a pool it still sets a floor under r.
            if (covering.size() > 1 || covering.size() == 1 && poolVar >= 0) {
                seen.add(covering);
            }
        }
        List<double[]> out = new ArrayList<>();
        for (Set<Integer> covering : seen) {
            double[] row = new double[n];
            covering.forEach(i -> row[i] = vars.get(i).billedGpus());
            if (poolVar >= 0) {
                row[poolVar] = -1;
            }
            out.add(row);
        }
        return out;
    }
}
