package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanVerifier;
import io.gpuplan.problem.ProblemReader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * R28 changes decisions: the bundled owned-rtx4090 examples, solved as {@code gpuplan solve} does. Owned RTX 4090
 * cards win for steady serving (bought, cheaper than renting; without the owned offer the job rents) and lose for a
 * two-week burst (nothing bought). The figures are worked out by hand in the examples' header comments.
 */
class OwnedExampleTest {
    private static final Path STEADY = Path.of("problems/owned-rtx4090-steady.yaml");
    private static final Path BURST = Path.of("problems/owned-rtx4090-burst.yaml");

    @Test
    void steadyServingBuysOwnedCards() {
        Solving.Solved s = Solving.solve(TestProblems.load(STEADY), Solving.TEST_MOVES);
        PlanDocument plan = s.plan();
        assertTrue(plan.feasible());
        PlanDocument.Owned owned = plan.owned().get(0);
        assertEquals(4, owned.gpus(), "4 replicas of 1 card, one 4-card server");
        assertEquals("onprem-4090", plan.assignments().get(0).offer());
        // 526.03 depreciation + 295.89 operations + 849.79 power.
        assertEquals(new BigDecimal("526.03"), owned.depreciation());
        assertEquals(new BigDecimal("295.89"), owned.operations());
        assertEquals(new BigDecimal("849.79"), owned.power());
        assertEquals(new BigDecimal("1671.71"), plan.totals().cost());
        assertEquals(new BigDecimal("6400.00"), plan.totals().ownedCapitalOutlay(), "4 x 1600, not plan cost");
        assertEquals("2027-01-08", owned.runsFrom(), "one week of lead time");
        assertTrue(PlanVerifier.verify(s.loaded(), plan).agrees(), "verify recomputes every owned figure");
        // Compared side by side, owned cards are a way of buying GPUs (526.03 + 295.89 + 849.79 = 1671.71), not
        // transfer or migration.
        var owned4090 = io.gpuplan.output.compare.ComparisonTable.of(List.of("steady"), List.of(plan)).rows().stream()
                .filter(r -> r.label().equals("owned")).toList();
        assertEquals(1, owned4090.size());
        assertEquals("By purchase model", owned4090.get(0).group());
        assertEquals(List.of("1671.71"), owned4090.get(0).values());
    }

    @Test
    void withoutTheOwnedOfferTheSameJobRents() throws Exception {
        String text = Files.readString(STEADY);
        String without = text.replaceAll("(?s)  - \\{id: onprem-4090.*?maxGpus: 8\\}\n", "");
        assertTrue(!without.contains("onprem-4090 ") && !without.equals(text), "the owned offer is removed");
        var problem = ProblemReader.parse("steady-without-owned.yaml", without, new ArrayList<>());
        Solving.Solved s = Solving.solve(new ProblemReader.Loaded(Path.of("steady-without-owned.yaml"), "0".repeat(64),
                problem, List.of()), Solving.TEST_MOVES);
        assertEquals("cloud-4090-od", s.plan().assignments().get(0).offer());
        assertEquals(new BigDecimal("3505.92"), s.plan().totals().cost(), "7968 GPU-hours x 0.44");
    }

    @Test
    void aTwoWeekBurstRentsAndBuysNothing() {
        Solving.Solved s = Solving.solve(TestProblems.load(BURST), Solving.TEST_MOVES);
        PlanDocument plan = s.plan();
        assertEquals("cloud-4090-od", plan.assignments().get(0).offer());
        assertEquals(0, plan.owned().get(0).gpus(), "owning 8 cards for a quarter would cost 1,930.51");
        assertEquals(new BigDecimal("1182.72"), plan.totals().cost(), "2688 GPU-hours x 0.44");
        assertEquals(new BigDecimal("0.00"), plan.totals().ownedCapitalOutlay());
    }
}
