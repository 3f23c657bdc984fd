package io.gpuplan.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What explain says a reserved option adds, worked out by hand on the four-runs problem (BoundsAndBaselinesTest has
 * its arithmetic): v1 and v2 run on-demand, no reservation yet.
 */
class ReservedAddsTest {
    @Test
    void aReservedOptionAddsThePoolsRiseLessTheJobsCurrentPlace() throws Exception {
        Problem p = ProblemReader.parse("four.yaml", Files.readString(Path.of("src/test/resources/problems/four-runs.yaml")),
                new ArrayList<>());
        Evaluation plan = PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("v1", "od", 16, 0),
                new Placement("v2", "od", 16, 18)), Map.of()));
        // Moving v2 to a 16-GPU pool: the pool rises 0 → 16 GPUs for the horizon, 16 × 2160 h × 1.740137 = 60 139.13
        // (R18), and v2 leaves its on-demand place, 16 × 432 h × 2.744705 = 18 971.40: it adds 41 167.73. Its own
        // GPU-hours, 16 × 432 × 1.740137 = 12 027.83, are the cost column (R24), not what it adds.
        JobExplanation.Line line = JobExplanation.explain(p, plan, p.job("v2").orElseThrow(), true).stream()
                .filter(l -> l.offer().equals("ri") && l.gpus() == 16).findFirst().orElseThrow();
        assertEquals(1_202_783, line.cents());
        assertTrue(line.verdict().contains("adds 41167.73 = +60139.13 reservation rise (0 → 16 GPUs for the horizon)"
                + " −18971.40 its current place; its own GPU-hours (12027.83 at the reserved price)"), line.verdict());
    }
}
