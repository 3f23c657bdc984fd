package io.gpuplan.solve.bounds;

import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.LinearSolve.Answer;
import io.gpuplan.solve.bounds.LinearSolve.Objective;
import java.time.Duration;
import java.util.List;

/**
 * The benchmark's referee: the time-indexed MIP solved by HiGHS with no gap, level by level (most priority, then
 * least cost at it), given minutes rather than seconds. Slower than CP-SAT on small quarters but able to prove
 * 60-job ones; it runs on a wall-clock cap, so it is for measuring, never part of a plan.
 */
public final class Prover {
    private static final String PARAMETERS = "mip_rel_gap=0\nmip_abs_gap=%s\nthreads=1\nrandom_seed=1\noutput_flag=false";

    private Prover() {
    }

    /**
     * @param plannedPriority the most priority a plan runs (proven when {@code priorityProven})
     * @param plan            the cheapest plan found at that priority (null if none)
     * @param costProven      the plan is the cheapest at its priority (to the rounding of each reservation line)
     */
    public record Proof(long plannedPriority, boolean priorityProven, Decisions plan, boolean costProven) {
    }

    public static Proof prove(Problem problem, List<JobOptions> options, Duration capPerLevel) {
        Relaxation r = Relaxations.timeIndexed(problem, options);
        String parameters = PARAMETERS.formatted(0.5 / LinearSolve.COST_UNIT);
        double seconds = capPerLevel.toMillis() / 1000.0;
        Answer first = LinearSolve.solve(r, Objective.PRIORITY, 0, true, seconds, parameters, new Stopper());
        if (!first.hasSolution()) {
            return new Proof(-1, false, null, false);
        }
        long found = Math.round(first.objective());
        Answer second = LinearSolve.solve(r, Objective.COST, found, true, seconds, parameters, new Stopper());
        Answer best = second.hasSolution() ? second : first;
        return new Proof(found, first.optimal(), r.plan(problem, best.values()), first.optimal() && second.optimal());
    }
}
