package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.Placement;
import io.gpuplan.rules.PlanEvaluator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A hand-built plan, worked out by hand. Horizon 2027-01-01..03-01 in 12 h slots: January 744 h, February 672 h.
 * 8 A100 reserved on "ri" at 2.50 USD/GPU-h: January 8 × 744 × 2.50 = 14,880.00, February 8 × 672 × 2.50 =
 * 13,440.00, in the horizon 28,320.00. Job "train" needs 5,664 GPU-hours on 8 GPUs: T = 708 h = 59 slots, started
 * in slot 30 (Jan 16 00:00) it ends Feb 14 12:00: 384 h in January (3,072 GPU-h), 324 h in February (2,592 GPU-h),
 * so the reservation is half used (5,664 of 11,328 GPU-h). Idle: January 5,952 − 3,072 = 2,880 GPU-h, February
 * 5,376 − 2,592 = 2,784 GPU-h. At 2.50 the month's cost splits exactly: January 7,680.00 used + 7,200.00 unused,
 * February 6,480.00 used + 6,960.00 unused. Job "cn-eval" runs 80 GPU-hours (8 GPUs × 10 h) on a CNY offer at
 * ¥14 with 7 CNY per USD: 2 USD/GPU-h, 160.00 USD = ¥1,120.00. Plan total 28,480.00.
 */
class FocusCommitmentTest {
    static final String PROBLEM = """
            name: half-used reservation
            horizon: {start: 2027-01-01, end: 2027-03-01, slot: 12h}
            currency: USD
            exchangeRates: {CNY: 7.0}
            # fully in use after the horizon: no R29 line, the rows are R18's alone
            reservations: {expectedUseAfterHorizon: 1}
            offers:
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: reserved, price: 2.50, gpusPerInstance: 8, maxGpus: 16, termMonths: 12}
              - {id: ali-cny, provider: aliyun, region: cn-shanghai, jurisdiction: CN, accelerator: A100-80G,
                 purchase: on-demand, price: 14.0, currency: CNY, gpusPerInstance: 8, maxGpus: 16}
            jobs:
              - {id: train, kind: training, memoryGb: 100, work: {gpuHours: 5664, accelerator: A100-80G}, gpus: 8}
              - {id: cn-eval, kind: batch, memoryGb: 100, work: {gpuHours: 80, accelerator: A100-80G}, gpus: 8}
            """;

    static FocusTable render() throws Exception {
        Problem problem = ProblemReader.parse("half-used.yaml", PROBLEM, new ArrayList<>());
        Decisions decisions = new Decisions(List.of(new Placement("train", "ri", 8, 30),
                new Placement("cn-eval", "ali-cny", 8, 0)), Map.of("ri", 8));
        Evaluation e = PlanEvaluator.evaluate(problem, decisions);
        assertTrue(e.feasible(), e.violations().toString());
        assertEquals(2_848_000, e.costCents());
        PlanDocument plan = new PlanDocument(PlanDocument.FORMAT, problem.name(),
                new PlanDocument.ProblemRef("half-used.yaml", "0"), null, e.score(), true, "USD", null, null, null,
                null, null, null, null, null);
        return FocusTable.parse(FocusCsv.render(problem, plan, e));
    }

