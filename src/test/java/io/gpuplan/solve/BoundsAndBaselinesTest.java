package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * R24 and the R25 baselines on a problem small enough to work out by hand (the LP bounds of the same problem are in
 * {@code bounds.RelaxationTest}): four 16-GPU runs of
 * 432 h (18 daily slots) in a 90-day quarter, each either on-demand at 2.744705 or on a reserved pool at 1.740137
 * per GPU-hour.
 */
class BoundsAndBaselinesTest {
    static final String PROBLEM = read();

    private static String read() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("src/test/resources/problems/four-runs.yaml"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

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

    private static PlanDocument.Baseline baseline(Problem p, Decisions plan, String name) {
        var context = new PlanDocumentBuilder.Context(p, new PlanDocument.ProblemRef("four.yaml", "0"), null, null,
                OptionEnumerator.enumerate(p), null);
        return PlanDocumentBuilder.build(context, plan).totals().baselines().get(name);
    }

    @Test
    void baselinesArePricedOnThePlansOwnJobs() throws Exception {
        // The plan runs v1 alone on-demand; both baselines run the same job the same way, so the saving is 0, not
        // the 3 × 18 971.40 the other three jobs would make it look.
        Problem p = problem();
        Decisions plan = new Decisions(List.of(new Placement("v1", "od", 16, 0)), Map.of());
        for (String name : List.of("greedy", "allOnDemand")) {
            PlanDocument.Baseline b = baseline(p, plan, name);
            assertEquals(1, b.planned(), name);
            assertEquals(Money.toDecimal(ON_DEMAND), b.cost(), name);
            assertEquals(Money.toDecimal(0), b.savings(), name);
            assertEquals("0.00", b.savingsPercent().toPlainString(), name);
        }
    }

    @Test
    void aSavingIsTheBaselineOnThePlansJobsLessThePlanWorkedOutByHand() throws Exception {
        // The plan runs v1 on-demand (slot 0) and v2 on a 16-GPU reservation (slot 18), and leaves v3, v4 out.
        // Plan: 18 971.40 + 16 × 2160 h × 1.740137 = 18 971.40 + 60 139.13 = 79 110.53 (R18: the pool is paid whole).
        // Greedy on {v1, v2} only: 2 × 18 971.40 = 37 942.80. Saving 37 942.80 − 79 110.53 = −41 167.73, which is
        // −108.50 % of 37 942.80 (−108.4995 half-up).
        Problem p = problem();
        Decisions plan = new Decisions(List.of(new Placement("v1", "od", 16, 0), new Placement("v2", "ri", 16, 18)),
                Map.of("ri", 16));
        PlanDocument.Baseline b = baseline(p, plan, "greedy");
        assertEquals(2, b.planned());
        assertEquals(new java.math.BigDecimal("37942.80"), b.cost());
        assertEquals(new java.math.BigDecimal("-41167.73"), b.savings());
        assertEquals("-108.50", b.savingsPercent().toPlainString());
    }

    @Test
    void aPlanOfNoJobsStatesNoPercentSaving() throws Exception {
        // Nothing planned: the baselines run nothing and cost 0; "saves 100 %" of the jobs the plan dropped is no saving.
        PlanDocument.Baseline b = baseline(problem(), new Decisions(List.of(), Map.of()), "greedy");
        assertEquals(0, b.planned());
        assertEquals(Money.toDecimal(0), b.cost());
        assertNull(b.savingsPercent());
    }

    @Test
    void aBaselineThatCannotRunThePlansJobsStatesNoSaving() throws Exception {
        // Only 16 on-demand GPUs: the plan runs v1 on-demand and v1b on the reserved pool at the same time; greedy
        // (no reservations) cannot place v1b, so it runs other jobs than the plan and no saving is stated.
        String text = PROBLEM.replace("maxGpus: 64}\n  - {id: ri", "maxGpus: 16}\n  - {id: ri")
                + "  - {id: v1b, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, deadline: 2027-01-25}\n";
        Problem p = ProblemReader.parse("tight.yaml", text, new ArrayList<>());
        Decisions plan = new Decisions(List.of(new Placement("v1", "od", 16, 0), new Placement("v1b", "ri", 16, 0)),
                Map.of("ri", 16));
        PlanDocument.Baseline b = baseline(p, plan, "greedy");
        assertEquals(1, b.planned());
        assertNull(b.savings());
        assertNull(b.savingsPercent());
        assertTrue(b.note().contains("not comparable"), b.note());
    }
}
