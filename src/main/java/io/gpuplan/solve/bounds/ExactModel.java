package io.gpuplan.solve.bounds;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverSolutionCallback;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.solve.PlacedOption;
import io.gpuplan.solve.Stopper;
import io.gpuplan.sizing.Billing;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.ProviderCharge;
import io.gpuplan.sizing.CommittedPools;
import io.gpuplan.sizing.Reservations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * The planning problem as a CP-SAT model, exact for the sized options: per option a presence literal and an optional
 * interval over its start window (R2), at most one option per job (R23), per capped offer a cumulative of billed
 * GPUs under maxGpus (R21), per reserved offer a cumulative under the GPUs bought, a whole number of instances
 * priced level by level exactly as the plan prices them (R18), the total and per-provider budgets (R22), and R27's
 * provider overhead (opened providers, maxProviders, fixed cost, support). Its two
 * objectives are the two levels of the score: planned priority, then cost in cents.
 */
final class ExactModel {
    final CpModel model = new CpModel();
    final List<JobOptions> jobs;
    final List<List<BoolVar>> present = new ArrayList<>();
    final List<List<IntVar>> starts = new ArrayList<>();
    final Map<Offer, IntVar> instances = new LinkedHashMap<>();
    final LinearExpr plannedPriority;
    final LinearExpr cost;
    private final Problem problem;
    private long mostPools;
    /** Per reserved offer, its jobs' GPU-slots (R29's use within the horizon), free and fixed. */
    private final Map<Offer, LinearExprBuilder> usedOn = new LinkedHashMap<>();

    /** R29's rate per idle GPU-slot is written in millionths of a cent. */
    static final long STRANDED_SCALE = 1_000_000;
    /**
     * CP-SAT's linearization level for this model: 2 adds the cumulatives' and pools' linear relaxations and cuts,
     * which level 1 leaves out. On the same deterministic budgets it proved a 60-job quarter's most priority in the
     * first step (level 1: not in 30 s), raised the whole model's cost bound on 60- and 80-job quarters by 14–75 %,
     * and settled more of the exact search's re-plans (docs/benchmarks.md, issue 10's fifth session).
     */
    static final int LINEARIZATION_LEVEL = 2;

    ExactModel(Problem problem, List<JobOptions> options) {
        this(problem, options, List.of());
    }

    /**
     * CP-SAT as every solve of this model runs it: one worker (deterministic for a seed), {@link #LINEARIZATION_LEVEL},
     * {@code deterministicSeconds} of work, and {@code wallSeconds} of the clock (infinite: none).
     */
    static CpSolver cpSat(double deterministicSeconds, double wallSeconds, long seed) {
        CpSolver solver = new CpSolver();
        var parameters = solver.getParameters().setMaxDeterministicTime(Math.max(0.01, deterministicSeconds))
                .setNumWorkers(1).setRandomSeed((int) (seed & 0x7fffffff)).setLogSearchProgress(false)
                .setLinearizationLevel(LINEARIZATION_LEVEL)
                // CP-SAT's own SIGINT handler outlives the solve and aborts the process on a later Ctrl-C; gpuplan
                // stops it itself (stopSearch).
                .setCatchSigintSignal(false);
        if (Double.isFinite(wallSeconds)) {
            parameters.setMaxTimeInSeconds(Math.max(0.01, wallSeconds));
        }
        return solver;
    }

    /**
     * CP-SAT on {@code m} (reporting each plan to {@code found}, null: none) until {@code stopper} stops it too, ending
     * with its best so far; UNKNOWN when the stop came before it started (CP-SAT ignores a stop before its solve).
     */
    static CpSolverStatus solve(CpSolver solver, ExactModel m, CpSolverSolutionCallback found, Stopper stopper) {
        try (Stopper.Registration ignored = stopper.onStop(solver::stopSearch)) {
            if (stopper.stopped()) {
                return CpSolverStatus.UNKNOWN;
            }
            return found == null ? solver.solve(m.model) : solver.solve(m.model, found);
        }
    }

