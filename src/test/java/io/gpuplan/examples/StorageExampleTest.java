package io.gpuplan.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.ProblemReader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * problems/storage-heavy-near-its-data.yaml: R26 changes where the storage-heavy job runs. Figures from the file's
 * header, worked by hand there: with storage us-east-1 costs 29,473.97 against 36,947.94 in us-west-2; without it
 * (no tier stated, no storage: section) 19,200.00 against 16,400.00.
 */
class StorageExampleTest {
    static final Path FILE = Path.of("problems/storage-heavy-near-its-data.yaml");

    @Test
    void theJobStaysNearItsDataOnceTheCopyIsCharged() {
        PlanDocument plan = Solving.solve(TestProblems.load(FILE), 2_000).plan();
        PlanDocument.Assignment job = assignment(plan, "pretrain-on-100tb");
        assertEquals("aws-use1-od", job.offer());
        assertEquals(new BigDecimal("10273.97"), job.cost().storage(), "100,000 × 0.125 × 600 / 730");
        assertEquals(new BigDecimal("29473.97"), job.cost().total());
        assertEquals("aws-usw2-od", assignment(plan, "eval-sweep").offer(), "no dataset: the cheaper region");
        assertEquals(new BigDecimal("31777.97"), plan.totals().cost());
    }

    @Test
    void withoutStorageTheJobMovesToTheCheaperRegion() throws Exception {
        String text = Files.readString(FILE).replace(", tier: hot}", "}");
        var off = ProblemReader.parse("no-storage.yaml", text, new ArrayList<>());
        PlanDocument plan = Solving.solve(new ProblemReader.Loaded(FILE, "test", off, java.util.List.of()), 2_000).plan();
        PlanDocument.Assignment job = assignment(plan, "pretrain-on-100tb");
        assertEquals("aws-usw2-od", job.offer());
        assertEquals(null, job.cost().storage(), "no storage charged, none written");
        // 4800 × 3.00 + 100,000 × 0.02 = 14,400.00 + 2,000.00
        assertEquals(new BigDecimal("16400.00"), job.cost().total());
    }

    private static PlanDocument.Assignment assignment(PlanDocument plan, String job) {
        return plan.assignments().stream().filter(a -> a.job().equals(job)).findFirst().orElseThrow();
    }
}
