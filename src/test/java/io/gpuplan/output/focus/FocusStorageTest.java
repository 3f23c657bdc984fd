package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * R26 in the FOCUS CSV, by hand, on the bundled storage-heavy-near-its-data with its big job put away from its data
 * (us-west-2): the 100,000 GB hot dataset is kept in us-east-1 and copied to us-west-2 for the run's W = 600 h, each
 * copy 100,000 × 600 / 730 = 82,191.7808 GB-months at 0.125 = 10,273.97 (all in January 2027, the horizon's only month).
 */
class FocusStorageTest {
    @Test
    void eachCopyOfTheDatasetIsAGbMonthRowBilledWhereItIsKept() throws Exception {
        Problem p = TestProblems.load(Path.of("problems/storage-heavy-near-its-data.yaml")).problem();
        Evaluation e = PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("pretrain-on-100tb", "aws-usw2-od", 8, 0),
                new Placement("eval-sweep", "aws-use1-od", 8, 0)), Map.of()));
        assertTrue(e.feasible(), () -> "" + e.violations());
        // 4800 × 3.00 + 2,000.00 transfer + 2 × 10,273.97 storage + 768 × 4.00 eval on us-east-1.
        assertEquals(1_440_000 + 200_000 + 2 * 1_027_397 + 307_200, e.costCents());
        PlanDocument plan = new PlanDocument(PlanDocument.FORMAT, p.name(), new PlanDocument.ProblemRef("storage.yaml", "0"),
                null, e.score(), true, "USD", null, null, null, null, null, null, null, null);
        FocusTable t = FocusTable.parse(FocusCsv.render(p, plan, e));
        List<Map<String, String>> storage = t.rows().stream().filter(r -> "GB-Month".equals(r.get("PricingUnit"))).toList();
        assertEquals(List.of("us-east-1", "us-west-2"), storage.stream().map(r -> r.get("RegionId")).sorted().toList());
        for (Map<String, String> row : storage) {
            assertEquals("10273.97", row.get("BilledCost"));
            assertEquals("82191.7808", row.get("PricingQuantity"));
            assertEquals("82191.7808", row.get("ConsumedQuantity"));
            assertEquals("0.125", row.get("ListUnitPrice"));
            assertEquals("aws", row.get("ProviderName"));
            assertEquals("Storage", row.get("ServiceCategory"));
            assertEquals("R26", row.get("x_Rule"));
        }
        assertTrue(storage.stream().anyMatch(r -> r.get("ChargeDescription").contains("copy at aws/us-west-2")), "" + storage);
        assertEquals(BigDecimal.valueOf(e.costCents(), 2), t.sum("BilledCost"));
    }
}