    /**
     * The problem with only {@code free} jobs to decide: the {@code fixed} placements of the others stay as they are,
     * taking their GPUs on each offer's slots (as fixed intervals) and their costs from the budgets.
     */
    ExactModel(Problem problem, List<JobOptions> free, List<PlacedOption> fixed) {
        this.problem = problem;
        this.jobs = free.stream().filter(jo -> !jo.options().isEmpty()).toList();
        Map<Offer, List<IntervalVar>> intervalsOn = new LinkedHashMap<>();
        Map<Offer, List<Long>> demandsOn = new LinkedHashMap<>();
        LinearExprBuilder priority = LinearExpr.newBuilder();
        LinearExprBuilder total = LinearExpr.newBuilder();
        Map<String, LinearExprBuilder> billed = new LinkedHashMap<>();
        long fixedTotal = fixedUse(fixed, intervalsOn, demandsOn, billed);
        for (JobOptions jo : jobs) {
            List<BoolVar> ps = new ArrayList<>();
            List<IntVar> ss = new ArrayList<>();
            for (Option o : jo.options()) {
                BoolVar p = model.newBoolVar(o.toString());
                IntVar s = model.newIntVar(o.earliestStart(), o.latestStart(), "s" + o);
                ps.add(p);
                ss.add(s);
                priority.addTerm(p, jo.job().priority());
                total.addTerm(p, o.totalCents());
                for (ProviderCharge c : o.providerCharges()) {
                    billed.computeIfAbsent(c.provider(), k -> LinearExpr.newBuilder()).addTerm(p, c.cents());
                }
                if (o.offer().isReserved()) {
                    // R29 by default: the pool's used GPU-slots (its jobs start within the horizon and end by it).
                    usedOn.computeIfAbsent(o.offer(), k -> LinearExpr.newBuilder())
                            .addTerm(p, (long) o.billedGpus() * o.durationSlots());
                }
                if (o.offer().limitsGpusInUse()) {
                    intervalsOn.computeIfAbsent(o.offer(), k -> new ArrayList<>())
                            .add(model.newOptionalFixedSizeIntervalVar(s, o.durationSlots(), p, "i" + o));
                    demandsOn.computeIfAbsent(o.offer(), k -> new ArrayList<>()).add((long) o.billedGpus());
                }
            }
            model.addAtMostOne(ps.toArray(new Literal[0]));
            present.add(ps);
            starts.add(ss);
        }
        intervalsOn.forEach((offer, intervals) -> {
            long[] demands = demandsOn.get(offer).stream().mapToLong(Long::longValue).toArray();
            var capacity = offer.isCommitted() ? LinearExpr.term(reservation(offer, demands, total, billed), offer.gpusPerInstance())
                    : LinearExpr.constant(offer.maxGpus());
            model.addCumulative(capacity).addDemands(intervals.toArray(new IntervalVar[0]), demands);
        });
        overheads(fixed, fixedTotal, total, billed);
        plannedPriority = priority.build();
        cost = total.build();
        if (problem.budget().total() != null) {
            model.addLessOrEqual(cost, Money.cents(problem.budget().total()) - fixedTotal);
        }
        problem.budget().byProvider().forEach((provider, cap) -> {
            LinearExprBuilder b = billed.get(provider);
            if (b != null) {
                model.addLessOrEqual(b.build(), Money.cents(cap));
            }
        });
    }

