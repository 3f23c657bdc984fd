package io.gpuplan.examples;

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
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * problems/capacity-block-training-burst.yaml: R30 decides where the burst runs. Figures from the file's header,
 * worked by hand there: 64 H100 for T = 18432 / (64 × 0.9) = 320 h = 14 daily slots from 2027-02-15; a 14-day block
 * 64 × 14 × 24 × 4.91625 = 105,719.04 against on-demand 64 × 320 × 6.88 = 140,902.40 and the reservation
 * 64 × 2160 × 4.3344 = 599,187.46.
 */
class CapacityBlockExampleTest {
    static final Path FILE = Path.of("problems/capacity-block-training-burst.yaml");
    static final String BLOCK_OFFER = """
              - {id: aws-use1-p5-block, provider: aws, region: us-east-1, jurisdiction: US,
                 accelerator: H100-80G, purchase: block, price: 4.91625, gpusPerInstance: 8, maxGpus: 64,
                 blockDays: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84, 91, 98,
                             105, 112, 119, 126, 133, 140, 147, 154, 161, 168, 175, 182]}
            """;
    static final String ON_DEMAND_OFFER = """
              - {id: aws-use1-p5-od, provider: aws, region: us-east-1, jurisdiction: US,
                 accelerator: H100-80G, purchase: on-demand, price: 6.88, gpusPerInstance: 8}
            """;

    @Test
    void theBurstBuysAFourteenDayBlockStartingWithIt() {
        Solving.Solved s = Solving.solve(TestProblems.load(FILE), 2_000);
        PlanDocument plan = s.plan();
        PlanDocument.Assignment a = plan.assignments().get(0);
        assertEquals("aws-use1-p5-block", a.offer());
        assertEquals("block", a.purchase());
        assertEquals("2027-02-15", a.start());
        assertEquals(new PlanDocument.Block(14, "2027-02-15", "2027-03-01", new BigDecimal("336.0000"), 64), a.block());
        // 64 × 14 × 24 × 4.91625 = 105,719.04; no compute line (R17) on a block.
        assertEquals(new BigDecimal("105719.04"), a.cost().block());
        assertEquals(new BigDecimal("0.00"), a.cost().compute());
        assertEquals(new BigDecimal("105719.04"), plan.totals().cost());
        assertEquals(Map.of("2027-02", new BigDecimal("105719.04")), plan.totals().byMonth(), "paid upfront when it starts");
        assertEquals(Map.of("block", new BigDecimal("105719.04")), plan.totals().byPurchaseModel());
        assertEquals(List.of(new PlanDocument.BlockPurchase("llm-burst-70b", "aws-use1-p5-block", "aws", "us-east-1",
                "H100-80G", 64, 14, "2027-02-15", "2027-03-01", new BigDecimal("336.0000"), new BigDecimal("4.91625"),
                "USD", new BigDecimal("105719.04"))), plan.blocks());
        PlanVerifier.Report report = PlanVerifier.verify(s.loaded().problem(), s.loaded().sha256(), plan, s.context());
        assertEquals(List.of(), report.differences());
        // The report states the same figures: the cost section's block line and the row of "Capacity blocks to buy".
        var problem = s.loaded().problem();
        String md = io.gpuplan.output.report.Report.markdown(problem, plan, io.gpuplan.rules.PlanEvaluator.evaluate(problem,
                io.gpuplan.solve.SolutionDecisions.of(s.result().plan())));
        assertTrue(md.contains("Capacity blocks (R30): USD 105,719.04 for 1 block,"), md);
        assertTrue(md.contains("| llm-burst-70b | aws-use1-p5-block | aws us-east-1 | H100-80G | 64 | 14 | 2027-02-15 | 2027-03-01"
                + " | 336.00 | 4.91625 USD | 105,719.04 |"), md);
    }

    @Test
    void withoutTheBlockOfferTheBurstRunsOnDemandForMore() throws Exception {
        PlanDocument plan = solve(Files.readString(FILE).replace(BLOCK_OFFER, ""));
        assertEquals("aws-use1-p5-od", plan.assignments().get(0).offer());
        // 64 × 320 × 6.88 = 140,902.40, 35,183.36 more than the block.
        assertEquals(new BigDecimal("140902.40"), plan.totals().cost());
        assertTrue(plan.totals().cost().compareTo(new BigDecimal("105719.04")) > 0);
    }

    @Test
    void onlyTheReservationCostsMoreStill() throws Exception {
        PlanDocument plan = solve(Files.readString(FILE).replace(BLOCK_OFFER, "").replace(ON_DEMAND_OFFER, ""));
        assertEquals("aws-use1-p5-ri-1y", plan.assignments().get(0).offer());
        // 64 reserved GPUs × 2160 h × 4.3344 = 599,187.456 → 599,187.46; u = 1.0 strands nothing (R29).
        assertEquals(new BigDecimal("599187.46"), plan.totals().cost());
    }

    private static PlanDocument solve(String text) throws Exception {
        var problem = ProblemReader.parse("variant.yaml", text, new ArrayList<>());
        return Solving.solve(new ProblemReader.Loaded(FILE, "test", problem, List.of()), 2_000).plan();
    }
}
