package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.Placement;
import io.gpuplan.rules.PlanEvaluator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * FocusCommitmentTest's half-used reservation with an on-demand offer for the same GPUs in the same region at
 * 4.00 USD/GPU-h, and a job on it. The committed rows of "train" consume 3,072 GPU-h in January and 2,592 in
 * February: at the on-demand list price 12,288.00 and 10,368.00, against the 7,680.00 and 6,480.00 the reservation
 * amortizes to them, so ListCost − EffectiveCost shows what the commitment saves.
 */
class FocusListCostTest {
    static final String PROBLEM = FocusCommitmentTest.PROBLEM.replace("offers:\n", """
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: on-demand, price: 4.00, gpusPerInstance: 8, maxGpus: 16}
            """);

    static FocusTable render() throws Exception {
        Problem problem = ProblemReader.parse("list-cost.yaml", PROBLEM, new ArrayList<>());
        Decisions decisions = new Decisions(List.of(new Placement("train", "ri", 8, 30),
                new Placement("cn-eval", "od", 8, 0)), Map.of("ri", 8));
        Evaluation e = PlanEvaluator.evaluate(problem, decisions);
        assertTrue(e.feasible(), e.violations().toString());
        PlanDocument plan = new PlanDocument(PlanDocument.FORMAT, problem.name(),
                new PlanDocument.ProblemRef("list-cost.yaml", "0"), null, e.score(), true, "USD", null, null, null,
                null, null, null, null, null);
        return FocusTable.parse(FocusCsv.render(problem, plan, e));
    }

    @Test
    void committedRowsCarryTheOnDemandListCost() throws Exception {
        List<Map<String, String>> used = render().where("CommitmentDiscountStatus", "Used");
        assertEquals(2, used.size());
        assertEquals(List.of("12288.00", "10368.00"), used.stream().map(r -> r.get("ListCost")).toList());
        assertEquals(List.of("7680.00", "6480.00"), used.stream().map(r -> r.get("EffectiveCost")).toList());
        for (Map<String, String> r : used) {
            assertEquals("4", r.get("ListUnitPrice"), "the list price is the on-demand one");
            assertEquals("4", r.get("PricingCurrencyListUnitPrice"));
            assertEquals("2.5", r.get("ContractedUnitPrice"), "the contracted price stays the reservation's");
        }
    }

    @Test
    void withoutAnOnDemandTwinTheListCostIsTheEffectiveOne() throws Exception {
        Problem problem = ProblemReader.parse("half-used.yaml", FocusCommitmentTest.PROBLEM, new ArrayList<>());
        assertFalse(problem.offers().stream().anyMatch(o -> o.provider().equals("aws") && !o.isReserved()));
        for (Map<String, String> r : FocusCommitmentTest.render().where("CommitmentDiscountStatus", "Used")) {
            assertEquals(new BigDecimal(r.get("EffectiveCost")), new BigDecimal(r.get("ListCost")));
        }
    }

    @Test
    void resourceTypeIsAResourceNotTheJobKind() throws Exception {
        FocusTable t = render();
        for (Map<String, String> r : t.rows()) {
            String type = r.get("ResourceType");
            assertFalse(List.of("training", "batch", "inference", "fine-tuning").contains(type), "ResourceType " + type);
        }
        Map<String, String> train = t.where("x_JobId", "train").get(0);
        assertEquals("GPU Virtual Machine", train.get("ResourceType"));
        assertEquals("{\"x_JobKind\":\"training\"}", train.get("Tags"), "the job's kind moves to its tags");
    }
}
