package io.gpuplan.solve.moves;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.solve.ExactPlans;
import io.gpuplan.solve.ExactPlans.Found;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.Stopper;
import java.util.List;
import java.util.Random;

/**
 * Large-neighbourhood search with CP-SAT as the re-packer, on the core the certificate leaves free in a
 * time-limited solve: again and again a related set of {@link #JOBS} jobs ({@link Ruins#related}) is re-planned
 * exactly with every other job fixed ({@link ExactReplan}), kept when the plan scores better. It works from the
 * better of its own plan and local search's best ({@link ExactPlans}), and posts each plan it improves for local
 * search's next restart. On 60-job quarters it finds cheaper plans at a priority level than local search does,
 * which in turn reaches the priority levels faster (docs/benchmarks.md).
 */
public final class ExactSearch {
    /** Jobs re-planned at once: large enough for a chain of moves to close inside the set, small for CP-SAT. */
    static final int JOBS = 30;

    private ExactSearch() {
    }

    /**
     * Runs until {@code deadline} (System.nanoTime) or a stop, from {@code from} (or local search's plan when
     * better); returns the best plan it held (null when it never had one).
     *
     * @param deterministicSeconds CP-SAT's deterministic time per re-plan
     */
    public static Found run(Problem problem, List<JobOptions> options, Decisions from, ExactPlans exchange,
                            long deadline, Stopper stopper, double deterministicSeconds, long seed) {
        GpuPlan plan = GpuPlanFactory.create(problem, options);
        Found best = null;
        if (from != null) {
            SolutionDecisions.apply(plan, from);
            best = Found.of(problem, from);
        }
        PlanState state = new PlanState(plan);
        Random random = new Random(seed);
        List<JobAssignment> entities = plan.getAssignments();
        for (int k = 0; ; k++) {
            HardMediumSoftScore localScore = exchange.localScore();
            if (localScore != null && (best == null || localScore.compareTo(best.score()) > 0)) {
                best = exchange.local();
                SolutionDecisions.apply(plan, best.plan());
            }
            if (entities.size() < 2 || System.nanoTime() - deadline >= 0 || stopper.stopped()) {
                return best;
            }
            if (best == null) {
                pause(); // no plan yet: local search posts its first soon
                continue;
            }
            state.sync(plan);
            ReassignMove move = ExactReplan.of(plan, new Ruins(state, random).related(Math.min(JOBS, entities.size())),
                    deterministicSeconds, (deadline - System.nanoTime()) / 1e9, seed + k);
            if (move == null) {
                continue;
            }
            for (ReassignMove.Change c : move.changes()) {
                c.job().setOption(c.option());
                c.job().setStart(c.start());
            }
            Found after = Found.of(problem, SolutionDecisions.of(plan));
            if (after.score().compareTo(best.score()) > 0) {
                best = after;
                exchange.postExact(best);
            } else {
                SolutionDecisions.apply(plan, best.plan());
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
