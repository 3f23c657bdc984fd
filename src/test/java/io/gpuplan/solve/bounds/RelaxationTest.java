package io.gpuplan.solve.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.ExhaustiveSearch;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.LinearSolve.Answer;
import io.gpuplan.solve.bounds.LinearSolve.Objective;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The relaxations' bounds worked out by hand on four 16-GPU runs of 432 h (18 daily slots) in a 90-day quarter, each
 * on-demand at 2.744705 or on a reserved pool at 1.740137 per GPU-hour; and, on random small quarters, every way of
 * getting multipliers (GLOP whole, column generation, pool prices, subgradient ascent) bounding the exhaustive optimum.
 */
class RelaxationTest {
    /** Four runs on-demand or on a reserved pool (shared with BoundsAndBaselinesTest). */
    static final Path FOUR_RUNS = Path.of("src/test/resources/problems/four-runs.yaml");

    // T = 6220.8 / (16 × 0.9) = 432 h: 18 slots. On-demand, each run: 16 × 432 × 2.744705 = 18,971.40 USD.
    static final long ON_DEMAND = Math.round(16 * 432 * 2.744705 * 100);
    // One reserved GPU for the quarter: 2160 h × 1.740137 = 3,758.69592 USD.
    static final double GPU_QUARTER = 2160 * 1.740137 * 100;
    /** The four runs at priority 1 each: all of them. */
    static final long ALL = 4;

    @Test
    void theAggregatedLpCountsTheReservationForTheWholeQuarter() throws Exception {
        Problem p = ProblemReader.read(FOUR_RUNS).problem();
        Relaxation r = Relaxations.aggregated(p, OptionEnumerator.enumerate(p));
        // Slots every start of a run occupies on the pool (latest start .. earliest end): v1 6-17, v2 27-35, v3 48-53,
        // v4 none. So r >= 16·x1, 16·x2, 16·x3 and 90·r >= 288·(x1 + x2 + x3 + x4). With x4 = 1 and x1 = x2 = x3 = t,
        // r = 16t needs t >= 1/2; cost 3·OD·(1 - t) + 16·t·GPU_QUARTER grows with t, so the optimum is t = 1/2.
        double optimum = 1.5 * ON_DEMAND + 8 * GPU_QUARTER; // 5,852,666.74 cents
        Answer lp = LinearSolve.solve(r, Objective.COST, ALL, false, 30, null, new Stopper());
        assertEquals(optimum, r.costBound(lp.multipliers(), lp.multiplierOfLevel(), ALL), 0.01);
        assertTrue(new ColumnGeneration(r).solve(30, new Stopper()).bound() >= ALL - 1e-6);
        // Climbing from pool prices (4 × 3.2 × GPU_QUARTER = 48,111.31 USD, below) towards the optimum, the bound ends
        // within 1 % of it (58,468.81 USD), with no target but its margin within 2 % (57,545.49), and never above.
        double[] v = r.poolPrices();
        assertEquals(4 * 3.2 * GPU_QUARTER, pricedPoolBound(r, ALL), 1e-3);
        for (double[] targetAndShare : new double[][] {{optimum, 0.99}, {0, 0.98}}) {
            double target = targetAndShare[0];
            double climbed = LagrangianAscent.ascend(r, v, r.levelMultiplier(v, ALL), ALL, target, new Stopper(),
                    inAMinute()).bound();
            assertTrue(climbed <= optimum + 1e-6 && climbed >= targetAndShare[1] * optimum, target + ": " + climbed);
        }
    }

    @Test
    void multipliersOfZeroGiveZeroAndPoolPricesGiveEachRunItsOwnHours() throws Exception {
        Problem p = ProblemReader.read(FOUR_RUNS).problem();
        Relaxation r = Relaxations.aggregated(p, OptionEnumerator.enumerate(p));
        // v = 0: the pool is free, so each run costs nothing there (and the level's multiplier adds nothing).
        assertEquals(0.0, r.costBound(new double[r.rows()], 0, ALL), 1e-9);
        // The pool's GPU-slots at GPU_QUARTER / 90: a run there pays 16 × 18 × GPU_QUARTER / 90 = 3.2 × GPU_QUARTER,
        // its own hours at the reserved price, less than on-demand, so all four go there.
        assertEquals(4 * 3.2 * GPU_QUARTER, pricedPoolBound(r, ALL), 1e-3);
        assertEquals(2 * 3.2 * GPU_QUARTER, pricedPoolBound(r, 2), 1e-3);
    }

