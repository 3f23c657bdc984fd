package io.gpuplan.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The plan file's certificate block ({@code totals.lowerBound}) against figures worked out by hand. Two jobs of 48
 * GPU-hours each on an on-demand A100 at 2.00 USD per GPU-hour: 2 × 48 × 2.00 = 192.00 USD = 19,200 cents, which is
 * also R24's bound (each job's cheapest option; there is one). No pool, so the certificate's slack is one cent
 * (floating point).
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

    /**
     * The gap is (19,200 − bound) / bound rounded up at the fourth decimal, so the statement holds; 0 and "proven
     * optimal" only within the slack.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            # 500 / 18,700 = 0.026738… -> 0.0268 (half-up would say 0.0267, below the true gap)
            18700 | 187.00 | 0.0268 | cost within 2.68 % of a proven bound; unplanned priority proven minimal | false
            # 2 / 19,198 = 0.000104… -> 0.0002: beyond the one-cent slack, so not "within 0.00 %"
            19198 | 191.98 | 0.0002 | cost within 0.02 % of a proven bound; unplanned priority proven minimal | false
            # 1 cent above the bound: within the slack
            19199 | 191.99 | 0.0000 | proven optimal                                                            | true
            """)
    void theCertificateBlockStatesTheGapByHand(long boundCents, BigDecimal best, BigDecimal gap, String statement,
                                              boolean provenOptimal) throws Exception {
        Problem p = ProblemReader.parse("plan-bound.yaml", TEXT, new ArrayList<>());
        var context = new PlanDocumentBuilder.Context(p, null, null, null, OptionEnumerator.enumerate(p),
                new Certificate(0, "by hand", boundCents, "by hand", null, ""));
        PlanDocument plan = PlanDocumentBuilder.build(context,
                new Decisions(List.of(new Placement("a", "od", 1, 0), new Placement("b", "od", 1, 2)), Map.of()));
        assertEquals(new BigDecimal("192.00"), plan.totals().cost(), "2 × 48 GPU-h × 2.00 USD");
        PlanDocument.Bound b = plan.totals().lowerBound();
        assertEquals(best, b.best());
        assertEquals(gap, b.gap());
        assertEquals(statement, b.statement());
        assertEquals(provenOptimal, b.provenOptimal());
        assertEquals(new BigDecimal("192.00"), b.r24PlannedJobs(), "R24: each job's cheapest option, 96.00 each");
        assertEquals(new BigDecimal("192.00"), b.r24AllJobs());
    }
}
