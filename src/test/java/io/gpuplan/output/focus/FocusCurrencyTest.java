package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.Placement;
import io.gpuplan.rules.PlanEvaluator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * R5 in the FOCUS file: an amount in an offer's own currency is that offer's price times the quantity, exactly; the
 * base-currency amount is converted once from it and rounded half-up from the exact decimal.
 */
class FocusCurrencyTest {
    private static Map<String, String> row(String rate, String price, int gpuHours, String reservedGpus) throws Exception {
        String text = """
                name: yuan
                horizon: {start: 2027-01-01, end: 2027-04-01}
                currency: USD
                exchangeRates: {CNY: %s}
                offers:
                  - {id: cny, provider: aliyun, region: cn-shanghai, jurisdiction: CN, accelerator: A100-80G,
                     purchase: %s, price: %s, currency: CNY, gpusPerInstance: 8, maxGpus: 16}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, work: {gpuHours: %d, accelerator: A100-80G}, gpus: 8}
                """.formatted(rate, reservedGpus == null ? "on-demand" : "reserved", price, gpuHours);
        Problem problem = ProblemReader.parse("yuan.yaml", text, new ArrayList<>());
        Decisions decisions = new Decisions(List.of(new Placement("j", "cny", 8, 0)),
                reservedGpus == null ? Map.of() : Map.of("cny", Integer.parseInt(reservedGpus)));
        Evaluation e = PlanEvaluator.evaluate(problem, decisions);
        assertTrue(e.feasible(), e.violations().toString());
        PlanDocument plan = new PlanDocument(PlanDocument.FORMAT, problem.name(),
                new PlanDocument.ProblemRef("yuan.yaml", "0"), null, e.score(), true, "USD", null, null, null,
                null, null, null, null, null);
        List<Map<String, String>> rows = FocusTable.parse(FocusCsv.render(problem, plan, e)).where("x_JobId", "j");
        assertEquals(1, rows.size(), rows.toString());
        return rows.get(0);
    }

    @Test
    void yuanAmountIsTheYuanPriceTimesTheGpuHours() throws Exception {
        // 5,376 GPU-h × ¥18.5 = ¥99,456.00 (not 13,813.33 USD × 7.2 = 99,455.98); 99,456 / 7.2 = 13,813.333… → 13,813.33.
        Map<String, String> r = row("7.2", "18.5", 5376, null);
        assertEquals("99456.00", r.get("PricingCurrencyEffectiveCost"));
        assertEquals("13813.33", r.get("EffectiveCost"));
    }

    @Test
    void aConvertedHalfCentRoundsUp() throws Exception {
        // 80 GPU-h × ¥1.03 = ¥82.40; / 6.4 = 12.875 exactly, so 12.88 (the double product is 12.874999999999998).
        Map<String, String> r = row("6.4", "1.03", 80, null);
        assertEquals("12.88", r.get("EffectiveCost"));
        assertEquals("82.40", r.get("PricingCurrencyEffectiveCost"));
    }

    @Test
    void aCoveredJobsYuanShareComesFromTheYuanReservation() throws Exception {
        // 8 reserved for the 2,160-h quarter at ¥18.5: ¥319,680.00 = 44,400.00 USD at 7.2. The job's 672 h in
        // January are 5,376 of the 17,280 reserved GPU-hours, its yuan share ¥99,456.00 of January's purchase.
        Map<String, String> r = row("7.2", "18.5", 5376, "8");
        assertEquals("Committed", r.get("PricingCategory"));
        assertEquals("99456.00", r.get("PricingCurrencyEffectiveCost"));
    }
}
