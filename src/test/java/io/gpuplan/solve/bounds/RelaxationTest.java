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
    void aFractionalPlanLeansToEachJobsColumnsWithAValueLargestFirstTheJobsByPriorityThenTheSurest() throws Exception {
        // The four runs, v2 of priority 5 and the others of 1.
        String text = java.nio.file.Files.readString(FOUR_RUNS).replace("{id: v2, kind: training,", "{id: v2, priority: 5, kind: training,");
        Problem p = ProblemReader.parse("four-runs.yaml", text, new ArrayList<>());
        Relaxation r = Relaxations.timeIndexed(p, OptionEnumerator.enumerate(p));
        double[] values = new double[r.columns()];
        int v1 = column(r, "v1", 0), v1Later = column(r, "v1", 3), v2 = column(r, "v2", 0), v4 = column(r, "v4", 1);
        values[v1] = 0.3;
        values[v1Later] = 0.7;
        values[v2] = 0.2;
        values[v4] = 0.9;
        values[r.jobColumns()] = 0.5; // a pool column: no job's
        List<List<io.gpuplan.solve.PlacedOption>> leaning = r.leaning(values);
        // v2 first (priority 5) though least sure; then v4 (0.9) before v1 (0.7); v3 has no value and is left out.
        assertEquals(List.of("v2", "v4", "v1"), leaning.stream().map(l -> l.get(0).option().job().id()).toList());
        assertEquals(List.of(r.start()[v1Later], r.start()[v1]), leaning.get(2).stream().map(io.gpuplan.solve.PlacedOption::start).toList());
        assertEquals(r.option()[v1Later], leaning.get(2).get(0).option());
        assertEquals(1, leaning.get(0).size());
    }

    @Test
    void theGreedyThatFollowsTheCostLpsPlanKeepsEveryRuleOnGeneratedQuarters() throws Exception {
        // Budgets bind on these and reserved terms run past the quarter: an estimate without R29's part of a pool
        // broke aws's budget on seed 8.
        for (int seed : new int[] {1, 8}) {
            Problem p = ProblemReader.parse("generated.yaml", io.gpuplan.bench.ScenarioGenerator.generate(60, 24, seed, 90),
                    new ArrayList<>());
            List<JobOptions> options = OptionEnumerator.enumerate(p);
            io.gpuplan.model.GpuPlan warm = io.gpuplan.model.GpuPlanFactory.create(p, options);
            io.gpuplan.solve.WarmStart.apply(warm, options, List.of());
            long level = io.gpuplan.rules.PlanEvaluator.evaluate(p, io.gpuplan.solve.SolutionDecisions.of(warm)).plannedPriority();
            Relaxation r = Relaxations.timeIndexed(p, options);
            Answer lp = LinearSolve.solve(r, Objective.COST, level, false, 60, null, new Stopper());
            assertTrue(lp.optimal());
            Evaluation guided = io.gpuplan.rules.PlanEvaluator.evaluate(p,
                    io.gpuplan.solve.WarmStart.guided(p, options, r.leaning(lp.values())));
            assertTrue(guided.feasible(), seed + ": " + guided.violations());
        }
    }

    /** The {@code nth} column of the job's. */
    private static int column(Relaxation r, String job, int nth) {
        for (int j = 0; j < r.jobs(); j++) {
            if (r.option()[r.jobFirst()[j]].job().id().equals(job)) {
                assertTrue(r.jobFirst()[j] + nth < r.jobFirst()[j + 1]);
                return r.jobFirst()[j] + nth;
            }
        }
        throw new AssertionError(job);
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