    /**
     * R27: per provider a literal "opened", implied by every option on its offers (a pool is bought only for its
     * jobs, so they open its provider too; a fixed placement opens it for good); at most maxProviders opened; an
     * opened provider's fixed cost, and its support s ≥ minimum and s ≥ round-half-up(rate × what it bills before
     * support), written for rate = num / den as {@code 2·den·s ≥ 2·num·spend − den + 1}; support counts in its cap.
     */
    private void overheads(List<PlacedOption> fixed, long fixedTotal, LinearExprBuilder total,
                           Map<String, LinearExprBuilder> billed) {
        io.gpuplan.problem.ProviderOverheads overheads = problem.overheads();
        if (!overheads.stated()) {
            return;
        }
        Map<String, List<Literal>> users = new java.util.TreeMap<>();
        java.util.Set<String> fixedOpen = new java.util.TreeSet<>();
        fixed.forEach(p -> fixedOpen.add(p.option().offer().provider()));
        for (int j = 0; j < jobs.size(); j++) {
            List<Option> os = jobs.get(j).options();
            for (int i = 0; i < os.size(); i++) {
                users.computeIfAbsent(os.get(i).offer().provider(), k -> new ArrayList<>()).add(present.get(j).get(i));
            }
        }
        java.util.Set<String> providers = new java.util.TreeSet<>(users.keySet());
        providers.addAll(fixedOpen);
        LinearExprBuilder opened = LinearExpr.newBuilder();
        long spendBound = mostCost() + fixedTotal;
        for (String provider : providers) {
            BoolVar open = model.newBoolVar("open " + provider);
            if (fixedOpen.contains(provider)) {
                model.addEquality(open, 1);
            }
            for (Literal l : users.getOrDefault(provider, List.of())) {
                model.addImplication(l, open);
            }
            opened.add(open);
            io.gpuplan.problem.ProviderOverhead o = overheads.byProvider().get(provider);
            if (o == null) {
                continue;
            }
            total.addTerm(open, o.fixedCents());
            long minimum = o.supportMinimumCents(problem.horizon());
            // The rate as a fraction num / den, taken down to 9 decimals: a rate written with more (1e-300) would not
            // fit a long; rounded down, the model charges at most the rule's support, so its bounds stay valid (and its
            // plans are judged by the rules).
            java.math.BigDecimal rate = java.math.BigDecimal.valueOf(o.supportRate())
                    .setScale(9, java.math.RoundingMode.FLOOR).stripTrailingZeros();
            long den = rate.scale() <= 0 ? 1 : java.math.BigInteger.TEN.pow(rate.scale()).longValueExact();
            long num = rate.scale() <= 0 ? rate.longValueExact() : rate.unscaledValue().longValueExact();
            IntVar support = model.newIntVar(0, minimum + spendBound + 1, "support " + provider);
            model.addGreaterOrEqual(support, minimum).onlyEnforceIf(open);
            LinearExprBuilder share = LinearExpr.newBuilder().addTerm(support, 2 * den);
            LinearExprBuilder spend = billed.get(provider);
            if (spend != null && num != 0) {
                share.addTerm(spend.build(), -2 * num);
            }
            model.addGreaterOrEqual(share.build(), 1 - den).onlyEnforceIf(open);
            total.add(support);
            billed.computeIfAbsent(provider, k -> LinearExpr.newBuilder()).add(support);
            mostPools += o.fixedCents() + minimum + spendBound + 1;
        }
        if (overheads.maxProviders() != null) {
            model.addLessOrEqual(opened.build(), overheads.maxProviders());
        }
    }

    /**
     * The fixed placements' share: their GPUs as fixed intervals, one per run of equal use on each offer, and what
     * they bill each provider as a constant term. Returns their cost (reservations aside: the model prices pools).
     */
    private long fixedUse(List<PlacedOption> fixed, Map<Offer, List<IntervalVar>> intervalsOn, Map<Offer, List<Long>> demandsOn,
                          Map<String, LinearExprBuilder> billed) {
        long total = 0;
        Map<Offer, int[]> use = new LinkedHashMap<>();
        java.util.Set<Offer> relevant = new java.util.HashSet<>();
        jobs.forEach(jo -> jo.options().forEach(o -> relevant.add(o.offer())));
        for (PlacedOption p : fixed) {
            Option o = p.option();
            total += o.totalCents();
            for (ProviderCharge c : o.providerCharges()) {
                billed.computeIfAbsent(c.provider(), k -> LinearExpr.newBuilder()).add(c.cents());
            }
            if (o.offer().isReserved()) {
                int from = Math.max(0, p.start());
                int to = Math.min(problem.horizon().slots(), p.start() + o.durationSlots());
                usedOn.computeIfAbsent(o.offer(), k -> LinearExpr.newBuilder()).add((long) o.billedGpus() * Math.max(0, to - from));
            }
            if (o.offer().isCommitted() && !relevant.contains(o.offer())) {
                // A pool only fixed jobs use keeps its level: its cost is a constant of the budgets.
                relevant.add(o.offer());
            }
            if (o.offer().limitsGpusInUse() && relevant.contains(o.offer())) {
                int[] u = use.computeIfAbsent(o.offer(), k -> new int[problem.horizon().slots()]);
                for (int t = p.start(); t < p.start() + o.durationSlots(); t++) {
                    u[t] += o.billedGpus();
                }
            }
        }
        use.forEach((offer, u) -> {
            for (int t = 0; t < u.length; ) {
                int from = t;
                while (t < u.length && u[t] == u[from]) {
                    t++;
                }
                if (u[from] > 0) {
                    intervalsOn.computeIfAbsent(offer, k -> new ArrayList<>()).add(model.newFixedInterval(from, t - from, "fixed"));
                    demandsOn.computeIfAbsent(offer, k -> new ArrayList<>()).add((long) u[from]);
                }
            }
        });
        return total;
    }

