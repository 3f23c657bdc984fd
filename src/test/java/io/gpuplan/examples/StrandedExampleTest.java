package io.gpuplan.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.ProblemReader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * problems/stranded-36-month-commitment.yaml: R29 decides the term. Figures from the file's header, worked by hand
 * there: at u = 0.85 the 12-month term costs 43,851.46 against 55,503.36 for 36 months and 47,428.50 on-demand; with
 * no u stated (utilization 1.0) 36 months costs 20,736.00; at u = 0.25 on-demand wins.
 */
class StrandedExampleTest {
    static final Path FILE = Path.of("problems/stranded-36-month-commitment.yaml");

    @Test
    void atEightyFivePercentUseAfterTheQuarterThe12MonthTermWins() {
        PlanDocument plan = Solving.solve(TestProblems.load(FILE), 2_000).plan();
        assertEquals("aws-use1-p4d-ri-1y", serving(plan).offer());
        PlanDocument.Reservation r = reservation(plan, "aws-use1-p4d-ri-1y");
        assertEquals(8, r.gpus());
        // 0.15 × 8 × 6600 × 1.740137 = 13,781.88504 → 13,781.89, beside the full 91,879.23 past the horizon
        assertEquals(new BigDecimal("13781.89"), r.strandedCommitment());
        assertEquals(new BigDecimal("91879.23"), r.commitmentPastHorizon());
        assertEquals("reservations", r.expectedUseBy());
        assertEquals(0, new BigDecimal("0.85").compareTo(r.expectedUseAfterHorizon()),
                "u as the problem states it");
        assertEquals(new BigDecimal("43851.46"), plan.totals().cost());
        assertEquals(new BigDecimal("13781.89"), plan.totals().strandedCommitments());
    }

    @Test
    void withoutAStatedUseAFullyUsedPoolStrandsNothingAndThe36MonthTermWins() throws Exception {
        PlanDocument plan = solve(Files.readString(FILE).replace("reservations: {expectedUseAfterHorizon: 0.85}\n", ""));
        assertEquals("aws-use1-p4d-ri-3y", serving(plan).offer());
        PlanDocument.Reservation r = reservation(plan, "aws-use1-p4d-ri-3y");
        assertEquals("default", r.expectedUseBy());
        assertEquals(new BigDecimal("0.00"), r.strandedCommitment(), "utilization 1.0 within the quarter");
        assertEquals(new BigDecimal("20736.00"), plan.totals().cost());
    }

    @Test
    void atAQuarterOfUseOnDemandWins() throws Exception {
        PlanDocument plan = solve(Files.readString(FILE).replace("expectedUseAfterHorizon: 0.85", "expectedUseAfterHorizon: 0.25"));
        assertEquals("aws-use1-p4d-od", serving(plan).offer());
        assertEquals(new BigDecimal("47428.50"), plan.totals().cost());
        assertTrue(plan.reservations().stream().allMatch(r -> r.gpus() == 0), "no pool bought");
    }

    private static PlanDocument solve(String text) throws Exception {
        var problem = ProblemReader.parse("variant.yaml", text, new ArrayList<>());
        return Solving.solve(new ProblemReader.Loaded(FILE, "test", problem, List.of()), 2_000).plan();
    }

    private static PlanDocument.Assignment serving(PlanDocument plan) {
        return plan.assignments().get(0);
    }

    private static PlanDocument.Reservation reservation(PlanDocument plan, String offer) {
        return plan.reservations().stream().filter(r -> r.offer().equals(offer)).findFirst().orElseThrow();
    }
}