    @Test
    void halfUsedReservationHasPurchaseCommittedAndUnusedLines() throws Exception {
        FocusTable t = render();
        assertEquals(new BigDecimal("28480.00"), t.sum("BilledCost"));
        assertEquals(new BigDecimal("28480.00"), t.sum("EffectiveCost"));

        List<Map<String, String>> reservation = t.where("CommitmentDiscountId", "reservation/ri");
        // January: Purchase, the job's Committed usage, Unused; then the same for February (jobs sort first).
        assertEquals(List.of("train Used", "reservation/ri Purchase", "reservation/ri Unused",
                "train Used", "reservation/ri Purchase", "reservation/ri Unused"), reservation.stream()
                .map(r -> r.get("ResourceId") + " " + (r.get("CommitmentDiscountStatus") == null ? r.get("ChargeCategory")
                        : r.get("CommitmentDiscountStatus"))).toList());
        assertRow(reservation.get(1), "2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z", "14880.00", "0.00", "5952");
        assertRow(reservation.get(0), "2027-01-16T00:00:00Z", "2027-02-01T00:00:00Z", "0.00", "7680.00", "3072");
        assertRow(reservation.get(2), "2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z", "0.00", "7200.00", "2880");
        assertRow(reservation.get(4), "2027-02-01T00:00:00Z", "2027-03-01T00:00:00Z", "13440.00", "0.00", "5376");
        assertRow(reservation.get(3), "2027-02-01T00:00:00Z", "2027-02-14T12:00:00Z", "0.00", "6480.00", "2592");
        assertRow(reservation.get(5), "2027-02-01T00:00:00Z", "2027-03-01T00:00:00Z", "0.00", "6960.00", "2784");

        Map<String, String> purchase = reservation.get(1);
        assertEquals("Recurring", purchase.get("ChargeFrequency"));
        assertEquals("Standard", purchase.get("PricingCategory"));
        assertEquals("GPU-Hours", purchase.get("CommitmentDiscountUnit"));
        assertEquals("R18", purchase.get("x_Rule"));
        // 12-month term from 2027-01-01: 8,760 h, 7,344 h past the horizon × 8 GPUs × 2.50, not in the file.
        assertTrue(purchase.get("ChargeDescription").contains("USD 146880.00 more falls after the horizon"),
                purchase.get("ChargeDescription"));
        Map<String, String> used = reservation.get(0);
        assertEquals("Committed", used.get("PricingCategory"));
        assertEquals("train", used.get("x_JobId"));
        assertEquals("3072", used.get("ConsumedQuantity"));
        assertEquals("GPU-Hours", used.get("ConsumedUnit"));
        Map<String, String> unused = reservation.get(2);
        assertEquals("Committed", unused.get("PricingCategory"));
        assertEquals("Usage", unused.get("ChargeCategory"));
        assertNull(unused.get("ConsumedQuantity"), "FOCUS 1.2: an Unused row consumes nothing");
        assertNull(unused.get("x_JobId"));
        assertEquals("2.5", unused.get("ContractedUnitPrice"));
    }

    private static void assertRow(Map<String, String> row, String from, String to, String billed, String effective,
                                  String gpuHours) {
        assertEquals(from, row.get("ChargePeriodStart"), "start of " + row);
        assertEquals(to, row.get("ChargePeriodEnd"), "end of " + row);
        assertEquals(billed, row.get("BilledCost"), "BilledCost of " + row);
        assertEquals(effective, row.get("EffectiveCost"), "EffectiveCost of " + row);
        assertEquals(gpuHours, row.get("CommitmentDiscountQuantity"), "GPU-hours of " + row);
        assertEquals(gpuHours, row.get("PricingQuantity"), "PricingQuantity of " + row);
    }

    @Test
    void yuanOfferKeepsItsPriceAndCurrency() throws Exception {
        List<Map<String, String>> rows = render().where("x_JobId", "cn-eval");
        assertEquals(1, rows.size());
        Map<String, String> row = rows.get(0);
        assertEquals("USD", row.get("BillingCurrency"));
        assertEquals("160.00", row.get("BilledCost"));
        assertEquals("160.00", row.get("EffectiveCost"));
        assertEquals("2", row.get("ListUnitPrice"));
        assertEquals("CNY", row.get("PricingCurrency"));
        assertEquals("14", row.get("PricingCurrencyListUnitPrice"));
        assertEquals("14", row.get("PricingCurrencyContractedUnitPrice"));
        assertEquals("1120.00", row.get("PricingCurrencyEffectiveCost"));
        assertEquals("7", row.get("x_ExchangeRate"));
        assertEquals("80", row.get("PricingQuantity"));
        assertEquals("Standard", row.get("PricingCategory"));
        assertEquals("aliyun", row.get("ProviderName"));
        assertEquals("cn-shanghai", row.get("RegionId"));
        assertEquals("2027-01-01T00:00:00Z", row.get("ChargePeriodStart"));
        assertEquals("2027-01-01T12:00:00Z", row.get("ChargePeriodEnd"));
        assertEquals("half-used", row.get("x_ScenarioId"));
    }

    @Test
    void fieldsAreQuotedPerRfc4180() {
        assertEquals("plain", FocusCsv.field("plain"));
        assertEquals("", FocusCsv.field(null));
        assertEquals("\"8 x A100, 12-month term\"", FocusCsv.field("8 x A100, 12-month term"));
        assertEquals("\"say \"\"hi\"\"\"", FocusCsv.field("say \"hi\""));
        assertEquals("\"two\r\nlines\"", FocusCsv.field("two\r\nlines"));
    }
}
