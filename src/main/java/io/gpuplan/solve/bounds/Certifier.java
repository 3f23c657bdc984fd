package io.gpuplan.solve.bounds;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.solve.ExactPlans;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.WarmStart;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.CpSolverSolutionCallback;
import io.gpuplan.solve.bounds.LinearSolve.Objective;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Proves what it can about a problem, level by level as the score orders plans (R23): how much priority any plan
 * can run at most, and how little a plan running a given priority can cost. Bounds come from the linear relaxation
 * (GLOP), certified by the Lagrangian of its multipliers ({@link Relaxation}), and, where the problem is small
 * enough, from CP-SAT on the exact model ({@link ExactModel}), which may prove both levels optimal and find a plan.
 * Both run on deterministic budgets, so the same problem and limits give the same certificate.
 *
 * <p>Used in three steps: {@link #mostPriority} before local search, {@link #run} while it runs (in parts:
 * {@link #priorityBound}, {@link #mostPriorityAgain}, then {@link #costBounds} beside the exact search, which adds its
 * bounds through {@link #exactSearchBound}), then {@link #certificate} for the plan the solve ends with.
 */
public final class Certifier {
    private static final Logger LOG = LoggerFactory.getLogger(Certifier.class);
    /**
     * The share of CP-SAT's deterministic budget its first level (the most priority) gets, before local search. Two
     * fifths proved the most priority there on all eleven 60- and 80-job runs tried, where one fifth left S60 seed 3's
     * (123 unplanned) unproven on four solver seeds of six, to be found 14–19 s later (docs/benchmarks.md).
     */
    static final double PRIORITY_SHARE = 0.4;
    /**
     * How many times the LP's cost bound the start plan must cost for a clock-stopped solve to post the greedy plan
     * that follows the LP's ({@link #postGuided}). Far above the bound, the search gains from the LP's neighbourhood
     * (60 x 24 seed 8, 2.45 times: 30-s solves 4.49 -> 0.68 % above the optimum on average); near it, the search's own
     * plans end cheaper (two quarters at 1.16 and 1.28 times: all four 30-s solves 0.5-0.8 % dearer when the greedy's
     * plan was taken up; docs/benchmarks.md, issue 10's thirty-third session).
     */
    static final double FOLLOW_LP_ABOVE = 2;
    /** Above this many options CP-SAT is not tried (its bounds there are weaker than the LP's). */
    static final int MAX_EXACT_OPTIONS = 4_000;
    /**
     * Options up to which CP-SAT gets the whole {@code --exact-effort} per level and is asked for the cheapest plan too.
     * A deterministic second of CP-SAT takes longer on a larger model: on 100- and 120-job quarters of 2,200–3,700
     * options the default solve took 61–95 s, past the 60-s cap (the clock cut it, so it did not repeat), and the
     * cheapest plan's CP-SAT (20 s of it) gave neither the certificate's bound (the LP's was higher, or CP-SAT's was for
     * less priority than the plan ran) nor a plan the search took. With the effort in proportion above it
     * ({@link #effortFor}) and no cheapest plan, they took 17–52 s, at the same or a better plan. Every 60- and 80-job
     * quarter measured has 670–1,980 options: unchanged (docs/benchmarks.md, issue 10's eleventh session).
     */
    public static final int FULL_EFFORT_OPTIONS = 2_000;
    /**
     * Above this many columns GLOP is given the priority LP by {@link ColumnGeneration} and the cost bound comes from
     * {@link LagrangianAscent} (at L, 2,000 jobs on 400 offers make about a million; GLOP takes minutes on one level
     * whole).
     */
    static final int MAX_LP_COLUMNS = 250_000;
    /**
     * Options up to which CP-SAT checks that no plan runs more priority than the best found ({@link #noMorePriority})
     * where its most priority is not tried (above {@link #MAX_EXACT_OPTIONS}; 200-job quarters have 13,000–15,000).
     */
    static final int MAX_CHECK_OPTIONS = 40_000;
    /**
     * That check's deterministic time in all, as a multiple of {@code --exact-effort} (not scaled down with the model,
     * as the effort per level is: {@link #effortFor}). On a 200-job quarter whose LP bounds the unplanned priority at
     * 201 where the plans leave 203 out, CP-SAT proved that none leaves 202 in 3.5-5.9 deterministic s on three seeds
     * of four (8-20 s on a core); asked for a plan leaving 203 from none, it found none in 30 (docs/benchmarks.md, issue
     * 10's thirty-first session): the check proves or gives up.
     */
    public static final double CHECK_SHARE = 1;

    /** A cost bound valid for plans running at least {@code level} priority, and what proved it. */
    record LevelBound(long level, long cents, String by) {
    }

    /**
     * @param exactSeconds CP-SAT's deterministic time per level (about a second of work each; 0: not run): what
     *                     makes a run repeatable. The priority level gets two fifths of it before local search and, if
     *                     that leaves it unproven, the whole of it once more beside local search
     * @param timeCap      wall-clock cap on all solver calls together, from the certifier's creation, behind it
     * @param checkSeconds CP-SAT's deterministic time for {@link #noMorePriority}, in all
     */
    public record Limits(double exactSeconds, Duration timeCap, long seed, double checkSeconds) {
        /** With the check on {@link #CHECK_SHARE} times {@code exactSeconds}. */
        public Limits(double exactSeconds, Duration timeCap, long seed) {
            this(exactSeconds, timeCap, seed, CHECK_SHARE * exactSeconds);
        }
    }

    private final Problem problem;
    private final List<JobOptions> options;
    /** The options of all jobs: the exact model's size. */
    private final int optionCount;
    private final Stopper stopper;
    private Relaxation relaxation;
    /** The priority of every job, and of the jobs that have an option (no plan runs more). */
    private final long allPriority;
    private final long plannable;
    private final Limits limits;
    private final long deadline;
    // What run() found.
    private volatile long priorityBound;
    private String priorityBy;
    private Decisions exactPlan;
    private String exactPlanBy;
    private static final String MOST_PRIORITY_PLAN = "CP-SAT's plan of the most priority";
    private ExactModel exact;
    /** What is left of step 1 once one run goes on beside local search (null: nothing). */
    private Runnable stepOneLeft;
    private Decisions priorityHint;
    /** The seed of the step-1 run whose plan was taken: the second try goes on the way that run went. */
    private long prioritySeed;
    private long exactLevel = -1;
    private volatile Decisions mostPriorityPlan;
    private volatile long exactPriorityBound = -1;
    private boolean exactPriorityOptimal;
    private long exactCostBound = -1;
    /** Added to by the exact search beside {@link #costBounds}. */
    private final List<LevelBound> costBounds = new CopyOnWriteArrayList<>();
    /** The levels {@link #costBoundAt} has bounded. */
    private final Set<Long> lpLevels = new HashSet<>();
    private boolean lpTooLarge;
    private String note = "";
    private ExactPlans exchange;
    /** The plan local search starts from: its cost is the target {@link LagrangianAscent} climbs towards. */
    private Decisions start;
    private double startCents = -1;

    /** CP-SAT's effort per level for a model of {@code options} options, from {@code effort} (--exact-effort). */
    public static double effortFor(double effort, int options) {
        return options <= FULL_EFFORT_OPTIONS ? effort : effort * FULL_EFFORT_OPTIONS / options;
    }

    /** @param stopper stops the solvers (Ctrl-C); what they proved by then is kept */
    public Certifier(Problem problem, List<JobOptions> options, Limits limits, Stopper stopper) {
        LinearSolve.load();
        this.problem = problem;
        this.options = options;
        this.optionCount = JobOptions.count(options);
        this.limits = limits;
        this.stopper = stopper;
        this.deadline = System.nanoTime() + limits.timeCap().toNanos();
        this.allPriority = problem.jobs().stream().mapToLong(Job::priority).sum();
        this.plannable = options.stream().filter(jo -> !jo.options().isEmpty()).mapToLong(jo -> jo.job().priority()).sum();
    }

    /**
     * Step 1, before local search: CP-SAT's plan of the most priority (starting from {@code start}), on two fifths of
     * the deterministic budget, in two runs at once ({@link StepOne}), or null where CP-SAT is not run or finds none.
     * Local search starts from it when it beats the warm start: the priority level is where CP-SAT is strongest and
     * local search most easily stuck.
     */
    public Decisions mostPriority(Decisions start) {
        return mostPriority(start, null, 0);
    }

    /**
     * {@link #mostPriority(Decisions)} in a clock-stopped solve: at {@code cap} (System.nanoTime), the run that has
     * found less priority stops and the other goes on beside local search, which starts from the most priority found
     * by then; each plan of more priority it finds goes to {@code exchange}, and {@link #priorityBound} waits for it.
     * Step 1's budget is deterministic: on a slower machine it took two thirds of a 30-s solve of an 80-job quarter,
     * with local search not yet started (docs/benchmarks.md, issue 10, thirty-seventh session).
     */
    public Decisions mostPriority(Decisions start, ExactPlans exchange, long cap) {
        if (limits.exactSeconds() <= 0) {
            note = "CP-SAT not run: switched off";
            return null;
        }
        if (optionCount > MAX_EXACT_OPTIONS) {
            note = "CP-SAT not run: " + optionCount + " options, more than the " + MAX_EXACT_OPTIONS + " it is tried on";
            return null;
        }
        priorityHint = start;
        exact = priorityModel(start);
        double budget = limits.exactSeconds() * PRIORITY_SHARE;
        StepOne.Running running = StepOne.start(exact, cpSat(budget, limits.seed()), priorityModel(start),
                cpSat(budget, limits.seed() + 1), stopper);
        if (exchange == null || running.endsWithin(cap - System.nanoTime())) {
            return tookStepOne(running.join());
        }
        Decisions soFar = running.goOnAlone(plan -> exchange.postFromCertificate(ExactPlans.Found.of(problem, plan)));
        // Once local search runs every job that has an option, no plan runs more.
        Stopper.Registration reached = exchange.whenLocalLeavesOut(allPriority - plannable, running::stop);
        stepOneLeft = () -> {
            try (reached) {
                tookStepOne(running.join());
            }
        };
        LOG.debug("step 1: past its cap, one run goes on beside local search");
        return soFar;
    }

    /** As if step 1 had ended with {@code one} (tests: what follows step 1, without its search). */
    void stepOneEnded(StepOne one) {
        exact = priorityModel(null);
        tookStepOne(one);
    }

    /** Takes step 1's result (null: neither run found a plan); returns its plan. */
    private Decisions tookStepOne(StepOne one) {
        if (one == null) {
            exact = null;
            note = stopper.stopped() ? "CP-SAT stopped before it found a plan" : "CP-SAT found no plan";
            return null;
        }
        exactLevel = one.level();
        prioritySeed = limits.seed() + (one.second() ? 1 : 0);
        exactPriorityBound = one.bound();
        exactPriorityOptimal = exactPriorityBound <= exactLevel;
        exactPlan = one.plan();
        exactPlanBy = MOST_PRIORITY_PLAN;
        note = "CP-SAT: priority " + (exactPriorityOptimal ? "optimal" : "not proven");
        LOG.debug("step 1: CP-SAT's most priority {} ({}), bound {}", exactLevel, one.by(), exactPriorityBound);
        return exactPlan;
    }

    /** The exact model, hinted with {@code start} where there is one, maximizing planned priority. */
    private ExactModel priorityModel(Decisions start) {
        ExactModel m = new ExactModel(problem, options);
        if (start != null) {
            m.hint(start);
        }
        m.model.maximize(m.plannedPriority);
        return m;
    }

    /**
     * Step 2, beside local search: the LP's bound on priority; CP-SAT's most priority once more, on the level's whole
     * budget, when step 1 left it unproven; the LP's cost bounds at the priority bound and at {@code startPriority}
     * (what local search starts from: it ends with no less); CP-SAT's cheapest plan at the priority it found.
     *
     * @param exchange a time-limited solve's exchange (null: none), where the plans CP-SAT finds here are posted as
     *                 it finds them, for local search and the exact search beside it (whose re-plans of every job, where
     *                 CP-SAT can, report their bounds to {@link #exactSearchBound})
     */
    public void run(Decisions start, long startPriority, ExactPlans exchange) {
        priorityBound(start, startPriority, exchange);
        mostPriorityAgain();
        costBounds(startPriority);
    }

    /** The first part of {@link #run}: the LP's bound on priority (what the exact search may start after). */
    public void priorityBound(Decisions start, long startPriority, ExactPlans exchange) {
        this.exchange = exchange;
        if (stepOneLeft != null) {
            stepOneLeft.run();
            stepOneLeft = null;
            if (exactPlan != null && exactLevel > startPriority) {
                // Local search started from less: the bounds go on from step 1's plan, as they do when it ends in time.
                start = exactPlan;
                startPriority = exactLevel;
                post();
            }
        }
        this.start = start;
        relaxation = Relaxations.timeIndexedEntries(options) <= Relaxations.MAX_TIME_INDEXED_ENTRIES
                ? Relaxations.timeIndexed(problem, options) : Relaxations.aggregated(problem, options);
        lpTooLarge = relaxation.columns() > MAX_LP_COLUMNS;
        if (startPriority >= plannable) {
            priorityBound = plannable;
            priorityBy = "the start plan, which runs every job that has an option";
        } else {
            double[] v = lpTooLarge
                    ? ColumnGeneration.from(relaxation, start).solve(seconds(), stopper).multipliers()
                    : LinearSolve.solve(relaxation, Objective.PRIORITY, 0, false, seconds(), null, stopper).multipliers();
            priorityBound = Math.min(plannable, floorUp(relaxation.priorityBound(v)));
            priorityBy = lpName() + ", certified by its Lagrangian";
        }
        LOG.debug("step 2: LP's priority bound {}", priorityBound);
    }

    /**
     * The second part of {@link #run}, after {@link #priorityBound}: CP-SAT's most priority once more where step 1 left
     * it short of the LP's bound and unproven. Its plan is then {@link #mostPriorityPlan}.
     */
    public void mostPriorityAgain() {
        if (exact != null && !exactPriorityOptimal && exactLevel < priorityBound && !stopper.stopped()) {
            morePriority();
        }
        if (exactPriorityBound >= 0 && exactPriorityBound < priorityBound) {
            priorityBound = exactPriorityBound;
            priorityBy = "CP-SAT" + (exactPriorityOptimal ? ", optimal" : "'s bound");
        }
        mostPriorityPlan = exactPlan;
    }

    /**
     * The last part of {@link #run}, after {@link #mostPriorityAgain}: the cost bounds and, in a move-limited solve,
     * CP-SAT's cheapest plan (on models of at most {@link #FULL_EFFORT_OPTIONS} options).
     */
    public void costBounds(long startPriority) {
        // The LP first: a second or so on quarters small enough for CP-SAT, whose cheapest plan may then take all
        // that is left of the time cap.
        costBoundAt(priorityBound);
        if (startPriority < priorityBound) {
            costBoundAt(startPriority);
        }
        if (exact == null || stopper.stopped()) {
            return;
        }
        if (optionCount > FULL_EFFORT_OPTIONS) {
            note += ", cost not tried (" + optionCount + " options, more than the " + FULL_EFFORT_OPTIONS + " it is tried on)";
        } else if (exchange == null) {
            // A clock-stopped solve leaves the cost level to the exact search, whose re-plans of every job give CP-SAT's
            // bound: beside it and local search the cheapest plan took a third of the two cores, and 30-s solves of 60-
            // and 80-job quarters ended nearer the optimum without it more often than not (docs/benchmarks.md, issue 10's
            // twenty-first and thirty-second sessions).
            cheapest();
        }
    }

    /** The relaxation's cost bound for plans running at least {@code level} priority, unless it is known already. */
    public void costBoundAt(long level) {
        if (lpLevels.add(level)) {
            CostLp lp = new CostLp(relaxation, lpTooLarge, lpName(), stopper, deadline, this::startCents);
            LevelBound bound = lp.at(level);
            if (bound != null) {
                costBounds.add(bound);
            }
            if (exchange != null && lp.values() != null && bound != null
                    && startCents() > FOLLOW_LP_ABOVE * bound.cents()) {
                postGuided(level, lp.values());
            }
        }
    }

    /**
     * A clock-stopped solve's plan that follows the cost LP's at {@code level} ({@link WarmStart#guided}), posted to the
     * exchange, where local search and the exact search take it up when it beats theirs; only where the plan local
     * search starts from costs more than {@link #FOLLOW_LP_ABOVE} times the LP's bound. The cost level starts from
     * CP-SAT's plan of the most priority, found at any cost: on a 60-job quarter it cost 2.45 times the LP's bound,
     * and local search and the exact search took most of a 30-s solve to come down from it. The greedy takes
     * milliseconds.
     */
    private void postGuided(long level, double[] lpValues) {
        ExactPlans.Found guided = ExactPlans.Found.of(problem, WarmStart.guided(problem, options, relaxation.leaning(lpValues)));
        LOG.debug("step 2: the greedy plan that follows the LP's at {} priority: {}", level, guided.score());
        exchange.postFromCertificate(guided);
    }

    /**
     * CP-SAT's bound on the cost of plans running at least {@code level} priority, from the exact search's re-plan of
     * every job (the whole model, as {@link #cheapest} solves it).
     */
    public void exactSearchBound(long level, long cents) {
        costBounds.add(new LevelBound(level, cents, "CP-SAT on the exact model (the exact search re-planning every job), "
                + "for plans running at least " + level + " priority"));
    }

    /**
     * When step 1 neither proved its priority optimal nor reached the LP's bound: CP-SAT once more on the level's
     * whole budget, from step 1's hint, beside local search (where it costs local search nothing). Where local search
     * is stuck a step short of the most priority (a job that comes in only when several others move), CP-SAT often
     * finds and proves it given the whole budget. From the same hint and on the seed of the step-1 run whose plan was
     * taken, not from that plan: single-threaded CP-SAT is deterministic, so this run goes the way that run went and
     * on (restarted from step 1's plan, it stayed in that plan's neighbourhood on 60-job quarters that a run from the
     * start solved). In a clock-stopped solve it stops once local search's plan runs more priority than CP-SAT found, or
     * the most proven ({@link Overtaken}).
     */
    private void morePriority() {
        ExactModel m = exact;
        if (priorityHint != null) {
            m.hint(priorityHint);
        } else {
            m.model.clearHints();
        }
        CpSolver more = cpSat(limits.exactSeconds(), prioritySeed);
        Stopper enough = new Stopper();
        CpSolverStatus status;
        Overtaken overtaken = new Overtaken(enough::stop);
        overtaken.reached(exactLevel);
        try (Stopper.Registration stop = stopper.onStop(enough::stop); overtaken) {
            status = solvePosting(more, m, overtaken::reached, enough);
        }
        if (enough.stopped() && !stopper.stopped()) {
            LOG.debug("step 2: the search's plan runs more priority than CP-SAT found, or the most proven: "
                    + "CP-SAT's second try stopped");
        }
        if (!ExactModel.found(status)) {
            return;
        }
        long level = Math.round(more.objectiveValue());
        if (level > exactLevel) {
            exactLevel = level;
            exactPlan = m.decisions(more);
            exactPlanBy = MOST_PRIORITY_PLAN;
            post();
        }
        exactPriorityBound = Math.min(exactPriorityBound, ExactModel.priorityBound(more, status == CpSolverStatus.OPTIMAL));
        exactPriorityOptimal = exactPriorityBound <= exactLevel;
        note = "CP-SAT: priority " + (exactPriorityOptimal ? "optimal" : "not proven");
        LOG.debug("step 2: CP-SAT's most priority once more {} ({}), bound {}", exactLevel, status, exactPriorityBound);
    }

    /**
     * In a clock-stopped solve, runs an action once local search's plan runs more priority than CP-SAT's second try has
     * found (step 1's level, then each it finds, {@link #reached}), or as much as is proven the most (the LP's bound, or
     * step 1's CP-SAT bound where lower), whichever comes first. Either way CP-SAT's plans can no longer help the search.
     * At the bound no plan runs more (on an 80 x 20 quarter local search got there 3 s after step 1, while the try took a
     * core for the 17 s left of a 30-s solve: issue 10's thirty-fifth session); past CP-SAT's plan, its bound, above the
     * LP's where this happened, did not move in any 30-s solve logged (on a 120-job quarter local search passed step
     * 1's level a second after it started, and the try held a core to the end: the fortieth session).
     */
    private final class Overtaken implements Stopper.Registration {
        private final Runnable action;
        private long level = Long.MIN_VALUE;
        private Stopper.Registration watch = () -> { };

        Overtaken(Runnable action) {
            this.action = action;
        }

        /** CP-SAT has found a plan at {@code priority}: whether that is more than before (then worth posting). */
        synchronized boolean reached(long priority) {
            if (priority <= level) {
                return false;
            }
            level = priority;
            if (exchange != null) { // a clock-stopped solve's
                watch.close();
                watch = exchange.whenLocalLeavesOut(allPriority - Math.min(priority + 1, mostPriorityBound()), action);
            }
            return true;
        }

        @Override
        public synchronized void close() {
            watch.close();
        }
    }

    /**
     * CP-SAT's cheapest plan running at least the priority CP-SAT found, from its plan, and its bound on the cost of
     * any such plan (the certificate's at that priority), beside local search in a move-limited solve.
     */
    private void cheapest() {
        ExactModel m = exact;
        m.hint(exactPlan);
        m.model.clearObjective();
        m.model.addGreaterOrEqual(m.plannedPriority, exactLevel);
        m.model.minimize(m.cost);
        CpSolver second = cpSat(limits.exactSeconds());
        CpSolverStatus status = solvePosting(second, m, cost -> true, stopper);
        if (ExactModel.found(status)) {
            exactPlan = m.decisions(second);
            exactPlanBy = "CP-SAT's cheapest plan";
            // CP-SAT's cost is exact (each pool's cost is the plan's own, level by level): its bound is one.
            exactCostBound = ExactModel.costBound(second, status == CpSolverStatus.OPTIMAL);
        }
        note += ", cost " + (status == CpSolverStatus.OPTIMAL ? "optimal" : status == CpSolverStatus.FEASIBLE ? "not proven" : "no plan");
        LOG.debug("step 2: CP-SAT's cheapest plan at {}: {} ({}), bound {}", exactLevel,
                ExactModel.found(status) ? Math.round(second.objectiveValue()) : "-",
                status, exactCostBound);
    }

    /**
     * Whether any plan runs more priority than {@code best}'s, asked of CP-SAT on the exact model hinted with that plan
     * (maximizing priority, with a light presolve), up to {@link #MAX_CHECK_OPTIONS} options, while the bound is above
     * the plan's priority: where CP-SAT's most priority did not run or found no plan (above {@link #MAX_EXACT_OPTIONS}
     * options it is not tried), or, in a move-limited solve, found less than {@code best}'s plan runs (on 100- and
     * 120-job quarters local search runs more than step 1 finds). From a plan at the most priority CP-SAT proves it in
     * well under a deterministic second at 120 jobs, in two or three at 200; asked without the hint (more than the plan
     * runs, as a constraint) it proved nothing at 120 jobs in 10 (docs/benchmarks.md, issue 10's thirty-ninth session).
     * OPTIMAL proves the most any plan runs (the bound drops to it), else CP-SAT's bound may still lower it. A plan of
     * more priority it finds becomes {@link #exactPlan} (posted to the exchange as found, where there is one). On
     * {@link Limits#checkSeconds}.
     *
     * @param best the best plan so far (a time-limited solve's local search goes on beside the check)
     */
    public void noMorePriority(Supplier<Decisions> best) {
        if (relaxation == null || optionCount > MAX_CHECK_OPTIONS || limits.exactSeconds() <= 0 || stopper.stopped()) {
            return;
        }
        Decisions from = best.get();
        long level = PlanEvaluator.evaluate(problem, from).plannedPriority();
        // Where step 1 ran, CP-SAT's own search had its go: checked again only from a plan of more priority than it
        // found, and only in a move-limited solve, after its searches (in a clock-stopped one the check would take a
        // core from local search and the exact search to the end).
        if (level >= priorityBound || exact != null && (exchange != null || level <= exactLevel)) {
            return;
        }
        ExactModel m = new ExactModel(problem, options);
        m.hint(from);
        m.model.maximize(m.plannedPriority);
        CpSolver check = cpSat(limits.checkSeconds());
        // A light presolve: on a 200-job quarter CP-SAT's own (probing, three rounds) took 20 of a proof's 25 s.
        check.getParameters().setCpModelProbingLevel(0).setMaxPresolveIterations(1);
        CpSolverStatus status = solvePosting(check, m, priority -> priority > level, stopper);
        LOG.debug("step 2: CP-SAT asked for more priority than {}: {} in {} deterministic s", level, status,
                check.response().getDeterministicTime());
        if (!ExactModel.found(status)) {
            return;
        }
        long found = Math.round(check.objectiveValue());
        if (found > level) {
            exactPlan = m.decisions(check);
            exactPlanBy = "CP-SAT's plan of more priority than the search's";
        }
        boolean optimal = status == CpSolverStatus.OPTIMAL;
        long bound = ExactModel.priorityBound(check, optimal);
        if (bound < priorityBound) {
            priorityBound = bound;
            priorityBy = optimal ? "CP-SAT on the exact model, which has no plan running more than " + bound + " priority"
                    : "CP-SAT's bound on the exact model, hinted with the best plan found";
        }
    }

    private void post() {
        if (exchange != null) {
            exchange.postFromCertificate(ExactPlans.Found.of(problem, exactPlan));
        }
    }

    /**
     * Solves, posting each plan CP-SAT finds whose objective value passes {@code worthPosting} to the exchange as it is
     * found (CP-SAT often finds a plan seconds before its budget ends), where there is one; stopped by {@code by}.
     */
    private CpSolverStatus solvePosting(CpSolver solver, ExactModel m, LongPredicate worthPosting, Stopper by) {
        CpSolverSolutionCallback posting = exchange == null ? null : new CpSolverSolutionCallback() {
            @Override
            public void onSolutionCallback() {
                if (worthPosting.test(Math.round(objectiveValue()))) {
                    exchange.postFromCertificate(ExactPlans.Found.of(problem, m.decisions(this)));
                    LOG.debug("step 2: CP-SAT found a plan ({})", Math.round(objectiveValue()));
                }
            }
        };
        return ExactModel.solve(solver, m, posting, by);
    }

    private CpSolver cpSat(double deterministicSeconds) {
        return cpSat(deterministicSeconds, limits.seed());
    }

    private CpSolver cpSat(double deterministicSeconds, long seed) {
        return ExactModel.cpSat(deterministicSeconds, seconds(), seed);
    }

    /**
     * The most priority a plan can run, as proven so far (the LP's bound after {@link #priorityBound}, CP-SAT's when
     * lower, which its second try may prove lower still): settled once {@link #mostPriorityAgain} is done, as a search
     * that must repeat itself needs.
     */
    public long mostPriorityBound() {
        long exactBound = exactPriorityBound;
        return exactBound >= 0 ? Math.min(priorityBound, exactBound) : priorityBound;
    }

    /**
     * CP-SAT's plan of the most priority once {@link #mostPriorityAgain} is done (null: none), as it was then: what
     * follows ({@link #costBounds}) changes {@link #exactPlan} only.
     */
    public Decisions mostPriorityPlan() {
        return mostPriorityPlan;
    }

    /** CP-SAT's plan (null if it did not run or found none). */
    public Decisions exactPlan() {
        return exactPlan;
    }

    /** What {@link #exactPlan} is, in words (null with no plan). */
    public String exactPlanBy() {
        return exactPlanBy;
    }

    /**
     * What is proven about a plan that runs {@code planPriority} priority (of the jobs that have options), leaving
     * {@code unplannedPriority} unplanned, at {@code planCost} cents: the best cost bound valid at its priority (an
     * LP at exactly that level is solved here when none of {@link #run}'s is and the plan is not already proven).
     *
     * @param startedFrom how the plan was reached, when not by local search from the warm start (null otherwise)
     */
    public Certificate certificate(long planPriority, long unplannedPriority, long planCost, String startedFrom) {
        if (relaxation == null) {
            return Certificate.unavailable("stopped before the certificate was computed");
        }
        long unplannedAtLeast = Math.max(0, unplannedPriority - (priorityBound - planPriority));
        long bound = -1;
        String by = null;
        long boundLevel = -1;
        if (exactCostBound >= 0 && exactLevel <= planPriority) {
            bound = exactCostBound;
            by = "CP-SAT on the exact model, for plans running at least " + exactLevel + " priority";
            boundLevel = exactLevel;
        }
        for (LevelBound lb : costBounds) {
            if (lb.level() <= planPriority && lb.cents() > bound) {
                bound = lb.cents();
                boundLevel = lb.level();
                by = lb.by();
            }
        }
        Certificate c = new Certificate(unplannedAtLeast, priorityBy, bound, by, startedFrom, note);
        if (boundLevel != planPriority && !c.provenOptimal(unplannedPriority, planCost, slack())) {
            costBoundAt(planPriority);
            LevelBound last = costBounds.isEmpty() ? null : costBounds.get(costBounds.size() - 1);
            if (last != null && last.level() == planPriority && last.cents() > bound) {
                c = new Certificate(unplannedAtLeast, priorityBy, last.cents(), last.by(), startedFrom, note);
            }
        }
        return c;
    }

    /**
     * {@link RestrictedMip}'s re-plans of every job from {@code plan} (evaluated as {@code e}): on quarters small
     * enough for CP-SAT's cheapest plan, where the relaxation is the time-indexed one (none elsewhere). Their bound on
     * the cost of plans at the plan's priority joins the certificate's.
     */
    public List<Decisions> replansOfEveryJob(Decisions plan, Evaluation e) {
        if (relaxation == null || lpTooLarge || !Relaxations.TIME_INDEXED.equals(relaxation.kind())
                || optionCount > FULL_EFFORT_OPTIONS || stopper.stopped()) {
            return List.of();
        }
        RestrictedMip.Replans replans = RestrictedMip.replans(problem, relaxation, plan, e.plannedPriority(),
                e.costCents(), limits.seed(), seconds(), stopper);
        if (!Double.isNaN(replans.bound())) {
            costBounds.add(new LevelBound(e.plannedPriority(), Math.max(0, floorDown(replans.bound()
                    - RestrictedMip.margin(relaxation, replans.bound()))), "SCIP on the time-indexed MIP over every "
                    + "option that can be in a cheaper plan, for plans running at least " + e.plannedPriority() + " priority"));
        }
        return replans.plans();
    }

    /** Whether {@link #certificate} proves the plan so evaluated optimal. */
    public boolean provesOptimal(Evaluation plan) {
        return certificate(plan.plannedPriority(), plan.unplannedPriority(), plan.costCents(), null)
                .provenOptimal(plan.unplannedPriority(), plan.costCents(), slack());
    }

    private String lpName() {
        return relaxation.kind() + " LP relaxation (GLOP" + (lpTooLarge ? ", by column generation" : "") + ")";
    }

    /** The start plan's cost in cents (0 when there is none), evaluated once: only where the ascent runs. */
    private double startCents() {
        if (startCents < 0) {
            startCents = start == null ? 0 : PlanEvaluator.evaluate(problem, start).costCents();
        }
        return startCents;
    }

    private long slack() {
        return Certificate.slackCents(problem);
    }

    /** What is left of the time cap, at least 10 ms (a solver given nothing may not stop at once). */
    private double seconds() {
        return Math.max(0.01, (deadline - System.nanoTime()) / 1e9);
    }

    /** An integer no smaller than the value, with room for the solvers' floating-point error. */
    static long floorUp(double value) {
        return (long) Math.floor(value + 1e-6 * Math.max(1, Math.abs(value)));
    }

    /** An integer no larger than the value, less a cent for floating-point error. */
    static long floorDown(double value) {
        return (long) Math.floor(value - 1e-9 * Math.abs(value) - 1);
    }
}