    /**
     * Instances bought on a reserved offer and their R18 and R29 cost, priced level by level as the plan prices them (each
     * level's cost rounded to the cent on its own: an element of a table, with a line under it for the LP).
     */
    private IntVar reservation(Offer offer, long[] demands, LinearExprBuilder total, Map<String, LinearExprBuilder> billed) {
        int per = offer.gpusPerInstance();
        long demand = 0;
        for (long d : demands) {
            demand += d;
        }
        int levels = (int) Math.min(offer.isCapped() ? offer.maxGpus() / per : Long.MAX_VALUE, (demand + per - 1) / per);
        long[] cents = new long[levels + 1];
        long slope = Long.MAX_VALUE;
        for (int n = 0; n <= levels; n++) {
            // R18 (or R28's depreciation and operations), and R29 when u is stated: a figure of the level alone, the plan's own.
            cents[n] = CommittedPools.horizonCents(offer, n * per, problem.horizon())
                    + (offer.isReserved() && offer.expectedUse() != null ? Reservations.strandedCents(offer, n * per, 0, problem.horizon()) : 0);
            if (n > 0) {
                slope = Math.min(slope, cents[n] / n);
            }
        }
        IntVar n = model.newIntVar(0, levels, "n" + offer.id());
        IntVar c = model.newIntVar(0, cents[levels], "c" + offer.id());
        model.addElement(n, cents, c);
        model.addGreaterOrEqual(LinearExpr.newBuilder().add(c).addTerm(n, levels == 0 ? 0 : -slope).build(), 0);
        total.add(c);
        billed.computeIfAbsent(offer.provider(), k -> LinearExpr.newBuilder()).add(c);
        instances.put(offer, n);
        mostPools += cents[levels];
        strandedByDefault(offer, n, levels, total, billed);
        return n;
    }

    /**
     * R29 with u by default: the rule's cents are {@code round½↑(a × idle)} for the idle GPU-slots {@code idle = n × per
     * × slots − used} (never below 0: the cumulative keeps use within the GPUs bought) at {@code a = pastHours × price
     * × 100 / slots} per idle GPU-slot. Written linearly as {@code s ≥ A × idle / M − ½} with {@code A = ⌊a × M⌋}: never
     * above the rule's figure, at most a cent below it (the certificate's slack counts that cent), and light for CP-SAT
     * where a table of every idle count was not (S quarters went unproven with one).
     */
    private void strandedByDefault(Offer offer, IntVar n, int levels, LinearExprBuilder total, Map<String, LinearExprBuilder> billed) {
        int slots = problem.horizon().slots();
        long most = (long) levels * offer.gpusPerInstance() * slots;
        double perIdle = Reservations.strandedCentsPerIdleGpuSlot(offer, problem.horizon());
        if (perIdle == 0 || most == 0) {
            return;
        }
        long mostCents = Reservations.strandedCents(offer, levels * offer.gpusPerInstance(), 0, problem.horizon());
        long perIdleScaled = (long) Math.floor(perIdle * STRANDED_SCALE * (1 - 1e-12));
        IntVar idle = model.newIntVar(0, most, "idle" + offer.id());
        LinearExprBuilder used = usedOn.getOrDefault(offer, LinearExpr.newBuilder());
        // idle + used = n × per × slots
        model.addEquality(LinearExpr.newBuilder().add(idle).add(used.build()).addTerm(n, -(long) offer.gpusPerInstance() * slots).build(), 0);
        IntVar s = model.newIntVar(0, mostCents, "stranded" + offer.id());
        // 2 × M × s ≥ 2 × A × idle − M
        model.addGreaterOrEqual(LinearExpr.newBuilder().addTerm(s, 2 * STRANDED_SCALE).addTerm(idle, -2 * perIdleScaled).build(),
                -STRANDED_SCALE);
        total.add(s);
        billed.computeIfAbsent(offer.provider(), k -> LinearExpr.newBuilder()).add(s);
        mostPools += mostCents;
    }

