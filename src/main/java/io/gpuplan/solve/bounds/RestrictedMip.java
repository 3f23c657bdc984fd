package io.gpuplan.solve.bounds;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.Billing;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.LinearSolve.Answer;
import io.gpuplan.solve.bounds.LinearSolve.Objective;
import java.util.ArrayList;
import java.util.List;
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
 * column whose reduced cost exceeds the whole gap is in no cheaper plan, so over the whole gap SCIP's bound is one on
 * every plan at that priority; a smaller share may cut the optimum off and gives a plan only. A third re-plan holds the
 * reserved pool the plan buys furthest above the LP's level to that level: a plan whose pool is several instances too
 * large is a move of a dozen jobs and the pool at once, which SCIP finds when the pool may not stay (issue 10, 60 × 24
 * seed 9). It repeats itself: SCIP runs on one thread, stopped by a node limit; its wall-clock cap is a safety.
 */
final class RestrictedMip {
    private static final Logger LOG = LoggerFactory.getLogger(RestrictedMip.class);
    /**
     * The shares of the plan's gap to the LP a column's reduced cost may reach, one re-plan each. 0.05: on 60 × 24
     * seed 8 it kept a third of the columns and reached the optimum in 1,600 nodes; on seed 4 it stopped 0.5 % short
     * (0.02 stopped short on both, 0.2 found nothing on seed 8 in 60 s). 1: every column that can be in a cheaper plan
     * (a plan holding a column pays at least the LP's optimum plus the column's reduced cost), so SCIP's bound is one on
     * every plan; in 1,000 nodes it reached seed 4's optimum and came within 0.4 % of seed 8's.
     */
    static final List<Double> SHARES = List.of(0.05, 1.0);
    /** The share whose re-plan bounds every plan. */
    private static final int WHOLE_GAP = SHARES.indexOf(1.0);
    /**
     * SCIP's node limit: 1,000 kept 60- and 80-job default solves within 160 s on 2 idle cores (2,000 took 60 × 24
     * seed 8 to its optimum, and its solve to 168 s).
     */
    static final long NODES = 1_000;
    /**
     * SCIP's node limit in the re-plan with a pool capped: 200 reached 60 × 24 seed 9's cheaper plan (−3.7 %) and kept
     * the five quarters where it ran within about 30 s of the other two re-plans; 1,000 also took seed 8 to its optimum
     * (−0.74 %) but took 242 s on seed 7, past the 300-s default (docs/benchmarks.md, issue 10, sixteenth session).
     */
    static final long CAPPED_NODES = 200;
    /** The LP's rounding error on a pool's level. */
    private static final double TOLERANCE = 1e-6;

    private RestrictedMip() {
    }

    /**
     * What the re-plans found: their plans (each the start plan when it found nothing better; the capped one's may be
     * dearer) and a bound in cents on the relaxation's cost of every plan at the level (NaN: none), from the re-plan
     * over every column that can be in a cheaper plan: the start plan's cost or SCIP's bound there, whichever is lower.
     */
    record Replans(List<Decisions> plans, double bound) {
    }

    private record Replan(Decisions plan, double bound) {
    }

