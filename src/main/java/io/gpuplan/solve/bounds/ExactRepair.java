package io.gpuplan.solve.bounds;

import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.solve.PlacedOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-plans a set of jobs exactly, with every other job where it is: CP-SAT on the {@link ExactModel} of the set
 * (the others' GPUs and costs fixed), most priority first, then least cost, from the set's current placements. What
 * the search's restarts use to re-pack a neighbourhood no greedy insertion puts back right.
 */
public final class ExactRepair {
    private ExactRepair() {
    }

    /**
     * The set's best placements (a job absent from the result is unplanned), or null when CP-SAT found nothing at
     * least as good as {@code current} within {@code deterministicSeconds} (and {@code wallSeconds} of the clock:
     * infinite for none, so the result depends on the deterministic budget alone).
     */
    public static Map<String, PlacedOption> repair(Problem problem, List<JobOptions> free, List<PlacedOption> fixed,
                                                   List<PlacedOption> current, double deterministicSeconds,
                                                   double wallSeconds, long seed) {
        LinearSolve.load();
        ExactModel m = new ExactModel(problem, free, fixed);
        List<Placement> hint = current.stream().map(PlacedOption::placement).toList();
        m.hint(new Decisions(hint, Map.of()));
        // Priority before cost (R23): a unit of priority outweighs any cost the set can have.
        long weight = m.mostCost() + 1;
        m.model.minimize(LinearExpr.newBuilder().add(m.cost).addTerm(m.plannedPriority, -weight).build());
        CpSolver solver = new CpSolver();
        var parameters = solver.getParameters().setMaxDeterministicTime(deterministicSeconds).setNumWorkers(1)
                .setRandomSeed((int) (seed & 0x7fffffff)).setCatchSigintSignal(false).setLogSearchProgress(false);
        if (Double.isFinite(wallSeconds)) {
            parameters.setMaxTimeInSeconds(Math.max(0.01, wallSeconds));
        }
        CpSolverStatus status = solver.solve(m.model);
        if (status != CpSolverStatus.OPTIMAL && status != CpSolverStatus.FEASIBLE) {
            return null;
        }
        Map<String, PlacedOption> out = new HashMap<>();
        m.placed(solver).forEach(p -> out.put(p.option().job().id(), p));
        return out;
    }
}
