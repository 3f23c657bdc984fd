package io.gpuplan.output.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** R28 in comparisons: the owned cards each scenario buys, and the change between them, in the plans' figures. */
class OwnedComparisonTest {
    @Test
    void steadyAgainstBurstShowsTheCardsNoLongerBought() {
        PlanDocument steady = Solving.solve(TestProblems.load(Path.of("problems/owned-rtx4090-steady.yaml")), 2_000).plan();
        PlanDocument burst = Solving.solve(TestProblems.load(Path.of("problems/owned-rtx4090-burst.yaml")), 2_000).plan();
        ComparisonTable t = ComparisonTable.of(List.of("steady", "burst"), List.of(steady, burst));
        ComparisonTable.Row row = t.rows().stream().filter(r -> r.group().equals("Owned cards bought")).findFirst().orElseThrow();
        assertEquals("onprem-4090", row.label());
        // Steady: 4 cards, 1,671.71 in the horizon (526.03 + 295.89 + 849.79), outlay 4 × 1600; burst: none.
        assertEquals(List.of("4 GPUs, 1671.71 (outlay 6400.00)", "none"), row.values());
        List<String> changes = ChangeNarrative.between("steady", steady, "burst", burst);
        assertTrue(changes.contains("The owned cards on onprem-4090 go from 4 to 0 GPUs (-1671.71 USD in the horizon,"
                + " capital outlay 0.00)."), () -> String.join("\n", changes));
    }
}
