package io.gpuplan.solve.bounds;

import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverSolutionCallback;
import com.google.ortools.sat.CpSolverStatus;
import io.gpuplan.rules.Decisions;
import java.util.concurrent.CompletableFuture;

/**
 * The certifier's step 1: CP-SAT's most priority, run twice at once from the same hint on two seeds, one per core
 * (local search has not started: the second core is idle). Which run finds the most priority is down to its seed:
 * over 60- and 80-job quarters one run in four ended a level or more short on its budget, two of the same budget
 * together one in sixteen (docs/benchmarks.md, issue 10's twentieth session).
 *
 * <p>The plan is the first run's unless the second finds more priority; the bound the lower of theirs. So that a
 * solve repeats itself for a seed, the result does not depend on which run ends first: neither run is cut short
 * except where that cannot change it, the first once the second has proven the most priority and the first has
 * reached it (CP-SAT only reports better plans, so the first run's plan is then final), the second once the first
 * has proven it. Where the first run finds the most priority, as it did alone, the start plan is the one it was.
 *
 * @param plan  the plan of the most priority found
 * @param level its planned priority
 * @param bound the most priority any plan can run, as proven by either run
 * @param second whether the plan is the second run's
 * @param by    which run found the plan, and how each ended
 */
record StepOne(Decisions plan, long level, long bound, boolean second, String by) {

    /** How the certifier solves a model: with its stop registration and wall-clock cap. */
    interface Solve {
        CpSolverStatus solve(CpSolver solver, ExactModel model, CpSolverSolutionCallback found);
    }

    /** One of the two runs: its model, its solver, and the most priority it has reported so far. */
    private static final class Run {
        final ExactModel model;
        final CpSolver solver;
        long level = -1;
        CpSolverStatus status = CpSolverStatus.UNKNOWN;

        Run(ExactModel model, CpSolver solver) {
            this.model = model;
            this.solver = solver;
        }

        boolean found() {
            return ExactModel.found(status);
        }

        long bound() {
            return ExactModel.priorityBound(solver, status == CpSolverStatus.OPTIMAL);
        }
    }

    /**
     * Runs {@code first} and {@code second} (each a model maximizing planned priority and the solver to run it on) at
     * once; null when neither finds a plan.
     */
    static StepOne run(ExactModel firstModel, CpSolver firstSolver, ExactModel secondModel, CpSolver secondSolver,
                       Solve solve) {
        Run first = new Run(firstModel, firstSolver);
        Run second = new Run(secondModel, secondSolver);
        Object lock = new Object();
        CompletableFuture<Void> other = CompletableFuture.runAsync(() -> {
            CpSolverStatus status = solve.solve(second.solver, second.model, null);
            synchronized (lock) {
                second.status = status;
                if (status == CpSolverStatus.OPTIMAL) {
                    second.level = Math.round(second.solver.objectiveValue());
                    if (first.level >= second.level) {
                        first.solver.stopSearch();
                    }
                }
            }
        }, r -> {
            Thread t = new Thread(r, "gpuplan-step-1");
            t.setDaemon(true);
            t.start();
        });
        CpSolverStatus status = solve.solve(first.solver, first.model, new CpSolverSolutionCallback() {
            @Override
            public void onSolutionCallback() {
                synchronized (lock) {
                    first.level = Math.round(objectiveValue());
                    if (second.status == CpSolverStatus.OPTIMAL && first.level >= second.level) {
                        stopSearch();
                    }
                }
            }
        });
        first.status = status; // read by this thread only
        if (status == CpSolverStatus.OPTIMAL) {
            second.solver.stopSearch();
        }
        other.join();
        long bound = Long.MAX_VALUE;
        for (Run r : new Run[]{first, second}) {
            if (r.found()) {
                r.level = Math.round(r.solver.objectiveValue());
                bound = Math.min(bound, r.bound());
            }
        }
        if (!first.found() && !second.found()) {
            return null;
        }
        Run best = !first.found() || second.found() && second.level > first.level ? second : first;
        return new StepOne(best.model.decisions(best.solver), best.level, bound, best == second,
                (best == first ? "first" : "second") + " run; " + first.status + " at " + first.level + ", "
                        + second.status + " at " + second.level);
    }
}
