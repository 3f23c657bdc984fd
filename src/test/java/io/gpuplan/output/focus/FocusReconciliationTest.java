package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.output.Numbers;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.ReservationResult;
import io.gpuplan.solve.SolutionDecisions;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The CSV sums back to the plan's total cost to the cent, both billed and amortized, overall and per month. */
class FocusReconciliationTest {

    @Test
    void tinyPlanReconcilesToTheCent() {
        assertReconciles(TestProblems.TINY);
    }

    @TestFactory
    Stream<DynamicTest> everyBundledPlanReconcilesToTheCent() {
        assertFalse(TestProblems.bundled().isEmpty(), "problems/ holds no examples");
        return TestProblems.bundled().stream().map(file ->
                DynamicTest.dynamicTest(file.getFileName().toString(), () -> assertReconciles(file)));
    }

    static void assertReconciles(Path file) {
        ProblemReader.Loaded loaded = TestProblems.load(file);
        Solving.Solved s = Solving.solve(loaded, Solving.TEST_MOVES);
        Evaluation e = PlanEvaluator.evaluate(loaded.problem(), SolutionDecisions.of(s.result().plan()));
        PlanDocument plan = s.plan();
        FocusTable t = FocusTable.parse(FocusCsv.render(loaded.problem(), plan, e));
        BigDecimal total = plan.totals().cost();

        // R28: owned cards bill their outlay up front (a Purchase row, not plan cost) and amortize it as depreciation
        // (EffectiveCost only), so what is billed is plan cost less depreciation plus the outlay; without owned
        // GPUs both are 0 and BilledCost sums to plan cost.
        long outlay = e.owned().stream().mapToLong(io.gpuplan.rules.OwnedResult::outlayCents).sum();
        Map<String, Long> depreciationByMonth = new java.util.TreeMap<>();
        e.costLines().stream().filter(l -> l.kind() == io.gpuplan.rules.CostLine.Kind.DEPRECIATION)
                .forEach(l -> l.byMonth().forEach((m, c) -> depreciationByMonth.merge(m.toString(), c, Long::sum)));
        long depreciation = depreciationByMonth.values().stream().mapToLong(Long::longValue).sum();
        String firstMonth = e.problem().horizon().start().toString().substring(0, 7);
        assertEquals(total.add(Numbers.money(outlay - depreciation)), t.sum("BilledCost"), file + ": sum of BilledCost");
        assertEquals(total, t.sum("EffectiveCost"), file + ": sum of EffectiveCost");
        plan.totals().byMonth().forEach((month, cost) -> {
            String start = month + "-01T00:00:00Z";
            long billedBesides = (month.equals(firstMonth) ? outlay : 0) - depreciationByMonth.getOrDefault(month, 0L);
            assertEquals(cost.add(Numbers.money(billedBesides)),
                    t.sum("BilledCost", r -> start.equals(r.get("BillingPeriodStart"))), "billed in " + month);
            assertEquals(cost, t.sum("EffectiveCost", r -> start.equals(r.get("BillingPeriodStart"))), "effective in " + month);
        });

        // R30: each block bills its cost on its Purchase row and carries it on its job's Usage row, in one month.
        for (io.gpuplan.rules.CostLine block : e.costLines().stream().filter(l -> l.kind() == io.gpuplan.rules.CostLine.Kind.BLOCK).toList()) {
            String id = "block/" + block.source();
            BigDecimal bought = t.sum("BilledCost", row -> id.equals(row.get("CommitmentDiscountId")) && "Purchase".equals(row.get("ChargeCategory")));
            BigDecimal used = t.sum("EffectiveCost", row -> id.equals(row.get("CommitmentDiscountId")) && "Usage".equals(row.get("ChargeCategory")));
            assertEquals(Numbers.money(block.cents()), bought, id + ": the Purchase row bills the block");
            assertEquals(Numbers.money(block.cents()), used, id + ": the job's Usage row carries it");
        }
        for (ReservationResult r : e.reservations()) {
            String id = "reservation/" + r.offer().id();
            var rows = t.where("CommitmentDiscountId", id);
            BigDecimal bought = t.sum("BilledCost", row -> id.equals(row.get("CommitmentDiscountId"))
                    && "Purchase".equals(row.get("ChargeCategory")));
            BigDecimal amortized = t.sum("EffectiveCost", row -> id.equals(row.get("CommitmentDiscountId"))
                    && "Usage".equals(row.get("ChargeCategory")));
            assertEquals(0, Numbers.money(r.horizonCents()).compareTo(bought), id + ": Purchase rows bill the horizon cost, "
                    + r.horizonCents() + " cents, not " + bought);
            assertEquals(0, bought.compareTo(amortized), id + ": amortized usage " + amortized + " equals the purchase "
                    + bought + " (FOCUS EffectiveCost rule)");
            BigDecimal usedHours = rows.stream().filter(row -> "Used".equals(row.get("CommitmentDiscountStatus")))
                    .map(row -> new BigDecimal(row.get("CommitmentDiscountQuantity"))).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertEquals(0, usedHours.compareTo(BigDecimal.valueOf(r.usedGpuHours())), id + ": used GPU-hours");
            BigDecimal allHours = rows.stream().filter(row -> "Usage".equals(row.get("ChargeCategory")))
                    .map(row -> new BigDecimal(row.get("CommitmentDiscountQuantity"))).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertEquals(0, allHours.compareTo(BigDecimal.valueOf(r.boughtGpuHours())), id + ": used + unused = bought");
            BigDecimal stranded = t.sum("BilledCost", row -> id.equals(row.get("CommitmentDiscountId"))
                    && "Adjustment".equals(row.get("ChargeCategory")));
            assertEquals(0, Numbers.money(r.strandedCents()).compareTo(stranded), id + ": the R29 row bills the stranded commitment");
        }

        Set<String> rules = Set.of("R16", "R17", "R18", "R19", "R26", "R27", "R28", "R29", "R30");
        for (Map<String, String> row : t.rows()) {
            assertTrue(rules.contains(row.get("x_Rule")), "x_Rule of " + row);
            assertEquals(plan.currency(), row.get("BillingCurrency"));
            assertNotNull(row.get("PricingCurrency"));
            assertTrue(row.get("ChargePeriodStart").compareTo(row.get("ChargePeriodEnd")) < 0, "charge period " + row);
            assertTrue(row.get("ChargePeriodStart").compareTo(row.get("BillingPeriodStart")) >= 0, "in its month " + row);
            assertTrue(row.get("ChargePeriodEnd").compareTo(row.get("BillingPeriodEnd")) <= 0, "in its month " + row);
            boolean purchase = "Purchase".equals(row.get("ChargeCategory"));
            if ("R29".equals(row.get("x_Rule"))) {
                // The stranded commitment is an accrued Adjustment of the commitment: billed and effective alike.
                assertEquals("Adjustment", row.get("ChargeCategory"));
                assertEquals(row.get("BilledCost"), row.get("EffectiveCost"));
                assertEquals("{\"x_Accrual\":\"expected\"}", row.get("Tags"));
            } else if (row.get("CommitmentDiscountId") != null) {
                assertEquals("0.00", purchase ? row.get("EffectiveCost") : row.get("BilledCost"),
                        "a commitment bills on its Purchase rows and amortizes on its Usage rows: " + row);
                assertEquals(purchase ? "Standard" : "Committed", row.get("PricingCategory"));
            } else if ("R27".equals(row.get("x_Rule"))) {
                // Support is billed by its provider; a fixed cost is the team's own work (internal). Neither amortizes.
                assertEquals(row.get("BilledCost"), row.get("EffectiveCost"));
                assertEquals(row.get("SkuId").startsWith("support/") ? row.get("ResourceName") : "internal", row.get("ProviderName"));
            } else if ("R17".equals(row.get("x_Rule"))) {
                assertEquals("spot".equals(row.get("x_PurchaseModel")) ? "Dynamic" : "Standard", row.get("PricingCategory"));
                assertEquals(row.get("BilledCost"), row.get("EffectiveCost"));
            }
            if (!"Usage".equals(row.get("ChargeCategory")) || "Unused".equals(row.get("CommitmentDiscountStatus"))) {
                assertEquals(null, row.get("ConsumedQuantity"), "FOCUS 1.2: no ConsumedQuantity here: " + row);
            } else {
                assertNotNull(row.get("ConsumedQuantity"), "consumed quantity of " + row);
            }
        }
    }
}
