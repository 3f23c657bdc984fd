package io.gpuplan.solve.bounds;

import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.LinearSolve.Answer;
import io.gpuplan.solve.bounds.LinearSolve.Objective;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A re-plan of every job at once: SCIP on the time-indexed MIP at a plan's priority, kept to the columns whose reduced
 * cost in the LP is at most a share of the plan's gap to the LP (and the plan's own columns), started from the plan.
 * On 60-job quarters the cheaper plan can be a move of half the jobs at once, which no sequence of smaller re-plans
 * reaches (docs/benchmarks.md, issue 10): the LP marks the columns worth trying, SCIP searches them together. A
 * column whose reduced cost exceeds the whole gap is in no cheaper plan; a share of it may cut the optimum off, so
 * what the re-plan finds is a plan, never a bound. It repeats itself: SCIP runs on one thread, stopped by a node
 * limit; its wall-clock cap is a safety.
 */
final class RestrictedMip {
    private static final Logger LOG = LoggerFactory.getLogger(RestrictedMip.class);
    /**
     * The shares of the plan's gap to the LP a column's reduced cost may reach, one re-plan each: on 60 × 24 seed 8,
     * 0.05 kept a third of the columns and reached the optimum in 1,600 nodes, 0.1 half of them and took 2,800; on
     * seed 4 0.05 stopped 0.5 % short and 0.1 reached it in 30; 0.02 stopped short on both, 0.2 found nothing in 60 s.
     */
    static final List<Double> SHARES = List.of(0.05, 0.1);
    /**
     * SCIP's node limit: 1,000 kept 60- and 80-job default solves within 160 s on 2 idle cores (2,000 took 60 × 24
     * seed 8 to its optimum, and its solve to 168 s).
     */
    static final long NODES = 1_000;

    private RestrictedMip() {
    }

    /**
     * The re-plans, one per share in {@link #SHARES}, side by side (one thread each, on the LP solved once).
     *
     * @param level the priority the plan runs, which the re-plans keep
     * @param cents the plan's cost
     * @return each re-plan's best plan (the start plan when it found nothing better), none where SCIP failed; empty
     * when the LP failed
     */
    static List<Decisions> replans(Problem problem, Relaxation r, Decisions plan, long level, long cents, long seed,
                                   double seconds, Stopper stopper) {
        Answer lp = LinearSolve.solve(r, Objective.COST, level, false, seconds, null, stopper);
        if (!lp.optimal() || lp.reducedCosts().length < r.jobColumns()) {
            return List.of();
        }
        ExecutorService cores = Executors.newFixedThreadPool(SHARES.size());
        try {
            List<CompletableFuture<Decisions>> replans = SHARES.stream().map(share -> CompletableFuture.supplyAsync(
                    () -> replan(problem, r, plan, level, share * Math.max(0, cents - lp.objective()), lp, seed,
                            seconds, stopper), cores)).toList();
            // A re-plan is a search: should one fail, the solve keeps the plans it has.
            return replans.stream().map(f -> f.exceptionally(e -> null).join()).filter(Objects::nonNull).toList();
        } finally {
            cores.shutdown();
        }
    }

    /** SCIP on the columns whose reduced cost is at most {@code within} cents, and the plan's own. */
    static Decisions replan(Problem problem, Relaxation r, Decisions plan, long level, double within, Answer lp,
                            long seed, double seconds, Stopper stopper) {
        double[] hint = r.hint(plan);
        boolean[] keep = new boolean[r.columns()];
        for (int c = 0; c < r.columns(); c++) {
            keep[c] = c >= r.jobColumns() || hint[c] == 1 || lp.reducedCosts()[c] <= within;
        }
        Relaxation kept = r.restrictedTo(keep);
        long started = System.nanoTime();
        Answer mip = LinearSolve.scip(kept, level, kept.hint(plan), parameters(seed), seconds, stopper);
        LOG.debug("SCIP's re-plan within {} cents of reduced cost: {} of {} columns, {} at {} cents in {} s",
                Math.round(within), kept.jobColumns(), r.jobColumns(), mip.status(), Math.round(mip.objective()),
                (System.nanoTime() - started) / 1_000_000_000.0);
        return mip.hasSolution() ? kept.plan(problem, mip.values()) : null;
    }

    private static String parameters(long seed) {
        // SCIP takes a seed shift in [0, 2^31). No restarts: on 60-job quarters they took half of its time to the plan.
        return "limits/totalnodes = " + NODES + "\npresolving/maxrestarts = 0\nrandomization/randomseedshift = "
                + Math.floorMod(seed, Integer.MAX_VALUE);
    }
}
