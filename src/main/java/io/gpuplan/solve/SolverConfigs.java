package io.gpuplan.solve;

import ai.timefold.solver.core.config.constructionheuristic.ConstructionHeuristicPhaseConfig;
import ai.timefold.solver.core.config.heuristic.selector.entity.EntitySelectorConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.composite.CartesianProductMoveSelectorConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.composite.UnionMoveSelectorConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.factory.MoveIteratorFactoryConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.generic.ChangeMoveSelectorConfig;
import ai.timefold.solver.core.config.heuristic.selector.value.ValueSelectorConfig;
import ai.timefold.solver.core.config.localsearch.LocalSearchPhaseConfig;
import ai.timefold.solver.core.config.phase.PhaseConfig;
import ai.timefold.solver.core.config.phase.custom.CustomPhaseConfig;
import ai.timefold.solver.core.config.solver.SolverConfig;
import ai.timefold.solver.core.config.solver.termination.TerminationConfig;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanConstraints;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.solve.moves.Perturbation;
import io.gpuplan.solve.moves.RuinRecreateMoves;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Timefold's configuration for a solve: the model, the limits, and the phases and moves of the search. */
public final class SolverConfigs {
    private SolverConfigs() {
    }

    public static SolverConfig config(SolverSettings s, int jobs) {
        return config(s, jobs, null, new Stopper());
    }

    /**
     * @param exchange a time-limited solve's exchange with the exact search (null: none)
     * @param stopper  the solve's stop, which also ends a restart's exact re-plan
     */
    static SolverConfig config(SolverSettings s, int jobs, ExactPlans exchange, Stopper stopper) {
        return new SolverConfig()
                .withSolutionClass(GpuPlan.class)
                .withEntityClasses(JobAssignment.class)
                .withConstraintProviderClass(GpuPlanConstraints.class)
                .withEnvironmentMode(s.environmentMode())
                .withRandomSeed(s.seed())
                .withTerminationConfig(termination(s))
                .withPhases(phases(s, jobs, exchange, stopper));
    }

    /** The solve's limits: its time limit, move limit and unimproved limit (when set). */
    static TerminationConfig termination(SolverSettings s) {
        TerminationConfig termination = new TerminationConfig().withSpentLimit(s.timeLimit());
        if (s.moveLimit() > 0) {
            termination.setMoveCountLimit(s.moveLimit());
        }
        if (s.unimprovedLimit() != null) {
            termination.setUnimprovedSpentLimit(s.unimprovedLimit());
        }
        return termination;
    }

    /** Local searches before a restart; the last one runs until the solve's own limits stop it. */
    static final int RESTARTS = 200;
    /**
     * Steps without a better plan before a restart: at least 5,000, 200 per job above that (at S a search stalls
     * within a second; at L a step moves one job of 2,000).
     */
    static final int UNIMPROVED_STEPS = 5_000;
    static final int UNIMPROVED_STEPS_PER_JOB = 200;

    /**
     * After the warm start every job is placed or deliberately left out: a construction heuristic would only retry
     * the jobs it left out, option by option and start by start, which takes long on large problems; local search
     * reaches them too. Then local search, restarted from the best plan so far with a {@link Perturbation} each time
     * it has gone {@link #UNIMPROVED_STEPS} steps without a better plan (iterated local search).
     */
    static PhaseConfig<?>[] phases(SolverSettings s, int jobs, ExactPlans exchange, Stopper stopper) {
        List<PhaseConfig<?>> phases = new ArrayList<>();
        if (!s.warmStart()) {
            phases.add(new ConstructionHeuristicPhaseConfig());
        }
        SplittableRandom seeds = new SplittableRandom(s.seed());
        // Timefold's clock starts as the solver is built from this configuration, moments from now.
        long deadline = System.nanoTime() + s.timeLimit().toNanos();
        int unimproved = Math.max(UNIMPROVED_STEPS, UNIMPROVED_STEPS_PER_JOB * jobs);
        for (int r = 0; r < RESTARTS; r++) {
            phases.add(localSearch().withTerminationConfig(new TerminationConfig().withUnimprovedStepCountLimit(unimproved)));
            phases.add(new CustomPhaseConfig().withCustomPhaseCommands(new Perturbation(seeds.nextLong(),
                    s.exactSeconds() * REPAIR_SHARE, exchange, deadline, stopper)));
        }
        phases.add(localSearch());
        return phases.toArray(new PhaseConfig<?>[0]);
    }

    /** Each restart's exact re-plan gets this share of the certificate's CP-SAT budget per level. */
    static final double REPAIR_SHARE = 0.05;

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
                new MoveIteratorFactoryConfig().withMoveIteratorFactoryClass(MakeRoomMoves.class),
                new MoveIteratorFactoryConfig().withMoveIteratorFactoryClass(RuinRecreateMoves.class)));
    }

    private static ChangeMoveSelectorConfig change(EntitySelectorConfig entity, String variable) {
        ChangeMoveSelectorConfig c = new ChangeMoveSelectorConfig().withValueSelectorConfig(new ValueSelectorConfig(variable));
        return entity == null ? c : c.withEntitySelectorConfig(entity);
    }
}
