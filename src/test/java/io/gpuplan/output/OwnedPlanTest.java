package io.gpuplan.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.OwnedResult;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.sizing.Rule;
import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * R28 in the plain-loop rule checks, the plan file and {@code verify}. The fixture: 2027-01-25 to 2027-02-04, daily
 * slots (10 slots, 240 h; 7 days = 168 h in January, 3 days = 72 h in February). The owned offer {@code own}:
 * purchasePrice 14,600 / 20 months = 730 per GPU-month = 1.00 per GPU-hour of depreciation, operations 73 per
 * GPU-month = 0.10 per GPU-hour, power 0.5 kW × 1.5 × 0.20 = 0.15 per GPU-hour in use. Jobs a and b take 1 GPU for
 * 48 h (2 slots).
 */
class OwnedPlanTest {
    private static final String TEXT = """
            name: owned plan
            horizon: {start: 2027-01-25, end: 2027-02-04}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0}
              - {id: own, provider: onprem, region: rack-1, jurisdiction: US, accelerator: A100-80G, purchase: owned, maxGpus: 8,
                 purchasePrice: 14600, depreciationMonths: 20, operationsPerGpuMonth: 73, powerKw: 0.5, pue: 1.5, electricityPricePerKwh: 0.2,
                 leadTimeWeeks: 0.2}
            jobs:
              - {id: a, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
              - {id: b, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
            """;

    private static Problem problem() throws Exception {
        return ProblemReader.parse("owned-plan.yaml", TEXT, new ArrayList<>());
    }

    /** a [2,4) and b [3,5) on own, overlapping in slot 3: the plan buys 2 GPUs. */
    private static Decisions overlapping(int bought) {
        return new Decisions(List.of(new Placement("a", "own", 1, 2), new Placement("b", "own", 1, 3)), Map.of("own", bought));
    }

    @Test
    void theRuleChecksPriceOwnedGpusByHand() throws Exception {
        Evaluation e = PlanEvaluator.evaluate(problem(), overlapping(2));
        assertTrue(e.feasible(), () -> "" + e.violations());
        OwnedResult r = e.owned().get(0);
        assertEquals(2, r.gpus());
        assertEquals(2, r.peakGpus());
        assertEquals(2_920_000, r.outlayCents(), "2 × 14,600 = 29,200.00, one-time, not plan cost");
        assertEquals(48_000, r.depreciationCents(), "2 × 240 h × 1.00 = 480.00");
        assertEquals(4_800, r.operationsCents(), "2 × 240 h × 0.10 = 48.00");
        assertEquals(1_440, r.powerCents(), "two jobs × 1 GPU × 48 h × 0.15 = 14.40");
        // lead time 0.2 weeks = 33.6 h = 1.4 slots → the cards run from slot 2 (2027-01-27).
        assertEquals(2, r.firstSlot());
        // used 2 jobs × 2 slots × 24 h = 96 GPU-hours of 2 × 240 = 480 bought: 0.2.
        assertEquals(0.2, r.utilization(), 1e-12);
        // Plan cost: 480.00 + 48.00 + 14.40 = 542.40; the outlay is not in it.
        assertEquals(54_240, e.costCents());
        assertEquals("0hard/0medium/-54240soft", e.score());
        CostLine depreciation = e.costLines().stream().filter(l -> l.kind() == CostLine.Kind.DEPRECIATION).findFirst().orElseThrow();
        // Spread over the horizon's hours: 168 / 240 of 480.00 = 336.00 in January, 144.00 in February.
        assertEquals(Map.of(YearMonth.of(2027, 1), 33_600L, YearMonth.of(2027, 2), 14_400L), depreciation.byMonth());
        assertEquals(Map.of("owned", 54_240L), e.totals().byPurchaseModel());
        assertEquals(Map.of("onprem", 54_240L), e.totals().byProvider());
    }

    @Test
    void buyingFewerThanThePeakBreaksCapacity() throws Exception {
        Evaluation e = PlanEvaluator.evaluate(problem(), overlapping(1));
        // Slot 3 uses 2 GPUs with 1 bought: R21 by 1.
        assertEquals(1, e.violations().stream().filter(v -> v.rule() == Rule.R21).mapToLong(v -> v.amount()).sum());
        assertTrue(e.violations().get(0).detail().contains("owned 1"), () -> "" + e.violations());
    }

