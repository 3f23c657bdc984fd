package io.gpuplan.output.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.OptionEnumerator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The comparison's saving cells: a figure only against a baseline of the same jobs (R25). */
class ComparisonTableTest {
    private static PlanDocument plan(String text, Decisions d) throws Exception {
        Problem p = ProblemReader.parse("four.yaml", text, new ArrayList<>());
        return PlanDocumentBuilder.build(new PlanDocumentBuilder.Context(p, new PlanDocument.ProblemRef("four.yaml", "0"),
                null, null, OptionEnumerator.enumerate(p), null), d);
    }

    @Test
    void aBaselineOfOtherJobsIsNotComparable() throws Exception {
        String four = Files.readString(Path.of("src/test/resources/problems/four-runs.yaml"));
        // v1 alone on-demand: greedy runs the same job the same way, a saving of 0.
        PlanDocument same = plan(four, new Decisions(List.of(new Placement("v1", "od", 16, 0)), Map.of()));
        // 16 on-demand GPUs and v1b beside v1 on the reserved pool: greedy (no reservations) cannot run v1b.
        String tight = four.replace("maxGpus: 64}\n  - {id: ri", "maxGpus: 16}\n  - {id: ri")
                + "  - {id: v1b, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, deadline: 2027-01-25}\n";
        PlanDocument other = plan(tight, new Decisions(List.of(new Placement("v1", "od", 16, 0),
                new Placement("v1b", "ri", 16, 0)), Map.of("ri", 16)));
        ComparisonTable table = ComparisonTable.of(List.of("same", "other"), List.of(same, other));
        ComparisonTable.Row row = table.rows().stream().filter(r -> r.label().equals("saving vs greedy")).findFirst().orElseThrow();
        assertEquals(List.of("0.00 (0.00 %)", "not comparable"), row.values());
    }
}
