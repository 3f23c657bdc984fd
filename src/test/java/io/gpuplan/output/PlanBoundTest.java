package io.gpuplan.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.bounds.Certificate;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The plan file's certificate block ({@code totals.lowerBound}) against figures worked out by hand. Two jobs of 48
 * GPU-hours each on an on-demand A100 at 2.00 USD per GPU-hour: 2 × 48 × 2.00 = 192.00 USD = 19,200 cents. No pool, so
 * the certificate's slack is one cent (floating point).
 */
class PlanBoundTest {
    private static final String TEXT = """
            name: plan bound
            horizon: {start: 2027-01-25, end: 2027-02-04}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0}
            jobs:
              - {id: a, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
              - {id: b, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
            """;

    private static PlanDocument.Bound bound(long costBoundCents) throws Exception {
        Problem p = ProblemReader.parse("plan-bound.yaml", TEXT, new ArrayList<>());
        var context = new PlanDocumentBuilder.Context(p, null, null, null, OptionEnumerator.enumerate(p),
                new Certificate(0, "by hand", costBoundCents, "by hand", null, ""));
        PlanDocument plan = PlanDocumentBuilder.build(context,
                new Decisions(List.of(new Placement("a", "od", 1, 0), new Placement("b", "od", 1, 2)), Map.of()));
        assertEquals(new BigDecimal("192.00"), plan.totals().cost(), "2 × 48 GPU-h × 2.00 USD");
        return plan.totals().lowerBound();
    }

    @Test
    void theGapIsRoundedUpSoTheStatementHolds() throws Exception {
        // (19,200 − 18,700) / 18,700 = 0.026738… → 0.0268 (half-up would say 0.0267, below the true gap).
        PlanDocument.Bound b = bound(18_700);
        assertEquals(new BigDecimal("0.0268"), b.gap());
        assertEquals("cost within 2.68 % of a proven bound; unplanned priority proven minimal", b.statement());
        assertFalse(b.provenOptimal());
    }

    @Test
    void twoCentsAboveTheBoundIsNoProofAndNoZeroGap() throws Exception {
        // 2 / 19,198 = 0.000104… → 0.0002: beyond the one-cent slack, so not "within 0.00 %".
        PlanDocument.Bound b = bound(19_198);
        assertEquals(new BigDecimal("0.0002"), b.gap());
        assertEquals("cost within 0.02 % of a proven bound; unplanned priority proven minimal", b.statement());
        assertFalse(b.provenOptimal());
    }

    @Test
    void withinTheSlackThePlanIsProvenOptimalAtGapZero() throws Exception {
        PlanDocument.Bound b = bound(19_199);
        assertEquals(new BigDecimal("0.0000"), b.gap());
        assertEquals("proven optimal", b.statement());
        assertTrue(b.provenOptimal());
    }
}
