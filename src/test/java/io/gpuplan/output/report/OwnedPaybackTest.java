package io.gpuplan.output.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * R28's payback against renting, by hand. 10 daily slots (240 h); own: 2 cards bought (jobs a [0,2) and b [1,3) of
 * 1 GPU × 48 h overlap), outlay 2 × 14,600 = 29,200; operations 2 × 240 × 73 / 730 = 48.00; power 2 × 48 × 0.15 =
 * 14.40. Per month (× 730 / 240): running (48.00 + 14.40) × 3.041667 = 189.80.
 */
class OwnedPaybackTest {
    private static Evaluation evaluate(String rentedPrice) throws Exception {
        Problem p = ProblemReader.parse("payback.yaml", """
                name: payback
                horizon: {start: 2027-01-01, end: 2027-01-11}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: %s}
                  - {id: od-h100, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: on-demand, price: 0.01}
                  - {id: own, provider: onprem, region: rack-1, jurisdiction: US, accelerator: A100-80G, purchase: owned,
                     purchasePrice: 14600, depreciationMonths: 20, operationsPerGpuMonth: 73, powerKw: 0.5, pue: 1.5, electricityPricePerKwh: 0.2}
                jobs:
                  - {id: a, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
                  - {id: b, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
                """.formatted(rentedPrice), new ArrayList<>());
        return PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("a", "own", 1, 0), new Placement("b", "own", 1, 1)),
                Map.of("own", 2)));
    }

    @Test
    void paysBackWhenRentingCostsMoreThanRunning() throws Exception {
        Evaluation e = evaluate("2.0");
        OwnedPayback p = OwnedPayback.of(e.problem(), e, e.owned().get(0));
        // Rent avoided: 96 GPU-hours × 2.00 (od; the cheaper H100 is another accelerator) × 730 / 240 = 584.00.
        assertEquals("od", p.rented().id());
        assertEquals(96, p.gpuHours(), 1e-9);
        assertEquals(new BigDecimal("584.00"), p.rentPerMonth());
        assertEquals(new BigDecimal("189.80"), p.runningPerMonth());
        // 29,200 / (584.00 − 189.80) = 29,200 / 394.20 = 74.07 → 74.1 months.
        assertEquals(new BigDecimal("74.1"), p.months());
        assertEquals("74.1 months", p.text());
    }

    @Test
    void neverPaysBackWhenRentingIsCheaperThanRunning() throws Exception {
        Evaluation e = evaluate("0.5");
        OwnedPayback p = OwnedPayback.of(e.problem(), e, e.owned().get(0));
        // 96 × 0.50 × 730 / 240 = 146.00 a month avoided, less than 189.80 running: no saving.
        assertEquals(new BigDecimal("146.00"), p.rentPerMonth());
        assertNull(p.months());
        assertEquals("never pays back", p.text());
    }

    @Test
    void theSteadyExampleReportStatesItsPayback() throws Exception {
        var loaded = io.gpuplan.TestProblems.load(java.nio.file.Path.of("problems/owned-rtx4090-steady.yaml"));
        var s = io.gpuplan.Solving.solve(loaded, io.gpuplan.Solving.TEST_MOVES);
        Evaluation e = PlanEvaluator.evaluate(loaded.problem(), io.gpuplan.solve.SolutionDecisions.of(s.result().plan()));
        // The example's header: 6400 / (1184.87 − 387.20) = 8.0 months.
        OwnedPayback p = OwnedPayback.of(loaded.problem(), e, e.owned().get(0));
        assertEquals(new BigDecimal("1184.87"), p.rentPerMonth());
        assertEquals(new BigDecimal("387.20"), p.runningPerMonth());
        assertEquals(new BigDecimal("8.0"), p.months());
        String md = Report.markdown(loaded.problem(), s.plan(), e);
        assertTrue(md.contains("| 6,400.00 | 526.03 | 295.89 | 849.79 | 1,671.71 |") && md.contains("| 8.0 months |"), md);
    }
}
