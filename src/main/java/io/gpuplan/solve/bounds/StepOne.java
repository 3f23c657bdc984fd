package io.gpuplan.solve.bounds;

import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverSolutionCallback;
import com.google.ortools.sat.CpSolverStatus;
import io.gpuplan.rules.Decisions;
import io.gpuplan.solve.Stopper;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

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
 * A clock-stopped solve may also stop one run at a wall-clock cap ({@link Running#goOnAlone}).
 *
 * @param plan  the plan of the most priority found
 * @param level its planned priority
 * @param bound the most priority any plan can run, as proven by either run
 * @param second whether the plan is the second run's
 * @param by    which run found the plan, and how each ended
 */
record StepOne(Decisions plan, long level, long bound, boolean second, String by) {

    /** One of the two runs: its model, its solver, what stops it, and the most priority it has reported, with its plan. */
    private static final class Run {
        final ExactModel model;
        final CpSolver solver;
        /** Stops this run alone (also before CP-SAT starts, which ignores a stop then); the solve's stop stops it too. */
        final Stopper stop = new Stopper();
        long level = -1;
        Decisions plan;
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

        /** CP-SAT on this run's model until it ends or {@link #stop} or {@code solve} stops it. */
        CpSolverStatus solve(CpSolverSolutionCallback found, Stopper solve) {
            try (Stopper.Registration ignored = solve.onStop(stop::stop)) {
                return ExactModel.solve(solver, model, found, stop);
            }
        }
    }

    /**
     * Runs {@code first} and {@code second} (each a model maximizing planned priority and the solver to run it on) at
     * once, both stopped by {@code stopper} too; null when neither finds a plan.
     */
    static StepOne run(ExactModel firstModel, CpSolver firstSolver, ExactModel secondModel, CpSolver secondSolver,
                       Stopper stopper) {
        return start(firstModel, firstSolver, secondModel, secondSolver, stopper).join();
    }

    /** Starts the two runs, each on a thread of its own. */
    static Running start(ExactModel firstModel, CpSolver firstSolver, ExactModel secondModel, CpSolver secondSolver,
                         Stopper stopper) {
        return new Running(new Run(firstModel, firstSolver), new Run(secondModel, secondSolver), stopper);
    }

    /** The two runs under way. */
    static final class Running {
        private final Run first;
        private final Run second;
        private final Object lock = new Object();
        private final CompletableFuture<StepOne> result;
        /** Where plans of more priority than {@link #posted} go once one run goes on alone (null: nowhere yet). */
        private Consumer<Decisions> later;
        private long posted;

        private Running(Run first, Run second, Stopper stopper) {
            this.first = first;
            this.second = second;
            CompletableFuture<Void> a = CompletableFuture.runAsync(() -> {
                CpSolverStatus status = first.solve(reporting(first, second), stopper);
                synchronized (lock) {
                    first.status = status;
                    if (status == CpSolverStatus.OPTIMAL) {
                        second.stop.stop();
                    }
                }
            }, Running::thread);
            CompletableFuture<Void> b = CompletableFuture.runAsync(() -> {
                CpSolverStatus status = second.solve(reporting(second, null), stopper);
                synchronized (lock) {
                    second.status = status;
                    if (status == CpSolverStatus.OPTIMAL && first.level >= Math.round(second.solver.objectiveValue())) {
                        first.stop.stop();
                    }
                }
            }, Running::thread);
            result = CompletableFuture.allOf(a, b).thenApply(v -> end());
        }

        private static void thread(Runnable r) {
            Thread t = new Thread(r, "gpuplan-step-1");
            t.setDaemon(true);
            t.start();
        }

        /**
         * Keeps each plan a run reports (CP-SAT reports only better ones); the first run stops once the second has
         * proven the most priority and it has reached it ({@code other}: the second run, null for the second run).
         */
        private CpSolverSolutionCallback reporting(Run run, Run other) {
            return new CpSolverSolutionCallback() {
                @Override
                public void onSolutionCallback() {
                    synchronized (lock) {
                        run.level = Math.round(objectiveValue());
                        run.plan = run.model.decisions(this);
                        if (other != null && other.status == CpSolverStatus.OPTIMAL
                                && run.level >= Math.round(other.solver.objectiveValue())) {
                            stopSearch();
                        }
                        if (later != null && run.level > posted) {
                            posted = run.level;
                            later.accept(run.plan);
                        }
                    }
                }
            };
        }

        /** Step 1 once both runs have ended (null when neither found a plan). */
        StepOne join() {
            return result.join();
        }

        /** Whether both runs end within {@code nanos} (else they go on); {@link #join} then has step 1. */
        boolean endsWithin(long nanos) {
            try {
                result.get(nanos, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // join throws it
            }
            return true;
        }

        /**
         * Stops the run that has found less priority (the second on a tie) and lets the other go on alone, each plan
         * of more priority than now going to {@code later}; returns the plan of the most priority found so far (null:
         * none). A clock-stopped solve's local search starts from it on the core the stopped run leaves.
         */
        Decisions goOnAlone(Consumer<Decisions> later) {
            synchronized (lock) {
                Run ahead = second.level > first.level ? second : first;
                (ahead == first ? second : first).stop.stop();
                this.later = later;
                posted = ahead.level;
                return ahead.plan;
            }
        }

        /** Stops both runs (what they found stays). */
        void stop() {
            first.stop.stop();
            second.stop.stop();
        }

        private StepOne end() {
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
}