    @Test
    void aBuyThatIsNotWholeInstancesOrBeyondMaxGpusBreaksR28() throws Exception {
        Evaluation e = PlanEvaluator.evaluate(problem(), overlapping(9));
        assertEquals(1, e.violations().stream().filter(v -> v.rule() == Rule.R28).count(), () -> "" + e.violations());
    }

    @Test
    void thePlanStatesEveryOwnedFigureAndVerifyRecomputesThem() throws Exception {
        Problem p = problem();
        var context = new PlanDocumentBuilder.Context(p, new PlanDocument.ProblemRef("owned-plan.yaml", "x".repeat(64)),
                null, null, OptionEnumerator.enumerate(p), null);
        PlanDocument plan = PlanDocumentBuilder.build(context, overlapping(2));
        PlanDocument.Owned owned = plan.owned().get(0);
        assertEquals(new BigDecimal("29200.00"), owned.capitalOutlay());
        assertEquals(new BigDecimal("480.00"), owned.depreciation());
        assertEquals(new BigDecimal("48.00"), owned.operations());
        assertEquals(new BigDecimal("14.40"), owned.power());
        assertEquals(new BigDecimal("542.40"), owned.horizonCost());
        assertEquals(new BigDecimal("1.1000"), owned.costPerGpuHour(), "(730 + 73) / 730");
        assertEquals("2027-01-27", owned.runsFrom());
        assertEquals(new BigDecimal("29200.00"), plan.totals().ownedCapitalOutlay());
        assertEquals(new BigDecimal("7.20"), plan.assignments().get(0).cost().power());
        assertEquals(new BigDecimal("0.00"), plan.assignments().get(0).cost().compute());

        // Round trip through YAML: verify agrees; a changed figure or a changed buy is caught.
        String yaml = Yaml.MAPPER.writeValueAsString(plan);
        PlanDocument read = Yaml.MAPPER.readValue(yaml, PlanDocument.class);
        assertTrue(PlanVerifier.verify(p, "x".repeat(64), read, context).agrees());
        PlanDocument tampered = Yaml.MAPPER.readValue(yaml.replace("depreciation: 480.00", "depreciation: 470.00"), PlanDocument.class);
        List<String> mismatches = PlanVerifier.verify(p, "x".repeat(64), tampered, context).mismatches();
        assertEquals("owned[0].depreciation: the plan states 470.00, the rules give 480.00", mismatches.get(0));
        assertTrue(mismatches.contains("totals.byCategory.depreciation: the plan states 470.00, the rules give 480.00"),
                () -> "" + mismatches);
        PlanDocument fewer = Yaml.MAPPER.readValue(yaml.replaceFirst("gpus: 2\n", "gpus: 1\n"), PlanDocument.class);
        assertTrue(PlanVerifier.verify(p, "x".repeat(64), fewer, context).rulesBroken().stream()
                .anyMatch(s -> s.contains("R21")), "one GPU bought for a peak of two breaks R21");
    }

    @Test
    void aPlanWithoutOwnedOffersHasNoOwnedSection() throws Exception {
        Problem p = ProblemReader.parse("od.yaml", TEXT.replaceAll("(?s)  - \\{id: own.*?leadTimeWeeks: 0.2\\}\n", ""), new ArrayList<>());
        var context = new PlanDocumentBuilder.Context(p, null, null, null, OptionEnumerator.enumerate(p), null);
        PlanDocument plan = PlanDocumentBuilder.build(context, new Decisions(List.of(new Placement("a", "od", 1, 0)), Map.of()));
        assertNull(plan.owned());
        assertNull(plan.totals().ownedCapitalOutlay());
        String yaml = Yaml.MAPPER.writeValueAsString(plan);
        assertTrue(!yaml.contains("\nowned:") && !yaml.contains("ownedCapitalOutlay") && !yaml.contains("power:"), yaml);
    }
}
