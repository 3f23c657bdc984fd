package io.gpuplan.solve.bounds;

import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.LinearExpr;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.solve.PlacedOption;
import io.gpuplan.solve.Stopper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Re-plans a set of jobs exactly, with every other job where it is: CP-SAT on the {@link ExactModel} of the set
 * (the others' GPUs and costs fixed), from the set's current placements. What the search's restarts and the exact
 * search use to re-pack a neighbourhood no greedy insertion puts back right.
 */
public final class ExactRepair {
    private ExactRepair() {
    }

    /** What a re-plan asks CP-SAT for. */
    public enum Level {
        /** Most priority first, then least cost (R23's order): a set that may take in an unplanned job. */
        PRIORITY_FIRST,
        /**
         * Least cost among re-plans that run at least the priority the set runs now. Without the weight of priority
         * in the objective CP-SAT's cost bounds are far tighter, and it proves many more re-plans optimal in the same
         * time: on 60-job quarters the exact search ends 2–4 % cheaper at a priority level (docs/benchmarks.md).
         */
        COST_AT_PRIORITY,
        /**
         * Least cost among re-plans that run more priority than the set does now (a job left out comes in): the cheapest
         * way in, where CP-SAT's first plan of more priority under {@link #PRIORITY_FIRST} can cost far more.
         */
        MORE_PRIORITY
    }

    /**
     * A re-plan: the set's placements (a job absent is unplanned; null: none found), whether CP-SAT settled the set
     * (proved them the best for it, or that no re-plan reaches the level asked),
     * and at {@link Level#COST_AT_PRIORITY} CP-SAT's bound on the cost its model counts over re-plans keeping the
     * set's priority; -1 for none. For a re-plan of every job that cost is the plan's, so the bound holds for any plan
     * running at least the plan's priority (the model prices each pool's lines at most a cent below the rules); and
     * the deterministic seconds CP-SAT used.
     */
    public record Replan(Map<String, PlacedOption> placed, boolean settled, long costBound, double used) {
    }

    /**
     * The set's re-plan at the level asked (a job absent from its placements is unplanned; null placements when
     * CP-SAT found nothing within {@code deterministicSeconds}, and {@code wallSeconds} of the clock: infinite for
     * none, so the result depends on the deterministic budget alone); a stop ends CP-SAT with its best so far.
     */
    public static Replan replan(Problem problem, List<JobOptions> free, List<PlacedOption> fixed, List<PlacedOption> current,
                                Level level, double deterministicSeconds, double wallSeconds, long seed, Stopper stopper) {
        LinearSolve.load();
        ExactModel m = new ExactModel(problem, free, fixed);
        m.hint(hint(problem, fixed, current));
        long priority = current.stream().mapToLong(p -> p.option().job().priority()).sum();
        if (level == Level.COST_AT_PRIORITY) {
            return cheapest(m, priority, deterministicSeconds, wallSeconds, seed, stopper);
        }
        if (level == Level.MORE_PRIORITY) {
            Replan r = cheapest(m, priority + 1, deterministicSeconds, wallSeconds, seed, stopper);
            return new Replan(r.placed(), r.settled(), -1, r.used());
        }
        // Priority before cost (R23): a unit of priority outweighs any cost the set can have.
        long weight = m.mostCost() + 1;
        m.model.minimize(LinearExpr.newBuilder().add(m.cost).addTerm(m.plannedPriority, -weight).build());
        Solved most = solve(m, deterministicSeconds, wallSeconds, seed, stopper);
        return new Replan(most.found() ? byJob(m.placed(most.solver())) : null, most.settled(), -1, most.used());
    }

    /** The model's least cost among plans running at least {@code priority}, with CP-SAT's bound on it. */
    private static Replan cheapest(ExactModel m, long priority, double deterministicSeconds, double wallSeconds, long seed,
                                   Stopper stopper) {
        m.model.addGreaterOrEqual(m.plannedPriority, priority);
        m.model.minimize(m.cost);
        Solved least = solve(m, deterministicSeconds, wallSeconds, seed, stopper);
        if (!least.found()) {
            return new Replan(null, least.settled(), -1, least.used());
        }
        CpSolver solver = least.solver();
        return new Replan(byJob(m.placed(solver)), least.settled(), ExactModel.costBound(solver, least.settled()),
                least.used());
    }

    /** CP-SAT's answer: whether it found a plan, and whether it settled the set (proved that plan best, or that there is none). */
    private record Solved(CpSolver solver, boolean found, boolean settled) {
        /** CP-SAT's deterministic seconds; none when a stop came before it started. */
        double used() {
            return solver.response() == null ? 0 : solver.response().getDeterministicTime();
        }
    }

    /**
     * CP-SAT on the model, single-threaded, until {@code stopper} stops it too (a re-plan after a move-limited local
     * search has no wall-clock cap short of the solve's: on 120-job quarters one took seconds, which a Ctrl-C waited).
     */
    private static Solved solve(ExactModel m, double deterministicSeconds, double wallSeconds, long seed, Stopper stopper) {
        CpSolver solver = ExactModel.cpSat(deterministicSeconds, wallSeconds, seed);
        // No generic MIP cuts (MIR, Chvatal-Gomory, zero-half; the cumulatives' and pools' own stay): on 30-job sets of
        // 60-job quarters CP-SAT then settled all six pool re-plans of a plateau where it settled three, in less time,
        // and clock-stopped solves came nearer the optimum (docs/benchmarks.md, issue 10's twenty-eighth session).
        solver.getParameters().setAddMirCuts(false).setAddCgCuts(false).setAddZeroHalfCuts(false);
        CpSolverStatus status = ExactModel.solve(solver, m, null, stopper);
        return new Solved(solver, ExactModel.found(status),
                status == CpSolverStatus.OPTIMAL || status == CpSolverStatus.INFEASIBLE);
    }

    /**
     * The plan a re-plan starts from: the set's placements and every pool at the level the plan buys (its peak over
     * the fixed jobs and the set's). Without the levels the hint bought no pool, CP-SAT could not take it as it is and
     * began from a plan of its own repair, on 60 x 24 seed 8 up to 15 % dearer than the plan (docs/benchmarks.md).
     */
    static Decisions hint(Problem problem, List<PlacedOption> fixed, List<PlacedOption> current) {
        List<PlacedOption> all = new ArrayList<>(fixed);
        all.addAll(current);
        return PlacedOption.decisions(problem, all);
    }

    private static Map<String, PlacedOption> byJob(List<PlacedOption> placed) {
        Map<String, PlacedOption> out = new HashMap<>();
        placed.forEach(p -> out.put(p.option().job().id(), p));
        return out;
    }
}