    @Test
    void everyBoundIsAtMostTheExhaustiveOptimum() throws Exception {
        everyBoundIsAtMostTheOptimum(new Random(5), 15, false);
    }

    /** R31: continuing jobs (pinned stays, churn on moves) and carried pools priced 0. */
    @Test
    void everyBoundIsAtMostTheExhaustiveOptimumWithAPreviousPlan() throws Exception {
        everyBoundIsAtMostTheOptimum(new Random(6), 12, true);
    }

    /** The cost bound at pool prices and the level's best multiplier for them, as the certifier starts from. */
    private static double pricedPoolBound(Relaxation r, long level) {
        double[] v = r.poolPrices();
        return r.costBound(v, r.levelMultiplier(v, level), level);
    }

    /** A deadline (System.nanoTime) no ascent here reaches: each takes milliseconds. */
    private static long inAMinute() {
        return System.nanoTime() + 60_000_000_000L;
    }

    private static void everyBoundIsAtMostTheOptimum(Random random, int instances, boolean previous) throws Exception {
        for (int i = 0; i < instances; i++) {
            String text = ExhaustiveSearch.randomInstance(random);
            if (previous) {
                text = text.replace("offers:\n", io.gpuplan.previous.RandomPrevious.section(random) + "offers:\n");
            }
            Problem p = ProblemReader.parse("small.yaml", text, new ArrayList<>());
            if (previous) {
                p = io.gpuplan.previous.RandomPrevious.continuing(p, random);
                text = text + "# continuing " + p.previous().continuing().values();
            }
            List<JobOptions> options = OptionEnumerator.enumerate(p);
            if (ExhaustiveSearch.leaves(options) > ExhaustiveSearch.MOST_LEAVES) {
                i--; // too large to search exhaustively in seconds: the next draw takes its place
                continue;
            }
            Evaluation optimum = ExhaustiveSearch.optimum(p, options);
            long total = p.jobs().stream().mapToLong(j -> j.priority()).sum();
            long most = total - optimum.unplannedPriority();
            Map<Long, Long> cheapestAt = new TreeMap<>();
            for (long level = 0; level <= most; level += Math.max(1, most / 3)) {
                cheapestAt.put(level, ExhaustiveSearch.cheapest(p, options, total - level).costCents());
            }
            for (Relaxation r : List.of(Relaxations.aggregated(p, options), Relaxations.timeIndexed(p, options))) {
                ColumnGeneration columns = new ColumnGeneration(r);
                Answer lp = LinearSolve.solve(r, Objective.PRIORITY, 0, false, 30, null, new Stopper());
                assertTrue(r.priorityBound(lp.multipliers()) >= most - 1e-6, text);
                assertTrue(columns.solve(30, new Stopper()).bound() >= most - 1e-6, text);
                for (long level : cheapestAt.keySet()) {
                    long cheapest = cheapestAt.get(level);
                    lp = LinearSolve.solve(r, Objective.COST, level, false, 30, null, new Stopper());
                    // Half a cent per pool: R18 rounds each reservation line, the relaxation does not.
                    double slack = 0.5 * r.pools() + 1e-6;
                    assertTrue(r.costBound(lp.multipliers(), lp.multiplierOfLevel(), level) <= cheapest + slack, text);
                    assertTrue(pricedPoolBound(r, level) <= cheapest + slack, text);
                    double[] v = r.poolPrices();
                    for (double target : new double[] {cheapest, 0}) {
                        LagrangianAscent.Result climbed =
                                LagrangianAscent.ascend(r, v, r.levelMultiplier(v, level), level, target, new Stopper(),
                                        inAMinute());
                        assertTrue(climbed.bound() <= cheapest + slack, text);
                        // The bound stated is the Lagrangian's value at the multipliers returned, recomputed.
                        double again = r.costBound(climbed.multipliers(), climbed.multiplierOfLevel(), level);
                        assertEquals(again, climbed.bound(), 1e-6);
                    }
                }
            }
        }
    }
}
