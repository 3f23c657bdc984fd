package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * R24, the LP bound and the R25 baselines on a problem small enough to work out by hand: four 16-GPU runs of
 * 432 h (18 daily slots) in a 90-day quarter, each either on-demand at 2.744705 or on a reserved pool at 1.740137
 * per GPU-hour.
 */
class BoundsAndBaselinesTest {
    static final String PROBLEM = """
            name: four runs
            horizon: {start: 2027-01-01, end: 2027-04-01}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand, price: 2.744705, gpusPerInstance: 8, maxGpus: 64}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: reserved, price: 1.740137, gpusPerInstance: 8, maxGpus: 64}
            jobs:
              - {id: v1, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, deadline: 2027-01-25}
              - {id: v2, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, earliest: 2027-01-19, deadline: 2027-02-15}
              - {id: v3, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, earliest: 2027-02-06, deadline: 2027-03-08}
              - {id: v4, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, earliest: 2027-02-24}
            """;
    static final Set<String> ALL = Set.of("v1", "v2", "v3", "v4");

    // T = 6220.8 / (16 × 0.9) = 432 h: d = 18 slots. On-demand, each run: 16 × 432 × 2.744705 = 18 971.40 (1 897 140 ¢).
    static final long ON_DEMAND = Math.round(16 * 432 * 2.744705 * 100);
    // On the reserved offer, R24 charges the run's own hours: 16 × 432 × 1.740137 = 12 027.83 (1 202 783 ¢).
    static final long RESERVED_OWN_HOURS = Math.round(16 * 432 * 1.740137 * 100);
    // One reserved GPU for the quarter: 2160 h × 1.740137 = 3758.69592 (375 869.592 ¢).
    static final double GPU_QUARTER = 2160 * 1.740137 * 100;

    static Problem problem() throws InputErrors {
        return ProblemReader.parse("four.yaml", PROBLEM, new ArrayList<>());
    }

    @Test
    void r24IsEachRunAtItsCheapestOptionWithReservedAtItsOwnHours() throws Exception {
        List<JobOptions> options = OptionEnumerator.enumerate(problem());
        assertEquals(1_897_140, ON_DEMAND);
        assertEquals(1_202_783, RESERVED_OWN_HOURS);
        assertEquals(4 * RESERVED_OWN_HOURS, LowerBound.r24(options, ALL));
        assertEquals(2 * RESERVED_OWN_HOURS, LowerBound.r24(options, Set.of("v1", "v3")));
    }

    @Test
    void lpBoundCountsTheReservationForTheWholeQuarter() throws Exception {
        Problem p = problem();
        // Mandatory parts on the pool (latest start .. earliest end): v1 slots 6-17, v2 27-35, v3 48-53; v4's window
        // (54..90) has none. So r >= 16·x1, 16·x2, 16·x3 and 90·r >= 288·(x1 + x2 + x3 + x4). With x4 = 1 and
        // x1 = x2 = x3 = t, r = 16t needs t >= 1/2; cost 3·OD·(1 - t) + 16·t·GPU_QUARTER grows with t (16 reserved
        // GPUs cost more than three on-demand runs), so the optimum is t = 1/2: 1.5·OD + 8·GPU_QUARTER.
        double optimum = 1.5 * ON_DEMAND + 8 * GPU_QUARTER; // 5 852 666.74 ¢
        long expected = (long) Math.floor(optimum - 0.5 - 1e-6); // half a cent per reserved pool, rounded down
        LpBound.Result lp = LpBound.compute(p, OptionEnumerator.enumerate(p), ALL);
        assertTrue(lp.computed(), lp.note());
        assertEquals(expected, lp.cents());
        assertTrue(lp.cents() > LowerBound.r24(OptionEnumerator.enumerate(p), ALL), "tighter than R24 here");
    }

    @Test
    void anyNonNegativeMultipliersGiveAValidBoundAndZeroGivesTheCheapestOwnCosts() throws Exception {
        Problem p = problem();
        LpBound.Model m = LpBound.build(p, OptionEnumerator.enumerate(p), ALL);
        // v = 0: each run on its cheapest own cost, the pool free of charge (r costs nothing until v prices it): 0.
        assertEquals(0.0, LpBound.lagrangian(m, new double[m.rows().size()]), 1e-9);
        // Pricing the pool's GPU-slot row at v = GPU_QUARTER / 90 per GPU-slot charges each reserved run
        // 16 × 18 × GPU_QUARTER / 90 = 3.2 × GPU_QUARTER = 1 202 782.69 ¢ (its own hours at the reserved price):
        // the R24 bound again, and r's reduced cost GPU_QUARTER - 90·v = 0 keeps it valid.
        double[] v = new double[m.rows().size()];
        int poolRow = -1;
        for (int k = 0; k < m.rows().size(); k++) {
            if (m.rows().get(k)[m.vars().size()] == -90) {
                poolRow = k;
            }
        }
        v[poolRow] = GPU_QUARTER / 90;
        assertEquals(4 * 3.2 * GPU_QUARTER, LpBound.lagrangian(m, v), 1e-3);
        // Overpricing it makes r free to grow: no bound.
        v[poolRow] = GPU_QUARTER / 80;
        assertTrue(Double.isNaN(LpBound.lagrangian(m, v)));
    }

    @Test
    void lpBoundIsSkippedWithAReasonWhenTooLarge() throws Exception {
        StringBuilder jobs = new StringBuilder(PROBLEM);
        for (int i = 0; i < 400; i++) {
            jobs.append("  - {id: x").append(i).append(", kind: training, memoryGb: 20, flops: 1e18, gpus: {min: 8, max: 32}}\n");
        }
        Problem p = ProblemReader.parse("big.yaml", jobs.toString(), new ArrayList<>());
        Set<String> ids = new java.util.HashSet<>();
        p.jobs().forEach(j -> ids.add(j.id()));
        LpBound.Result lp = LpBound.compute(p, OptionEnumerator.enumerate(p), ids);
        assertTrue(!lp.computed() && lp.note().startsWith("LP bound skipped: "), lp.note());
    }

    @Test
    void baselinesRunEverythingOnDemand() throws Exception {
        Problem p = problem();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Decisions greedy = Baselines.greedy(p, options);
        assertEquals(4, greedy.placements().size());
        assertTrue(greedy.placements().stream().allMatch(pl -> pl.offer().equals("od")));
        // Each at its earliest start: slots 0, 18, 36, 54.
        assertEquals(List.of(0, 18, 36, 54), greedy.placements().stream().map(pl -> pl.startSlot()).toList());
        assertEquals(4 * ON_DEMAND, PlanEvaluator.evaluate(p, greedy).costCents()); // 75 885.60
        assertEquals(4 * ON_DEMAND, PlanEvaluator.evaluate(p, Baselines.allOnDemand(options)).costCents());
    }

    @Test
    void greedyLeavesAJobOutWhenCapacityIsTaken() throws Exception {
        // With only 16 on-demand GPUs, v1 (slots 0-17) and a copy of it in the same window cannot both run.
        String text = PROBLEM.replace("maxGpus: 64}\n  - {id: ri", "maxGpus: 16}\n  - {id: ri")
                + "  - {id: v1b, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, deadline: 2027-01-25}\n";
        Problem p = ProblemReader.parse("tight.yaml", text, new ArrayList<>());
        Decisions greedy = Baselines.greedy(p, OptionEnumerator.enumerate(p));
        assertEquals(4, greedy.placements().size(), greedy.toString());
        assertTrue(greedy.placements().stream().noneMatch(pl -> pl.job().equals("v1b")), "v1b sorts after v1");
    }
}
