package io.gpuplan.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The report's R21 line names the slots where an offer whose GPUs in use are limited (a cap, or a committed pool's
 * GPUs) is full, with the jobs there; an offer without a cap is never full.
 */
class RuleReportCapacityTest {
    private static final String JOB = "  - {id: %s, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, "
            + "earliest: 2027-01-01, deadline: 2027-01-11}\n";

    @Test
    void aCappedOfferFullForTwoDaysIsNamedWithItsJobAndAnUncappedOneIsNot() throws Exception {
        Problem p = ProblemReader.parse("full.yaml", """
                name: full-for-two-days
                horizon: {start: 2027-01-01, end: 2027-01-11}
                offers:
                  - {id: capped, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 1.0, gpusPerInstance: 8, maxGpus: 8}
                  - {id: open, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 3.0, gpusPerInstance: 8}
                jobs:
                """ + JOB.formatted("a") + JOB.formatted("b"), new ArrayList<>());
        // 384 GPU-hours on 8 GPUs: 48 h, two daily slots (R9, R11). a holds all 8 capped GPUs on 3-4 January.
        Evaluation e = PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("a", "capped", 8, 2),
                new Placement("b", "open", 8, 2)), Map.of()));
        RuleSummary r21 = RuleReport.build(e, OptionEnumerator.enumerate(p)).stream()
                .filter(r -> r.constraint().equals("R21 capacity")).findFirst().orElseThrow();
        assertEquals(0, r21.matches());
        assertEquals(List.of("capped full (8 GPUs) from 2027-01-03 to 2027-01-05: a"), r21.binding());
    }
}
