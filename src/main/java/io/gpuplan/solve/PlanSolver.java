package io.gpuplan.solve;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import ai.timefold.solver.core.api.solver.SolverConfigOverride;
import ai.timefold.solver.core.api.solver.SolverJob;
import ai.timefold.solver.core.api.solver.SolverManager;
import ai.timefold.solver.core.config.solver.SolverConfig;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.bounds.Certificate;
import io.gpuplan.solve.bounds.Certifier;
import io.gpuplan.solve.moves.ExactSearch;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A solve: enumerate options, warm start, then Timefold's local search while the {@link Certifier} proves what it
 * can on the other core; in a move-limited solve, SCIP's re-plans of every job from the best plan so far; if CP-SAT
 * or SCIP found a better plan, local search runs once more from it; last, the certificate of the plan it ends with.
 */
public final class PlanSolver {
    private PlanSolver() {
    }

    /**
     * What a solve produced and how it ended.
     *
     * @param certificate what is proven about the plan
     */
    public record Result(GpuPlan plan, List<JobOptions> options, String termination, long moves, Duration wallTime,
                         long moveSpeed, boolean terminatedEarly, Certificate certificate) {
        public HardMediumSoftScore score() {
            return plan.getScore();
        }
    }

    /** A progress report: the best score so far and the time since the solve began. */
    public record Progress(HardMediumSoftScore bestScore, Duration elapsed) {
    }

    /** Timefold's configuration for a problem of {@code jobs} jobs (for the tests that build solvers themselves). */
    public static SolverConfig config(SolverSettings s, int jobs) {
        return SolverConfigs.config(s, jobs);
    }

    public static Result solve(Problem problem, SolverSettings settings, Consumer<Progress> progress) {
        return solve(problem, settings, progress, List.of(), new Stopper());
    }

    /** The exact search's CP-SAT time per re-plan, as a share of the certificate's per level. */
    private static final double EXACT_SEARCH_SHARE = 0.05;
    /** The exact search's CP-SAT time for a re-plan of every job, or one that brings a job in. */
    private static final double WHOLE_SHARE = 0.2;
    /**
     * A move-limited solve's exact search, after local search: all the CP-SAT time its re-plans use, as a share of the
     * level's (charged in full for what each re-plan may use, twice brought 60-job quarters near 30 s of a clock-stopped
     * solve and four times gained little more; charged for what they use, it found a priority level that search
     * missed: docs/benchmarks.md, issue 10, thirty-fourth session).
     */
    static final double AFTER_SHARE = 2;
    /**
     * A clock-stopped solve's cap on step 1 (CP-SAT's most priority, before local search), as a share of its time
     * limit: past it one run goes on beside local search. Its budget is deterministic, and on a slower machine it took
     * 19-21 s of 30 on three of seven 80-job quarters, where with the cap local search found the most priority more
     * often (docs/benchmarks.md, issue 10, thirty-seventh session); 60-job quarters' step 1 mostly ends before it.
     */
    static final double STEP_ONE_CAP = 1.0 / 3;

    /** What one Timefold run returned. */
    private record Run(GpuPlan best, long moves, long speed) {
    }