    /**
     * The re-plans, one per share in {@link #SHARES}, side by side (one thread each, on the LP solved once), and the
     * one with a pool capped ({@link #cappedReplan}) on the thread that frees first, unless the whole gap's re-plan
     * has proved its plan the cheapest by then (stopped then, and its plan dropped).
     *
     * @param level the priority the plan runs, which the re-plans keep
     * @param cents the plan's cost
     */
    static Replans replans(Problem problem, Relaxation r, Decisions plan, long level, long cents, long seed,
                           double seconds, Stopper stopper) {
        Answer lp = costLp(r, level, seconds, stopper);
        if (lp == null) {
            return new Replans(List.of(), Double.NaN);
        }
        double[] hint = r.hint(plan);
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        ExecutorService cores = Executors.newFixedThreadPool(SHARES.size());
        // Once the whole gap's re-plan proves its plan the cheapest, no plan under a cap beats it: the capped re-plan
        // stops (or never starts) and its plan is dropped whenever that proof comes, so the outcome does not depend on
        // the clock.
        Stopper cappedStop = new Stopper();
        try (Stopper.Registration ignored = stopper.onStop(cappedStop::stop)) {
            List<CompletableFuture<Replan>> shares = SHARES.stream()
                    .map(share -> CompletableFuture.supplyAsync(() -> replan(problem, r, plan, hint, level,
                            share * Math.max(0, cents - lp.objective()), lp, seed, NODES, seconds, stopper), cores))
                    .toList();
            CompletableFuture<Boolean> proof = shares.get(WHOLE_GAP).thenApply(whole -> provesCheapest(problem, r, whole));
            proof.thenAccept(proven -> {
                if (proven) {
                    cappedStop.stop();
                }
            });
            CompletableFuture<Decisions> capped = CompletableFuture.supplyAsync(() ->
                    cappedReplan(problem, r, plan, hint, lp, level, cents, seed, deadline, cappedStop), cores);
            // A re-plan is a search: should one fail, the solve keeps the plans it has.
            List<Replan> done = shares.stream().map(f -> f.exceptionally(e -> null).join()).toList();
            List<Decisions> plans = new ArrayList<>(done.stream().filter(d -> d != null && d.plan() != null)
                    .map(Replan::plan).toList());
            Replan whole = done.get(WHOLE_GAP);
            Decisions cappedPlan = capped.exceptionally(e -> null).join();
            if (proof.exceptionally(e -> false).join()) {
                LOG.debug("SCIP's re-plan over the whole gap proved its plan the cheapest: no capped re-plan");
            } else if (cappedPlan != null) {
                plans.add(cappedPlan);
            }
            return new Replans(plans, whole == null || !Double.isFinite(whole.bound()) ? Double.NaN
                    : Math.min(cents, whole.bound()));
        } finally {
            cores.shutdown();
        }
    }

    /**
     * What may lie between a plan's cost and SCIP's bound in cents without either being wrong: a cent per pool (the
     * plan rounds each pool's lines, the MIP prices them unrounded) and a millionth (SCIP's tolerances). The certificate
     * takes the bound less this; a plan within it of the bound is as cheap as SCIP can tell.
     */
    static double margin(Relaxation r, double bound) {
        return r.pools() + 1e-6 * Math.abs(bound);
    }

    /**
     * Whether the whole gap's re-plan proves its plan the cheapest: the plan costs no more than SCIP's bound and its
     * {@link #margin}. Every plan cheaper than the start plan is among its columns, and the MIP prices no plan above
     * what the plan costs (give or take that cent per pool), so no plan, under a cap or not, is cheaper than this one
     * by more than the margin twice. Where the MIP prices this plan below its cost (R27, R28, R30 priced), nothing is
     * proven.
     */
    private static boolean provesCheapest(Problem problem, Relaxation r, Replan whole) {
        return whole.plan() != null
                && PlanEvaluator.evaluate(problem, whole.plan()).costCents() <= whole.bound() + margin(r, whole.bound());
    }

