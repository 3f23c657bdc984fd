package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * R29 in the FOCUS CSV, by hand, on the bundled stranded-36-month-commitment with its serving job on the 12-month
 * reservation (8 GPUs, u = 0.85 stated): the term runs 6,600 h past the 90-day horizon; the expected idle part is
 * (1 − 0.85) × 8 × 6600 = 7,920 GPU-hours at 1.740137 = 13,781.88504 → 13,781.89, one adjustment in the first month.
 */
class FocusStrandedTest {
    @Test
    void theStrandedCommitmentIsOneAdjustmentInGpuHoursPastTheHorizon() throws Exception {
        Problem p = TestProblems.load(Path.of("problems/stranded-36-month-commitment.yaml")).problem();
        Evaluation e = PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("assistant-serving-13b", "aws-use1-p4d-ri-1y", 8, 0)),
                Map.of("aws-use1-p4d-ri-1y", 8)));
        assertTrue(e.feasible(), () -> "" + e.violations());
        PlanDocument plan = new PlanDocument(PlanDocument.FORMAT, p.name(), new PlanDocument.ProblemRef("stranded.yaml", "0"),
                null, e.score(), true, "USD", null, null, null, null, null, null, null, null);
        List<Map<String, String>> stranded = FocusTable.parse(FocusCsv.render(p, plan, e)).rows().stream()
                .filter(r -> "R29".equals(r.get("x_Rule"))).toList();
        assertEquals(1, stranded.size());
        Map<String, String> row = stranded.get(0);
        assertEquals("13781.89", row.get("BilledCost"));
        assertEquals("7920", row.get("PricingQuantity"));
        assertEquals("GPU-Hours", row.get("PricingUnit"));
        assertEquals("Adjustment", row.get("ChargeCategory"));
        assertEquals("2027-01-01T00:00:00Z", row.get("BillingPeriodStart"), "accrued when the commitment is made");
    }
}