    /** Asks CP-SAT to start from a plan: its placements, and the instances its pools need. */
    void hint(Decisions plan) {
        model.clearHints();
        Map<String, Placement> byJob = new LinkedHashMap<>();
        plan.placements().forEach(p -> byJob.put(p.job(), p));
        for (int j = 0; j < jobs.size(); j++) {
            Placement p = byJob.get(jobs.get(j).job().id());
            List<Option> os = jobs.get(j).options();
            for (int i = 0; i < os.size(); i++) {
                boolean here = p != null && os.get(i).offer().id().equals(p.offer()) && os.get(i).gpus() == p.gpus();
                model.addHint(present.get(j).get(i), here);
                model.addHint(starts.get(j).get(i), here ? p.startSlot() : os.get(i).earliestStart());
            }
        }
        instances.forEach((offer, n) -> model.addHint(n,
                Billing.instances(plan.reservations().getOrDefault(offer.id(), 0), offer.gpusPerInstance())));
    }

    /** The plan of a CP-SAT solution: present options at their starts, pools at their peaks. */
    Decisions decisions(CpSolver solver) {
        return PlacedOption.decisions(problem, placed(solver));
    }

    /** Whether CP-SAT ended with a plan (proven optimal or not). */
    static boolean found(CpSolverStatus status) {
        return status == CpSolverStatus.OPTIMAL || status == CpSolverStatus.FEASIBLE;
    }

    /** CP-SAT's bound on the priority it maximized: the optimum it proved, else its best bound down to a whole priority. */
    static long priorityBound(CpSolver solver, boolean optimal) {
        return optimal ? Math.round(solver.objectiveValue()) : Certifier.floorUp(solver.bestObjectiveBound());
    }

    /** CP-SAT's bound on the cost it minimized: the optimum it proved, else its best bound rounded up to a cent. */
    static long costBound(CpSolver solver, boolean optimal) {
        return optimal ? Math.round(solver.objectiveValue()) : (long) Math.ceil(solver.bestObjectiveBound() - 1e-6);
    }

    /** The plan of a solution CP-SAT reports while it searches. */
    Decisions decisions(CpSolverSolutionCallback found) {
        return PlacedOption.decisions(problem, placed(found::booleanValue, found::value));
    }

    /** The options a CP-SAT solution takes, at their starts. */
    List<PlacedOption> placed(CpSolver solver) {
        return placed(solver::booleanValue, solver::value);
    }

    private List<PlacedOption> placed(Predicate<Literal> present, ToLongFunction<IntVar> value) {
        List<PlacedOption> placed = new ArrayList<>();
        for (int j = 0; j < jobs.size(); j++) {
            List<Option> os = jobs.get(j).options();
            for (int i = 0; i < os.size(); i++) {
                if (present.test(this.present.get(j).get(i))) {
                    placed.add(new PlacedOption(os.get(i), (int) value.applyAsLong(starts.get(j).get(i))));
                }
            }
        }
        return placed;
    }

    /** The most the cost expression can be: every job at its dearest option, every pool at its top level. */
    long mostCost() {
        long most = mostPools;
        for (JobOptions jo : jobs) {
            most += jo.options().stream().mapToLong(Option::totalCents).max().orElse(0);
        }
        return most;
    }


}
