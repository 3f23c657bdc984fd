package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * R28 in the FOCUS CSV, by hand. Horizon 2027-01-25 to 2027-02-04, daily slots (168 h in January, 72 h in February).
 * own: 2 cards bought at 14,600 EUR each (0.8 EUR per USD: 2 × 14,600 / 0.8 = 36,500 USD); depreciation 14,600 / 20 / 730 = 1.00 EUR =
 * 1.25 USD per GPU-hour → 2 × 240 × 1.25 = 600.00 USD (420.00 in January, 180.00 in February); operations 73 EUR per
 * GPU-month = 0.125 USD per GPU-hour → 60.00 (42.00 / 18.00); power 0.5 kW × 1.5 × 0.2 EUR = 0.15 EUR = 0.1875 USD per
 * GPU-hour: a [0,2) and b [1,3), 1 GPU × 48 h each, 9.00 USD each, both in January.
 */
class FocusOwnedTest {
    static FocusTable render() throws Exception {
        Problem p = ProblemReader.parse("owned-focus.yaml", """
                name: owned focus
                horizon: {start: 2027-01-25, end: 2027-02-04}
                exchangeRates: {EUR: 0.8}
                offers:
                  - {id: own, provider: onprem, region: rack-1, jurisdiction: DE, accelerator: A100-80G, purchase: owned,
                     currency: EUR, purchasePrice: 14600, depreciationMonths: 20, operationsPerGpuMonth: 73, powerKw: 0.5,
                     pue: 1.5, electricityPricePerKwh: 0.2}
                jobs:
                  - {id: a, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
                  - {id: b, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
                """, new ArrayList<>());
        Evaluation e = PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("a", "own", 1, 0),
                new Placement("b", "own", 1, 1)), Map.of("own", 2)));
        assertTrue(e.feasible(), () -> "" + e.violations());
        assertEquals(60_000 + 6_000 + 1_800, e.costCents());
        PlanDocument plan = new PlanDocument(PlanDocument.FORMAT, p.name(), new PlanDocument.ProblemRef("owned-focus.yaml", "0"),
                null, e.score(), true, "USD", null, null, null, null, null, null, null, null);
        return FocusTable.parse(FocusCsv.render(p, plan, e));
    }

    @Test
    void theOutlayIsAOneTimePurchaseOutsidePlanCost() throws Exception {
        FocusTable t = render();
        List<Map<String, String>> purchase = t.rows().stream().filter(r -> "Purchase".equals(r.get("ChargeCategory"))).toList();
        assertEquals(1, purchase.size());
        Map<String, String> row = purchase.get(0);
        assertEquals("36500.00", row.get("BilledCost"), "2 × 14,600 = 29,200 EUR / 0.8");
        assertEquals("0.00", row.get("EffectiveCost"), "amortized by the depreciation rows, not plan cost");
        assertEquals("One-Time", row.get("ChargeFrequency"));
        assertEquals("2027-01-01T00:00:00Z", row.get("BillingPeriodStart"), "bought at the horizon start");
        assertEquals("2", row.get("PricingQuantity"));
        assertEquals("GPUs", row.get("PricingUnit"));
        assertEquals("14600", row.get("PricingCurrencyListUnitPrice"));
        assertEquals("owned/own", row.get("ResourceId"));
        assertEquals("R28", row.get("x_Rule"));
        assertNull(row.get("ConsumedQuantity"));
    }

    @Test
    void depreciationIsAmortizedAndOperationsAndPowerAreBilled() throws Exception {
        FocusTable t = render();
        List<Map<String, String>> depreciation = t.rows().stream()
                .filter(r -> r.get("ChargeDescription").contains("depreciation")).toList();
        assertEquals(List.of("0.00", "0.00"), depreciation.stream().map(r -> r.get("BilledCost")).toList());
        assertEquals(List.of("420.00", "180.00"), depreciation.stream().map(r -> r.get("EffectiveCost")).toList(),
                "168 and 72 of 240 hours of 600.00");
        assertEquals(List.of("336", "144"), depreciation.stream().map(r -> r.get("ConsumedQuantity")).toList(),
                "2 GPUs × 168 h and × 72 h bought");
        assertEquals(List.of("336.00", "144.00"), depreciation.stream().map(r -> r.get("PricingCurrencyEffectiveCost")).toList(),
                "in EUR: 2 × 240 × 1.00, spread the same way");
        List<Map<String, String>> operations = t.rows().stream()
                .filter(r -> r.get("ChargeDescription").contains("operations")).toList();
        assertEquals(List.of("42.00", "18.00"), operations.stream().map(r -> r.get("BilledCost")).toList());
        assertEquals(List.of("42.00", "18.00"), operations.stream().map(r -> r.get("EffectiveCost")).toList());
        List<Map<String, String>> power = t.rows().stream().filter(r -> "kWh".equals(r.get("PricingUnit"))).toList();
        assertEquals(List.of("a", "b"), power.stream().map(r -> r.get("ResourceId")).toList());
        assertEquals(List.of("9.00", "9.00"), power.stream().map(r -> r.get("BilledCost")).toList(), "48 × 0.1875");
        assertEquals(List.of("36", "36"), power.stream().map(r -> r.get("ConsumedQuantity")).toList(), "48 h × 0.5 kW × 1.5");
        // EffectiveCost sums to plan cost 678.00; BilledCost to it − 600.00 depreciation + 36,500.00 outlay.
        assertEquals(new BigDecimal("678.00"), t.sum("EffectiveCost"));
        assertEquals(new BigDecimal("36578.00"), t.sum("BilledCost"));
        assertTrue(t.rows().stream().allMatch(r -> "Bare Metal".equals(r.get("ServiceSubcategory"))));
    }
}
