package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * R30 in the FOCUS CSV, by hand. Horizon 2027-01-25 to 2027-02-20, daily slots. {@code blk}: 2.00 EUR per GPU-hour
 * (0.8 EUR per USD), lengths [1..7, 14]. Job a: 8 GPUs for 8 slots from slot 5 (2027-01-30) → a 14-day block to
 * 2027-02-13: 8 × 336 = 2,688 GPU-hours × 2.00 = 5,376.00 EUR = 6,720.00 USD, one Purchase row in January.
 */
class FocusBlockTest {
    static FocusTable render() throws Exception {
        Problem p = ProblemReader.parse("block-focus.yaml", """
                name: block focus
                horizon: {start: 2027-01-25, end: 2027-02-20}
                exchangeRates: {EUR: 0.8}
                offers:
                  - {id: blk, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: block,
                     currency: EUR, price: 2.0, gpusPerInstance: 8, maxGpus: 16, blockDays: [1, 2, 3, 4, 5, 6, 7, 14]}
                jobs:
                  - {id: a, kind: training, memoryGb: 400, gpus: 8, work: {gpuHours: 1536, accelerator: H100-80G}}
                """, new ArrayList<>());
        Evaluation e = PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("a", "blk", 8, 5)), Map.of()));
        assertTrue(e.feasible(), () -> "" + e.violations());
        assertEquals(672_000, e.costCents());
        PlanDocument plan = new PlanDocument(PlanDocument.FORMAT, p.name(), new PlanDocument.ProblemRef("block-focus.yaml", "0"),
                null, e.score(), true, "USD", null, null, null, null, null, null, null, null);
        return FocusTable.parse(FocusCsv.render(p, plan, e));
    }

    @Test
    void theBlockIsAnUpfrontPurchaseCarriedByItsJobInTheMonthItStarts() throws Exception {
        FocusTable t = render();
        assertEquals(2, t.rows().size(), "the purchase and the job's usage; no R17 row");
        Map<String, String> buy = t.rows().stream().filter(r -> "Purchase".equals(r.get("ChargeCategory"))).findFirst().orElseThrow();
        assertEquals("One-Time", buy.get("ChargeFrequency"));
        assertEquals("Standard", buy.get("PricingCategory"), "as R18's purchase rows");
        assertEquals("6720.00", buy.get("BilledCost"), "5,376.00 EUR / 0.8");
        assertEquals("0.00", buy.get("EffectiveCost"), "carried by the job's usage row");
        assertEquals("2027-01-01T00:00:00Z", buy.get("BillingPeriodStart"), "January, when it starts");
        assertEquals("2027-01-30T00:00:00Z", buy.get("ChargePeriodStart"));
        assertEquals("2027-02-01T00:00:00Z", buy.get("ChargePeriodEnd"), "the block, within its month");
        assertEquals("2688", buy.get("PricingQuantity"), "8 GPUs × 14 × 24 h");
        assertEquals("2688", buy.get("CommitmentDiscountQuantity"));
        assertEquals("GPU-Hours", buy.get("PricingUnit"));
        assertEquals("2", buy.get("PricingCurrencyListUnitPrice"));
        assertEquals("2.5", buy.get("ListUnitPrice"), "2.00 EUR / 0.8");
        assertEquals("block/a", buy.get("CommitmentDiscountId"));
        assertEquals("block", buy.get("x_PurchaseModel"));
        assertEquals("R30", buy.get("x_Rule"));
        assertTrue(buy.get("ChargeDescription").contains("14 days from 2027-01-30 to 2027-02-13"), buy.get("ChargeDescription"));

        Map<String, String> use = t.rows().stream().filter(r -> "Usage".equals(r.get("ChargeCategory"))).findFirst().orElseThrow();
        assertEquals("Committed", use.get("PricingCategory"));
        assertEquals("Used", use.get("CommitmentDiscountStatus"));
        assertEquals("0.00", use.get("BilledCost"));
        assertEquals("6720.00", use.get("EffectiveCost"), "all in January: paid upfront");
        assertEquals("5376.00", use.get("PricingCurrencyEffectiveCost"), "8 × 336 × 2.00 EUR, priced in EUR");
        assertEquals("1536", use.get("ConsumedQuantity"), "8 GPUs × W = 192 h");
        assertEquals("block/a", use.get("CommitmentDiscountId"));
        assertEquals("a", use.get("ResourceId"));
    }

    @Test
    void billedAndEffectiveCostReconcileToPlanCost() throws Exception {
        FocusTable t = render();
        BigDecimal billed = t.rows().stream().map(r -> new BigDecimal(r.get("BilledCost"))).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal effective = t.rows().stream().map(r -> new BigDecimal(r.get("EffectiveCost"))).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertEquals(new BigDecimal("6720.00"), billed);
        assertEquals(new BigDecimal("6720.00"), effective);
    }
}
