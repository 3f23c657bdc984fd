package io.gpuplan.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.sizing.Rule;
import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * R30 in the plain-loop rule checks, the plan file and {@code verify}. The fixture: 2027-01-25 to 2027-02-20, daily
 * slots. {@code blk} is a block offer priced in EUR (0.8 EUR per USD) at 2.00 EUR per GPU-hour, 8 GPUs per
 * instance, at most 16, lengths [1..7, 14] days. Job {@code a}: 8 GPUs, 1,536 GPU-hours = 192 h = 8 slots → a
 * 14-day block (7 days = 168 h < 192 h): 8 × 14 × 24 × 2.00 = 5,376.00 EUR / 0.8 = 6,720.00 USD. Placed at slot 5
 * (2027-01-30) the block runs 2027-01-30 to 2027-02-13 and the job to 2027-02-07: the whole block is paid in
 * January, when it starts. Job {@code b}: 1 GPU, 48 GPU-hours on on-demand {@code od} at 4.00 USD = 192.00.
 */
class BlockPlanTest {
    private static final String TEXT = """
            name: block plan
            horizon: {start: 2027-01-25, end: 2027-02-20}
            exchangeRates: {EUR: 0.8}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: on-demand, price: 4.0}
              - {id: blk, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: block,
                 currency: EUR, price: 2.0, gpusPerInstance: 8, maxGpus: 16, blockDays: [1, 2, 3, 4, 5, 6, 7, 14]}
            jobs:
              - {id: a, kind: training, memoryGb: 400, gpus: 8, work: {gpuHours: 1536, accelerator: H100-80G}}
              - {id: b, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: H100-80G}}
            """;
    private static final String SHA = "x".repeat(64);

    private static Problem problem() throws Exception {
        return ProblemReader.parse("block-plan.yaml", TEXT, new ArrayList<>());
    }

    private static Decisions decisions() {
        return new Decisions(List.of(new Placement("a", "blk", 8, 5), new Placement("b", "od", 1, 0)), Map.of());
    }

    @Test
    void theRuleChecksPriceTheBlockByHand() throws Exception {
        Evaluation e = PlanEvaluator.evaluate(problem(), decisions());
        assertTrue(e.feasible(), () -> "" + e.violations());
        CostLine block = e.costLines().stream().filter(l -> l.kind() == CostLine.Kind.BLOCK).findFirst().orElseThrow();
        assertEquals(672_000, block.cents(), "8 × 336 h × 2.00 EUR = 5,376.00 EUR / 0.8 = 6,720.00");
        assertEquals("aws", block.provider());
        assertEquals("block", block.purchase());
        assertEquals(Map.of(YearMonth.of(2027, 1), 672_000L), block.byMonth(), "upfront, in the month the block starts");
        assertTrue(e.costLines().stream().noneMatch(l -> l.kind() == CostLine.Kind.COMPUTE && l.source().equals("a")),
                "no R17 line for a job in a block");
        assertEquals(672_000 + 19_200, e.costCents());
        assertEquals(Map.of("block", 672_000L, "on-demand", 19_200L), e.totals().byPurchaseModel());
        assertEquals(Map.of("block", 672_000L, "compute", 19_200L), e.totals().byCategory());
    }

    @Test
    void aJobLongerThanTheLongestBlockBreaksR30() throws Exception {
        // 8 GPUs × 15 days × 24 h = 2,880 GPU-hours = 15 slots: more than 14 days.
        Problem p = ProblemReader.parse("long.yaml", TEXT.replace("gpuHours: 1536", "gpuHours: 2880"), new ArrayList<>());
        Evaluation e = PlanEvaluator.evaluate(p, decisions());
        assertEquals(1, e.violations().stream().filter(v -> v.rule() == Rule.R30).count(), () -> "" + e.violations());
        assertTrue(e.violations().stream().anyMatch(v -> v.detail().contains("longest capacity block of 14 days")),
                () -> "" + e.violations());
    }