    /**
     * SCIP's re-plan of every job with one reserved pool held below the plan's: of the pools the plan buys above the
     * LP's level rounded up, the one whose instances over the LP's level cost most, capped at the LP's level rounded
     * down; on every column that can be in a plan cheaper than this one under the cap (the capped LP's reduced costs).
     * Null when no pool is so far above the LP's, SCIP finds no plan, or {@code deadline} (System.nanoTime) has passed:
     * queued behind the other two, it may start when their cap has run out (on an 80 x 20 quarter it then ran 134 s
     * past a default solve's 300 s: docs/benchmarks.md, issue 10, thirty-fourth session). A plan only: the cap cuts
     * plans off.
     *
     * @param hint the plan's {@link Relaxation#hint} in r (the capped relaxation has the same columns)
     */
    static Decisions cappedReplan(Problem problem, Relaxation r, Decisions plan, double[] hint, Answer lp, long level,
                                  long cents, long seed, long deadline, Stopper stopper) {
        double seconds = (deadline - System.nanoTime()) / 1e9;
        if (seconds <= 0) {
            return null;
        }
        int pool = -1;
        int poolBought = 0;
        double most = 0;
        for (int p = 0; p < r.pools(); p++) {
            Offer offer = r.poolOffer()[p];
            int bought = Billing.instances(plan.reservations().getOrDefault(offer.id(), 0), offer.gpusPerInstance());
            double lpLevel = lp.values()[r.jobColumns() + p];
            double over = (bought - lpLevel) * r.cost()[r.jobColumns() + p];
            if (bought > Math.ceil(lpLevel - TOLERANCE) && over > most) {
                most = over;
                pool = p;
                poolBought = bought;
            }
        }
        if (pool < 0) {
            return null;
        }
        double[] limits = r.poolLimit().clone();
        limits[pool] = Math.floor(lp.values()[r.jobColumns() + pool] + TOLERANCE);
        Relaxation capped = r.withPoolLimits(limits);
        Answer cappedLp = costLp(capped, level, seconds, stopper);
        if (cappedLp == null) {
            return null;
        }
        LOG.debug("SCIP's re-plan with {} capped at {} instances (the plan's {})", r.poolOffer()[pool].id(),
                limits[pool], poolBought);
        return replan(problem, capped, plan, hint, level, Math.max(0, cents - cappedLp.objective()), cappedLp, seed,
                CAPPED_NODES, seconds, stopper).plan();
    }

    /** GLOP on the relaxation's cost at the level, or null unless it is optimal with every job column's reduced cost. */
    private static Answer costLp(Relaxation r, long level, double seconds, Stopper stopper) {
        Answer lp = LinearSolve.solve(r, Objective.COST, level, false, seconds, null, stopper);
        return lp.optimal() && lp.reducedCosts().length >= r.jobColumns() ? lp : null;
    }

    /**
     * SCIP on the columns whose reduced cost is at most {@code within} cents, and the plan's own ({@code hint}, the
     * plan's {@link Relaxation#hint}): its plan (null: none) and its bound on that restricted MIP (NaN when SCIP ended
     * without one).
     */
    private static Replan replan(Problem problem, Relaxation r, Decisions plan, double[] hint, long level,
                                 double within, Answer lp, long seed, long nodes, double seconds, Stopper stopper) {
        // A cent more than asked: a column GLOP prices a hair above the gap is kept, so the whole gap stays a bound.
        double upTo = within + 1 + 1e-9 * Math.abs(lp.objective());
        boolean[] keep = new boolean[r.columns()];
        for (int c = 0; c < r.columns(); c++) {
            keep[c] = c >= r.jobColumns() || hint[c] == 1 || lp.reducedCosts()[c] <= upTo;
        }
        Relaxation kept = r.restrictedTo(keep);
        long started = System.nanoTime();
        Answer mip = LinearSolve.scip(kept, level, kept.hint(plan), parameters(seed, nodes), seconds, stopper);
        LOG.debug("SCIP's re-plan within {} cents of reduced cost: {} of {} columns, {} at {} cents, bound {}, in {} s",
                Math.round(within), kept.jobColumns(), r.jobColumns(), mip.status(), Math.round(mip.objective()),
                Math.round(mip.bestBound()), (System.nanoTime() - started) / 1_000_000_000.0);
        return mip.hasSolution() ? new Replan(kept.plan(problem, mip.values()), mip.bestBound())
                : new Replan(null, Double.NaN);
    }

    private static String parameters(long seed, long nodes) {
        // SCIP takes a seed shift in [0, 2^31). No restarts: on 60-job quarters they took half of its time to the plan.
        return "limits/totalnodes = " + nodes + "\npresolving/maxrestarts = 0\nrandomization/randomseedshift = "
                + Math.floorMod(seed, Integer.MAX_VALUE);
    }
}
