package io.gpuplan.solve.bounds;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.Option;
import io.gpuplan.solve.PlacedOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A linear relaxation of the planning problem, kept sparse: columns that place one job (at most one per job is
 * taken), columns that buy reserved instances, and coupling rows {@code A x <= b} (capacity per offer and slot or
 * over the horizon, R21; budgets, R22). Costs are in cents, exactly as the plan prices each job's option; a pool
 * column costs its unrounded price per instance for the horizon (and R29's part past it), so a plan's cost and the
 * relaxation's differ by less than a cent per pool (the plan rounds each of a pool's two lines on its own).
 *
 * <p>What makes a bound from it safe is {@link #costBound} and {@link #priorityBound}: for any multipliers
 * {@code v >= 0} of the coupling rows they give the Lagrangian value, which no plan can beat (weak duality), computed
 * here with plain loops. An LP solver only supplies good multipliers; its own claimed optimum is never used.
 *
 * @param jobFirst  columns of job j are {@code jobFirst[j] .. jobFirst[j + 1] - 1}
 * @param option    per job column, the option it places (null for pool columns)
 * @param start     per job column, its start slot (time-indexed), or -1 for any start in its window
 * @param entryFirst entries of column c are {@code entryFirst[c] .. entryFirst[c + 1] - 1}, pool columns after the
 *                  job columns
 * @param poolOffer per pool column, its reserved offer
 * @param poolLimit per pool column, the most instances it may buy
 */
record Relaxation(int jobs, int[] jobFirst, long[] priority, Option[] option, int[] start, double[] cost,
                  int[] entryFirst, int[] entryRow, double[] entryCoef, Offer[] poolOffer, double[] poolLimit,
                  double[] rhs, boolean[] budgetRow, String kind) {

    /** A column value below this is a solver's zero. */
    private static final double VALUE_EPSILON = 1e-6;

    int jobColumns() {
        return jobFirst[jobs];
    }

    int columns() {
        return cost.length;
    }

    int rows() {
        return rhs.length;
    }

    int pools() {
        return columns() - jobColumns();
    }

    /** {@code v·A_c}: what column c uses of the rows, priced at the multipliers. */
    double priced(int c, double[] v) {
        double sum = 0;
        for (int e = entryFirst[c]; e < entryFirst[c + 1]; e++) {
            sum += v[entryRow[e]] * entryCoef[e];
        }
        return sum;
    }

    private double vb(double[] v) {
        double sum = 0;
        for (int r = 0; r < rhs.length; r++) {
            sum += v[r] * rhs[r];
        }
        return sum;
    }

    /**
     * A lower bound on the cost of any plan that runs at least {@code level} priority: the Lagrangian
     * {@code sum_j min(0, min_c (cost_c + v·A_c - w·priority_j)) + sum_pools min(0, cost_p + v·A_p)·limit_p + w·level
     * - v·b}, valid for every {@code v >= 0, w >= 0}. Negative infinity when an unlimited pool would be free.
     */
    double costBound(double[] v, double w, long level) {
        return costBound(v, w, level, null);
    }

    /**
     * {@link #costBound}, and where {@code use} is not null (length {@code rows() + 1}, zeroed by the caller) what a
     * minimizer {@code x} of the Lagrangian takes: {@code A x} per row, then the priority it runs. That is the
     * Lagrangian's subgradient, which {@link LagrangianAscent} climbs along.
     */
    double costBound(double[] v, double w, long level, double[] use) {
        double sum = 0;
        for (int j = 0; j < jobs; j++) {
            double best = 0; // leaving the job out
            int taken = -1;
            for (int c = jobFirst[j]; c < jobFirst[j + 1]; c++) {
                double reduced = cost[c] + priced(c, v) - w * priority[j];
                if (reduced < best) {
                    best = reduced;
                    taken = c;
                }
            }
            sum += best;
            if (use != null && taken >= 0) {
                addUse(taken, 1, use);
                use[rhs.length] += priority[j];
            }
        }
        for (int c = jobColumns(); c < columns(); c++) {
            double reduced = cost[c] + priced(c, v);
            if (reduced < 0) {
                if (Double.isInfinite(poolLimit[c - jobColumns()])) {
                    return Double.NEGATIVE_INFINITY;
                }
                sum += reduced * poolLimit[c - jobColumns()];
                if (use != null) {
                    addUse(c, poolLimit[c - jobColumns()], use);
                }
            }
        }
        return sum + w * level - vb(v);
    }

    private void addUse(int c, double times, double[] use) {
        for (int e = entryFirst[c]; e < entryFirst[c + 1]; e++) {
            use[entryRow[e]] += times * entryCoef[e];
        }
    }

    /**
     * An upper bound on the priority any plan runs: {@code sum_j max(0, max_c (priority_j - v·A_c)) + sum_pools
     * max(0, -v·A_p)·limit_p + v·b}, valid for every {@code v >= 0}. Infinity when an unlimited pool would pay.
     */
    double priorityBound(double[] v) {
        double sum = 0;
        for (int j = 0; j < jobs; j++) {
            double best = 0;
            for (int c = jobFirst[j]; c < jobFirst[j + 1]; c++) {
                best = Math.max(best, priority[j] - priced(c, v));
            }
            sum += best;
        }
        for (int c = jobColumns(); c < columns(); c++) {
            double gain = -priced(c, v);
            if (gain > 0) {
                if (Double.isInfinite(poolLimit[c - jobColumns()])) {
                    return Double.POSITIVE_INFINITY;
                }
                sum += gain * poolLimit[c - jobColumns()];
            }
        }
        return sum + vb(v);
    }

    /**
     * Multipliers that need no LP: each pool's GPU-slot rows at what the pool charges for them (so buying it gains
     * nothing), the other rows 0. With {@link #levelMultiplier} they give {@link #costBound} a bound weaker than the
     * LP's where capacity or budgets bind, in one pass over the columns; where the LP is too large to solve in time
     * {@link LagrangianAscent} climbs from them.
     */
    double[] poolPrices() {
        double[] v = new double[rows()];
        for (int c = jobColumns(); c < columns(); c++) {
            // The pool's GPU-slot rows: its largest entries (the horizon row, aggregated; every slot's, time-indexed).
            double most = 0;
            int priced = 0;
            for (int e = entryFirst[c]; e < entryFirst[c + 1]; e++) {
                double coef = budgetRow[entryRow[e]] ? 0 : entryCoef[e];
                priced = coef < most ? 1 : coef == most && coef < 0 ? priced + 1 : priced;
                most = Math.min(most, coef);
            }
            // A hair under the pool's price, so rounding cannot make buying it look free.
            double price = priced == 0 ? 0 : cost[c] / (-most * priced) * (1 - 1e-12);
            for (int e = entryFirst[c]; e < entryFirst[c + 1]; e++) {
                if (!budgetRow[entryRow[e]] && entryCoef[e] == most) {
                    v[entryRow[e]] = price;
                }
            }
        }
        return v;
    }

    /**
     * The level's multiplier best for row multipliers {@code v}: each job's cheapest placement at them, and {@code w}
     * where the jobs cheapest per priority reach the level (a fractional knapsack).
     */
    double levelMultiplier(double[] v, long level) {
        Integer[] order = new Integer[jobs];
        double[] cheapest = new double[jobs];
        for (int j = 0; j < jobs; j++) {
            order[j] = j;
            cheapest[j] = Double.POSITIVE_INFINITY;
            for (int c = jobFirst[j]; c < jobFirst[j + 1]; c++) {
                cheapest[j] = Math.min(cheapest[j], cost[c] + priced(c, v));
            }
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingDouble(j -> priority[j] > 0 ? cheapest[j] / priority[j] : Double.POSITIVE_INFINITY));
        double w = 0;
        long reached = 0;
        for (int j : order) {
            if (reached >= level || priority[j] == 0 || Double.isInfinite(cheapest[j])) {
                break;
            }
            w = cheapest[j] / priority[j];
            reached += priority[j];
        }
        return w;
    }

    /** The same relaxation with other limits on the pools' instances. */
    Relaxation withPoolLimits(double[] limits) {
        return new Relaxation(jobs, jobFirst, priority, option, start, cost, entryFirst, entryRow, entryCoef, poolOffer,
                limits, rhs, budgetRow, kind);
    }

    /** The same relaxation with only the job columns marked in {@code keep} (all pool columns stay). */
    Relaxation restrictedTo(boolean[] keep) {
        int kept = 0;
        int keptEntries = 0;
        for (int c = 0; c < columns(); c++) {
            if (c >= jobColumns() || keep[c]) {
                kept++;
                keptEntries += entryFirst[c + 1] - entryFirst[c];
            }
        }
        int[] first = new int[jobs + 1];
        Option[] opt = new Option[kept - pools()];
        int[] st = new int[kept - pools()];
        double[] cs = new double[kept];
        int[] ef = new int[kept + 1];
        int[] er = new int[keptEntries];
        double[] ec = new double[keptEntries];
        int n = 0;
        int e = 0;
        int j = 0;
        for (int c = 0; c < columns(); c++) {
            while (j < jobs && jobFirst[j + 1] <= c) {
                first[++j] = n;
            }
            if (c < jobColumns() && !keep[c]) {
                continue;
            }
            if (c < jobColumns()) {
                opt[n] = option[c];
                st[n] = start[c];
            }
            cs[n] = cost[c];
            ef[n] = e;
            for (int k = entryFirst[c]; k < entryFirst[c + 1]; k++) {
                er[e] = entryRow[k];
                ec[e++] = entryCoef[k];
            }
            n++;
        }
        while (j < jobs) {
            first[++j] = n - pools();
        }
        ef[n] = e;
        return new Relaxation(jobs, first, priority, opt, st, cs, ef, er, ec, poolOffer, poolLimit, rhs, budgetRow, kind);
    }

    /**
     * A plan as a hint for a solver: per job column 1 where the plan places its job (its option, at its start where
     * the column has one), 0 on the job's other columns, NaN on every column of a job the plan places on no column
     * here (an option left out as dominated): the solver completes those.
     */
    double[] hint(Decisions plan) {
        Map<String, Placement> placed = new HashMap<>();
        plan.placements().forEach(p -> placed.put(p.job(), p));
        double[] hint = new double[jobColumns()];
        for (int j = 0; j < jobs; j++) {
            Placement p = placed.get(option[jobFirst[j]].job().id());
            int on = -1;
            for (int c = jobFirst[j]; c < jobFirst[j + 1] && p != null; c++) {
                if (option[c].offer().id().equals(p.offer()) && option[c].gpus() == p.gpus()
                        && (start[c] < 0 || start[c] == p.startSlot())) {
                    on = c;
                }
            }
            for (int c = jobFirst[j]; c < jobFirst[j + 1]; c++) {
                hint[c] = p != null && on < 0 ? Double.NaN : c == on ? 1 : 0;
            }
        }
        return hint;
    }

    /**
     * What a fractional plan leans to, per job with a value: its columns with one, largest first; the jobs by priority,
     * then the surest (largest value) first, as a greedy that follows it places them ({@code WarmStart.guided}).
     */
    List<List<PlacedOption>> leaning(double[] values) {
        record Leaning(long priority, List<Integer> columns) {
        }
        List<Leaning> byJob = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            List<Integer> columns = new ArrayList<>();
            for (int c = jobFirst[j]; c < jobFirst[j + 1]; c++) {
                if (values[c] > VALUE_EPSILON) {
                    columns.add(c);
                }
            }
            columns.sort(Comparator.comparingDouble((Integer c) -> -values[c]));
            if (!columns.isEmpty()) {
                byJob.add(new Leaning(priority[j], columns));
            }
        }
        byJob.sort(Comparator.comparingLong((Leaning l) -> -l.priority()).thenComparingDouble(l -> -values[l.columns().get(0)]));
        return byJob.stream().map(l -> l.columns().stream().map(c -> new PlacedOption(option[c], start[c])).toList()).toList();
    }

    /** The plan of a solver's integer values: each job column at 1 placed, each pool bought at its jobs' peak. */
    Decisions plan(Problem problem, double[] values) {
        List<PlacedOption> placed = new ArrayList<>();
        for (int c = 0; c < jobColumns(); c++) {
            if (values[c] > 0.5) {
                placed.add(new PlacedOption(option[c], start[c] < 0 ? option[c].earliestStart() : start[c]));
            }
        }
        return PlacedOption.decisions(problem, placed);
    }
}