    @Test
    void explainSaysWhyABlockDoesNotFitAndWhatAFittingOneWouldAdd() throws Exception {
        // a on od instead (1 GPU per instance: 8 instances at efficiency 0.9): T = 1536 / 7.2 = 213.333 h,
        // 8 × 213.333 × 4.00 = 6,826.67; the block (6,720.00) would add 6,720.00 − 6,826.67 = −106.67.
        Problem p = problem();
        Evaluation onDemand = PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("a", "od", 8, 5)), Map.of()));
        var lines = io.gpuplan.rules.JobExplanation.explain(p, onDemand, p.job("a").orElseThrow(), false);
        var block = lines.stream().filter(l -> l.offer().equals("blk")).findFirst().orElseThrow();
        assertEquals(672_000, block.cents());
        assertTrue(block.verdict().contains("adds -106.67 (a 14-day capacity block of 8 GPUs from then, paid upfront: R30)"),
                block.verdict());
        // 15 slots: no length of [1..7, 14] covers them, so blk is ruled out by R30, with the figures.
        Problem longer = ProblemReader.parse("long.yaml", TEXT.replace("gpuHours: 1536", "gpuHours: 2880"), new ArrayList<>());
        Evaluation e = PlanEvaluator.evaluate(longer, new Decisions(List.of(new Placement("a", "od", 8, 0)), Map.of()));
        var ruledOut = io.gpuplan.rules.JobExplanation.explain(longer, e, longer.job("a").orElseThrow(), false).stream()
                .filter(l -> l.offer().equals("blk")).findFirst().orElseThrow();
        assertTrue(ruledOut.verdict().contains("R30 capacity block: occupies 15 slots (360 h), longer than the longest"
                + " capacity block of 14 days (336 h)"), ruledOut.verdict());
    }

    @Test
    void thePlanStatesTheBlockAndVerifyRecomputesIt() throws Exception {
        Problem p = problem();
        var context = new PlanDocumentBuilder.Context(p, new PlanDocument.ProblemRef("block-plan.yaml", SHA),
                null, null, OptionEnumerator.enumerate(p), null);
        PlanDocument plan = PlanDocumentBuilder.build(context, decisions());
        PlanDocument.Assignment a = plan.assignments().get(0);
        assertEquals(new PlanDocument.Block(14, "2027-01-30", "2027-02-13", new BigDecimal("336.0000"), 8), a.block());
        assertEquals("2027-02-07", a.end(), "the job ends before its block");
        assertEquals(new BigDecimal("6720.00"), a.cost().block());
        assertNull(plan.assignments().get(1).block());
        assertNull(plan.assignments().get(1).cost().block());
        assertEquals(1, plan.blocks().size());
        assertEquals(new BigDecimal("6720.00"), plan.blocks().get(0).cost());
        assertEquals("EUR", plan.blocks().get(0).priceCurrency());

        String yaml = Yaml.MAPPER.writeValueAsString(plan);
        assertTrue(yaml.contains("    migration: 0.00\n    block: 6720.00\n    total: 6720.00"),
                "the block is written after the other parts of the job's cost:\n" + yaml);
        PlanDocument read = Yaml.MAPPER.readValue(yaml, PlanDocument.class);
        assertTrue(PlanVerifier.verify(p, SHA, read, context).agrees(), () -> "" + PlanVerifier.verify(p, SHA, read, context).differences());

        PlanDocument dearer = Yaml.MAPPER.readValue(yaml.replace("block: 6720.00", "block: 6000.00"), PlanDocument.class);
        assertTrue(PlanVerifier.verify(p, SHA, dearer, context).mismatches()
                .contains("assignments[0].cost.block: the plan states 6000.00, the rules give 6720.00"));
        // The length is derived from the placement, not read from the plan: a shorter stated block is a mismatch.
        PlanDocument shorter = Yaml.MAPPER.readValue(yaml.replace("days: 14", "days: 7"), PlanDocument.class);
        List<String> mismatches = PlanVerifier.verify(p, SHA, shorter, context).mismatches();
        assertTrue(mismatches.contains("assignments[0].block.days: the plan states 7, the rules give 14"), () -> "" + mismatches);
        assertTrue(mismatches.contains("blocks[0].days: the plan states 7, the rules give 14"), () -> "" + mismatches);
        // Moving the job moves its block: verify recomputes the dates from the stated start.
        PlanDocument later = Yaml.MAPPER.readValue(yaml.replace("start: 2027-01-30", "start: 2027-02-01"), PlanDocument.class);
        List<String> moved = PlanVerifier.verify(p, SHA, later, context).mismatches();
        assertTrue(moved.contains("assignments[0].block.end: the plan states \"2027-02-13\", the rules give \"2027-02-15\""),
                () -> "" + moved);
        // Its 6,720.00 moves to February with it: January keeps b's 192.00 only.
        assertTrue(moved.contains("totals.byMonth.2027-01: the plan states 6912.00, the rules give 192.00"), () -> "" + moved);
    }

    @Test
    void aPlanWithoutBlockOffersHasNoBlockFields() throws Exception {
        Problem p = ProblemReader.parse("od.yaml", TEXT.replaceAll("(?s)  - \\{id: blk.*?14\\]\\}\n", "")
                .replaceAll("(?m)^  - \\{id: a,.*\n", ""), new ArrayList<>());
        var context = new PlanDocumentBuilder.Context(p, null, null, null, OptionEnumerator.enumerate(p), null);
        PlanDocument plan = PlanDocumentBuilder.build(context, new Decisions(List.of(new Placement("b", "od", 1, 0)), Map.of()));
        assertNull(plan.blocks());
        String yaml = Yaml.MAPPER.writeValueAsString(plan);
        assertTrue(!yaml.contains("blocks:") && !yaml.contains(" block:") && !yaml.contains("purchase: block"), yaml);
    }
}