    /** What is left of the solve's time limit, at least a tenth of a second (so local search still starts). */
    private static Duration left(SolverSettings settings, long started) {
        // Whole milliseconds: Timefold refuses finer time limits.
        Duration left = settings.timeLimit().minusMillis((System.nanoTime() - started) / 1_000_000);
        return left.compareTo(Duration.ofMillis(100)) < 0 ? Duration.ofMillis(100) : left;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /**
     * @param candidates plans to start from if they beat the warm start's own (ignored without warm start)
     * @param stopper    stops the solve early, keeping the best plan found so far
     * @throws io.gpuplan.sizing.SizingStopped when the time limit runs out before every job is sized (no plan yet)
     */
    public static Result solve(Problem problem, SolverSettings asked, Consumer<Progress> progress,
                               List<Decisions> candidates, Stopper stopper) {
        // The time limit bounds the whole solve: sizing and the warm start count against it too.
        long started = System.nanoTime();
        long deadline = started + asked.timeLimit().toNanos();
        List<JobOptions> options = OptionEnumerator.enumerate(problem, () -> System.nanoTime() - deadline > 0);
        // CP-SAT's budgets shrink on large models, where each deterministic second takes longer (Certifier.effortFor).
        SolverSettings settings = asked.withExactSeconds(Certifier.effortFor(asked.exactSeconds(), JobOptions.count(options)));
        GpuPlan initial = GpuPlanFactory.create(problem, options);
        Consumer<HardMediumSoftScore> improved = new Consumer<>() {
            private HardMediumSoftScore last;

            @Override
            public synchronized void accept(HardMediumSoftScore score) {
                if (last == null || score.compareTo(last) > 0) {
                    last = score;
                    progress.accept(new Progress(score, Duration.ofNanos(System.nanoTime() - started)));
                }
            }
        };
        if (settings.warmStart()) {
            // Each start the warm start builds is a plan the solve can return: reported as it comes (at L the first
            // comes seconds before the last); a stop from then on ends the warm start with the best so far.
            WarmStart.apply(initial, options, candidates, improved, stopper);
        }
        Evaluation warm = PlanEvaluator.evaluate(problem, SolutionDecisions.of(initial));
        if (settings.warmStart()) {
            // The warm start's plan is the solve's first plan (at L Timefold takes seconds to report it itself).
            improved.accept(HardMediumSoftScore.parseScore(warm.score()));
        }
        Certifier proof = new Certifier(problem, options,
                new Certifier.Limits(settings.exactSeconds(), left(settings, started), settings.seed(),
                        Certifier.CHECK_SHARE * asked.exactSeconds()), stopper);
        String startedFrom = null;
        ExactPlans exchange = settings.moveLimit() == 0 && settings.exactSeconds() > 0 ? new ExactPlans() : null;
        Decisions mostPriority = proof.mostPriority(SolutionDecisions.of(initial), exchange,
                started + (long) (STEP_ONE_CAP * asked.timeLimit().toNanos()));
        if (mostPriority != null && better(problem, mostPriority, warm)) {
            SolutionDecisions.apply(initial, mostPriority);
            startedFrom = "CP-SAT's plan of the most priority, which beat the warm start's";
        }
        Decisions start = SolutionDecisions.of(initial);
        long startPriority = PlanEvaluator.evaluate(problem, start).plannedPriority();
        // Stopped by its clock alone, a solve runs the exact search too, as soon as the LP has bounded priority (beside
        // the rest of the certificate: CP-SAT's second try at the most priority may take most of the time, and on
        // 60-job quarters the exact search's re-plans are where cost falls most), and local search and CP-SAT exchange
        // plans as they find them (ExactPlans). The exact search only on quarters small enough for CP-SAT's whole model
        // (it found a plan): at M and L it gained nothing and raised L's peak heap (docs/benchmarks.md). A move-limited
        // solve runs it after local search instead, on a deterministic budget (SearchAfter).
        ExecutorService beside = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "gpuplan-certificate");
            t.setDaemon(true);
            return t;
        });
        CompletableFuture<Certifier> bounded = CompletableFuture.supplyAsync(() -> {
            proof.priorityBound(start, startPriority, exchange);
            return proof;
        }, beside);
        // Local search's best plan so far, in a clock-stopped solve (a move-limited one has only its start until it ends).
        Supplier<Decisions> bestSoFar = () -> {
            ExactPlans.Found best = exchange == null ? null : exchange.local();
            return best == null ? start : best.plan();
        };
        CompletableFuture<Certifier> levelled = bounded.thenApplyAsync(c -> {
            c.mostPriorityAgain();
            return c;
        }, beside);
        CompletableFuture<Certifier> certifier = levelled.thenApplyAsync(c -> {
            // The solve ends with at least the priority its best plan runs now: no cost bound is needed below it (at
            // 200 jobs each cost LP takes 20 s of a core).
            long now = Math.max(startPriority, PlanEvaluator.evaluate(problem, bestSoFar.get()).plannedPriority());
            if (exchange != null) {
                // First the cost at the level local search has reached, then CP-SAT's check that no plan runs more
                // (what it needs to state a gap there), after that LP so that local search has had time to reach the
                // most priority it will: asked of a plan below it, CP-SAT seldom finds the plan it is asked for. A
                // move-limited solve checks its final plan instead, once local search has ended.
                c.costBoundAt(now);
                c.noMorePriority(bestSoFar);
            }
            c.costBounds(now);
            return c;
        }, beside);
        CompletableFuture<ExactPlans.Found> searched = exchange == null ? CompletableFuture.completedFuture(null)
                : bounded.thenApplyAsync(c -> c.exactPlan() == null ? null : ExactSearch.run(problem, options,
                        c.exactPlan(), exchange, deadline, stopper,
                        exactBudget(settings.exactSeconds(), Double.POSITIVE_INFINITY),
                        new ExactSearch.Bounds(c::exactSearchBound, c::mostPriorityBound), settings.seed()), beside);
        // The time limit caps the whole solve: local search gets what CP-SAT's first step left of it.
        Run run;
        Decisions localPlan;
        Evaluation local; // local search's plan, evaluated once: SearchAfter, the polish's test and the certificate read it
        Certifier proven = null;
        String unproven = "stopped before the certificate was computed";
        ExactPlans.Found found;
        try {
            run = timefold(initial, settings, () -> left(settings, started), exchange, improved, stopper);
            localPlan = SolutionDecisions.of(run.best());
            local = PlanEvaluator.evaluate(problem, localPlan);
            SearchAfter after = exchange != null || mostPriority == null ? null
                    : new SearchAfter(problem, options, localPlan, local, settings, deadline, stopper, levelled, certifier,
                    beside);
            try {
                // Stopped, the solvers end within moments: waited for all the same, so none is still in native code
                // when the program exits.
                proven = certifier.join();
            } catch (CompletionException e) {
                unproven = "the certificate could not be computed: " + e.getCause();
            }
            // The exact search is a search: should it fail, the solve keeps local search's and CP-SAT's plans.
            found = after != null ? after.result(proven) : searched.exceptionally(e -> null).join();
            if (proven != null && exchange == null && !stopper.stopped()) {
                // CP-SAT's check that no plan runs more priority, from the better of local search's and the exact
                // search's plans (which brings jobs in), once neither runs: so the solve repeats itself.
                Decisions best = found != null && better(problem, found.plan(), local) ? found.plan() : localPlan;
                proven.noMorePriority(() -> best);
            }
        } finally {
            beside.shutdown();
        }
        Decisions exactPlan = proven == null ? null : proven.exactPlan();
        String exactBy = proven == null ? null : proven.exactPlanBy();
        if (found != null && (exactPlan == null || better(problem, found.plan(), PlanEvaluator.evaluate(problem, exactPlan)))) {
            exactPlan = found.plan();
            exactBy = "the exact search's plan (CP-SAT re-plans of related jobs)";
        }
        if (proven != null && settings.moveLimit() > 0 && settings.exactSeconds() > 0 && !stopper.stopped()) {
            // Last, SCIP re-plans every job at once from the best plan so far, unless it is proven optimal.
            Decisions from = exactPlan != null && better(problem, exactPlan, local) ? exactPlan : localPlan;
            Decisions mip = replanEveryJob(problem, proven, from);
            if (mip != null) {
                exactPlan = mip;
                exactBy = "SCIP's re-plan of every job (the time-indexed MIP on the LP's likeliest options)";
            }
        }
        if (exchange != null && exchange.takenUp() > 0) {
            startedFrom = (startedFrom == null ? "the warm start's plan" : startedFrom) + ", taking up a better plan found "
                    + "beside it (CP-SAT's, the exact search's or the greedy's that follows the cost LP) "
                    + (exchange.takenUp() == 1 ? "once" : exchange.takenUp() + " times");
        }
        Evaluation e = local;
        if (exactPlan != null && better(problem, exactPlan, local)) {
            // CP-SAT found a better plan than local search: local search starts once more, from it.
            GpuPlan fromExact = GpuPlanFactory.create(problem, options);
            SolutionDecisions.apply(fromExact, exactPlan);
            SolverSettings polish = settings.polish();
            Run again = timefold(fromExact, polish, () -> min(polish.timeLimit(), left(settings, started)), null,
                    improved, stopper);
            run = new Run(again.best(), run.moves() + again.moves(), run.speed());
            e = PlanEvaluator.evaluate(problem, SolutionDecisions.of(run.best()));
            improved.accept(run.best().getScore());
            startedFrom = exactBy + ", after local search ended worse";
        }
        Duration wall = Duration.ofNanos(System.nanoTime() - started);
        String termination = stopper.stopped() ? "interrupted (" + stopper.reason() + ")" : termination(settings, run.moves(), wall);
        // Stopped, the certificate holds what was proven by then: each bound is valid on its own.
        Certificate certificate = proven != null
                ? proven.certificate(e.plannedPriority(), e.unplannedPriority(), e.costCents(), startedFrom)
                : Certificate.unavailable(unproven);
        return new Result(run.best(), options, termination, run.moves(), wall, run.speed(), stopper.stopped(), certificate);
    }

    /** The cheapest of SCIP's re-plans of {@code from} that beats it (null when none does, or it is proven optimal). */
    private static Decisions replanEveryJob(Problem problem, Certifier proven, Decisions from) {
        Evaluation best = PlanEvaluator.evaluate(problem, from);
        if (proven.provesOptimal(best)) {
            return null;
        }
        Decisions cheapest = null;
        for (Decisions d : proven.replansOfEveryJob(from, best)) {
            // In the order of the shares, so a tie keeps the first and the solve repeats.
            Evaluation e = PlanEvaluator.evaluate(problem, d);
            if (beats(e, best)) {
                cheapest = d;
                best = e;
            }
        }
        return cheapest;
    }

    /** The exact search's budget from the level's effort: each re-plan's share of it, and {@code total} in all. */
    static ExactSearch.Budget exactBudget(double effort, double total) {
        return new ExactSearch.Budget(effort * EXACT_SEARCH_SHARE, effort * WHOLE_SHARE, total);
    }

    /** Whether the decisions score better than the plan (feasible first, then priority, then cost: R23). */
    private static boolean better(Problem problem, Decisions d, Evaluation than) {
        return beats(PlanEvaluator.evaluate(problem, d), than);
    }

    /** Whether the evaluated plan scores better than the other (feasible first, then priority, then cost: R23). */
    private static boolean beats(Evaluation e, Evaluation than) {
        return e.feasible() && HardMediumSoftScore.parseScore(e.score()).compareTo(HardMediumSoftScore.parseScore(than.score())) > 0;
    }

    /**
     * @param timeLimit Timefold's time limit, read once the solver is built: building it (its constraints compile) takes
     *                  a second or so that Timefold's own clock does not count
     */
    private static Run timefold(GpuPlan initial, SolverSettings asked, Supplier<Duration> timeLimit, ExactPlans exchange,
                                Consumer<HardMediumSoftScore> improved, Stopper stopper) {
        SolverSettings settings = asked.withTimeLimit(timeLimit.get());
        try (SolverManager<GpuPlan> manager = SolverManager.create(SolverConfigs.config(settings, initial.getAssignments().size(), exchange, stopper));
             ExactPlans.Opened open = exchange == null ? () -> { } : exchange.open(initial.getProblem())) {
            SolverJob<GpuPlan> job = manager.solveBuilder()
                    .withProblemId(initial.getProblem().name())
                    .withProblem(initial)
                    .withConfigOverride(new SolverConfigOverride().withTerminationConfig(
                            SolverConfigs.termination(settings.withTimeLimit(timeLimit.get()))))
                    // Timefold also reports the plan a perturbation leaves as "first initialized": only better plans are
                    // passed on.
                    .withFirstInitializedSolutionEventConsumer(e -> improved.accept(e.solution().getScore()))
                    .withBestSolutionEventConsumer(e -> {
                        improved.accept(e.solution().getScore());
                        if (exchange != null) {
                            exchange.postLocal(e.solution());
                        }
                    })
                    .run();
            GpuPlan best;
            try (Stopper.Registration ignored = stopper.onStop(job::terminateEarly)) {
                best = job.getFinalBestSolution();
            }
            if (best.getScore() == null) {
                // Stopped before Timefold scored its start (Ctrl-C, or the benchmark's stop at its checkpoint): the
                // plain-loop checks give the same score (ScoreParityTest).
                best.setScore(HardMediumSoftScore.parseScore(
                        PlanEvaluator.evaluate(best.getProblem(), SolutionDecisions.of(best)).score()));
            }
            return new Run(best, job.getMoveEvaluationCount(), job.getMoveEvaluationSpeed());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("solve interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("solver failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    /**
     * What stopped the solve, from local search's moves and the whole solve's wall time: a solve that ran past its time
     * limit was cut by the clock even when local search ended at its move limit (the exact search or CP-SAT after it:
     * on 120-job quarters their deterministic budgets take longer than 60 s), so the plan is not reproducible and says
     * so.
     */
    static String termination(SolverSettings s, long moves, Duration wall) {
        boolean clock = wall.compareTo(s.timeLimit()) >= 0;
        if (s.moveLimit() > 0 && moves >= s.moveLimit()) {
            return clock ? "time limit (" + s.timeLimit().toSeconds() + " s), after local search's move limit ("
                    + s.moveLimit() + " moves): the clock cut what runs after it, so another run may differ"
                    : "move limit (" + s.moveLimit() + " moves)";
        }
        if (clock) {
            return "time limit (" + s.timeLimit().toSeconds() + " s)";
        }
        if (s.unimprovedLimit() != null) {
            return "unimproved limit (" + s.unimprovedLimit().toSeconds() + " s)";
        }
        return "search space exhausted";
    }
}
