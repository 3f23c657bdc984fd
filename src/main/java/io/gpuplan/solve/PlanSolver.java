package io.gpuplan.solve;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import ai.timefold.solver.core.api.solver.SolverJob;
import ai.timefold.solver.core.api.solver.SolverManager;
import ai.timefold.solver.core.config.constructionheuristic.ConstructionHeuristicPhaseConfig;
import ai.timefold.solver.core.config.heuristic.selector.entity.EntitySelectorConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.composite.CartesianProductMoveSelectorConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.composite.UnionMoveSelectorConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.factory.MoveIteratorFactoryConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.generic.ChangeMoveSelectorConfig;
import ai.timefold.solver.core.config.heuristic.selector.value.ValueSelectorConfig;
import ai.timefold.solver.core.config.localsearch.LocalSearchPhaseConfig;
import ai.timefold.solver.core.config.solver.SolverConfig;
import ai.timefold.solver.core.config.solver.termination.TerminationConfig;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanConstraints;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;

/** Runs Timefold on a problem: enumerate options, build the model, solve under the settings' limits. */
public final class PlanSolver {
    private PlanSolver() {
    }

    /** What a solve produced and how it ended. */
    public record Result(GpuPlan plan, List<JobOptions> options, String termination, long moves, Duration wallTime,
                         long moveSpeed, boolean terminatedEarly) {
        public HardMediumSoftScore score() {
            return plan.getScore();
        }
    }

    /** A progress report: the best score so far and the time since the solve began. */
    public record Progress(HardMediumSoftScore bestScore, Duration elapsed) {
    }

    public static SolverConfig config(SolverSettings s) {
        TerminationConfig termination = new TerminationConfig().withSpentLimit(s.timeLimit());
        if (s.moveLimit() > 0) {
            termination.setMoveCountLimit(s.moveLimit());
        }
        if (s.unimprovedLimit() != null) {
            termination.setUnimprovedSpentLimit(s.unimprovedLimit());
        }
        return new SolverConfig()
                .withSolutionClass(GpuPlan.class)
                .withEntityClasses(JobAssignment.class)
                .withConstraintProviderClass(GpuPlanConstraints.class)
                .withEnvironmentMode(s.environmentMode())
                .withRandomSeed(s.seed())
                .withTerminationConfig(termination)
                // After the warm start every job is placed or deliberately left out: a construction heuristic would
                // only retry the jobs it left out, option by option and start by start, which takes long on large
                // problems; local search reaches them too.
                .withPhases(s.warmStart() ? new ai.timefold.solver.core.config.phase.PhaseConfig[] {localSearch()}
                        : new ai.timefold.solver.core.config.phase.PhaseConfig[] {new ConstructionHeuristicPhaseConfig(), localSearch()});
    }

    /**
     * Local search over four neighbourhoods: change a job's option, change its start, change both at once (an
     * option on another offer usually needs another start to fit its window and capacity), and move a job while
     * moving or leaving out the job in its way ({@link MakeRoomMoves}; docs/benchmarks.md has the figures). Swap
     * moves are left out: options belong to one job, so swapping them between jobs is never possible.
     */
    static LocalSearchPhaseConfig localSearch() {
        return new LocalSearchPhaseConfig().withMoveSelectorConfig(new UnionMoveSelectorConfig().withMoveSelectors(
                change(null, "option"),
                change(null, "start"),
                new CartesianProductMoveSelectorConfig().withMoveSelectors(
                        change(new EntitySelectorConfig().withId("job"), "option"),
                        change(EntitySelectorConfig.newMimicSelectorConfig("job"), "start")),
                new MoveIteratorFactoryConfig().withMoveIteratorFactoryClass(MakeRoomMoves.class)));
    }

    private static ChangeMoveSelectorConfig change(EntitySelectorConfig entity, String variable) {
        ChangeMoveSelectorConfig c = new ChangeMoveSelectorConfig().withValueSelectorConfig(new ValueSelectorConfig(variable));
        return entity == null ? c : c.withEntitySelectorConfig(entity);
    }

    public static Result solve(Problem problem, SolverSettings settings, Consumer<Progress> progress) {
        return solve(problem, settings, progress, List.of(), new Stopper());
    }

    /**
     * @param candidates plans to start from if they beat the warm start's own (ignored without warm start)
     * @param stopper    stops the solve early, keeping the best plan found so far
     */
    public static Result solve(Problem problem, SolverSettings settings, Consumer<Progress> progress,
                               List<io.gpuplan.rules.Decisions> candidates, Stopper stopper) {
        List<JobOptions> options = OptionEnumerator.enumerate(problem);
        GpuPlan initial = GpuPlanFactory.create(problem, options);
        if (settings.warmStart()) {
            WarmStart.apply(initial, options, candidates);
        }
        long started = System.nanoTime();
        try (SolverManager<GpuPlan> manager = SolverManager.create(config(settings))) {
            SolverJob<GpuPlan> job = manager.solveBuilder()
                    .withProblemId(problem.name())
                    .withProblem(initial)
                    // The first event gives the starting plan (the warm start's), which local search may not beat for a while.
                    .withFirstInitializedSolutionEventConsumer(e -> progress.accept(
                            new Progress(e.solution().getScore(), Duration.ofNanos(System.nanoTime() - started))))
                    .withBestSolutionEventConsumer(e -> progress.accept(
                            new Progress(e.solution().getScore(), Duration.ofNanos(System.nanoTime() - started))))
                    .run();
            GpuPlan best;
            try (Stopper.Registration ignored = stopper.onStop(job::terminateEarly)) {
                best = job.getFinalBestSolution();
            }
            Duration wall = Duration.ofNanos(System.nanoTime() - started);
            long moves = job.getMoveEvaluationCount();
            String termination = stopper.stopped() ? "interrupted (Ctrl-C)" : termination(settings, moves, wall);
            return new Result(best, options, termination, moves, wall, job.getMoveEvaluationSpeed(), stopper.stopped());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("solve interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("solver failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private static String termination(SolverSettings s, long moves, Duration wall) {
        if (s.moveLimit() > 0 && moves >= s.moveLimit()) {
            return "move limit (" + s.moveLimit() + " moves)";
        }
        if (wall.compareTo(s.timeLimit()) >= 0) {
            return "time limit (" + s.timeLimit().toSeconds() + " s)";
        }
        if (s.unimprovedLimit() != null) {
            return "unimproved limit (" + s.unimprovedLimit().toSeconds() + " s)";
        }
        return "search space exhausted";
    }
}
