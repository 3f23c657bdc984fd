package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.Solving;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanVerifier;
import io.gpuplan.previous.PreviousPlans;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * R31.2's threshold, end to end: a continuing job moves only when moving saves more than the churn.
 *
 * <p>A 10-day horizon (2027-04-01 to 2027-04-11, daily slots, 240 h). Serving job {@code chat}, 1 replica of 40 GB on
 * one A100-80G, ran last quarter on {@code old} (3.00 per GPU-hour) up to 2027-04-01: it continues. Staying costs
 * 1 × 240 × 3.00 = 720.00; moving to {@code new} (2.50) costs 1 × 240 × 2.50 = 600.00 plus the churn, and no
 * transfer (no dataset) or migration (same stack): moving saves 120.00 before the churn. With a churn of 120.01 the
 * saving is the churn − 0.01: the job stays (720.00 < 720.01). With 119.99 it is the churn + 0.01: it moves (719.99 <
 * 720.00).
 */
class R31ChurnThresholdTest {
    static final String PREVIOUS = """
            format: gpuplan-plan/1
            name: last quarter
            horizon: {start: 2027-03-22, end: 2027-04-01, slot: 1d}
            feasible: true
            reservations: []
            assignments:
            - {job: chat, kind: inference, priority: 10, status: planned, offer: old, provider: aws, region: us-east-1,
               billedGpus: 1, start: 2027-03-22, end: 2027-04-01}
            """;

    static String problem(String churn) {
        return """
                name: churn threshold
                horizon: {start: 2027-04-01, end: 2027-04-11}
                previous: {plan: last.plan.yaml, churnCostPerMove: CHURN}
                offers:
                  - {id: old, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 3.0}
                  - {id: new, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.5}
                jobs:
                  - {id: chat, kind: inference, memoryGb: 40, replicas: 1, priority: 10}
                """.replace("CHURN", churn);
    }

    @TempDir
    Path dir;

    private Solving.Solved solve(String churn) throws IOException, InputErrors {
        Files.writeString(dir.resolve("last.plan.yaml"), PREVIOUS);
        Path file = dir.resolve("q.yaml");
        Files.writeString(file, problem(churn));
        ProblemReader.Loaded loaded = PreviousPlans.apply(ProblemReader.read(file), null);
        Solving.Solved s = Solving.solve(loaded, Solving.TEST_MOVES);
        PlanVerifier.Report report = PlanVerifier.verify(loaded, s.plan());
        assertTrue(report.agrees(), report.differences().toString());
        return s;
    }

    @Test
    void savingOneCentLessThanTheChurnStays() throws Exception {
        PlanDocument plan = solve("120.01").plan();
        PlanDocument.Assignment a = plan.assignments().get(0);
        assertEquals("old", a.offer());
        assertEquals(new PlanDocument.Continuing("old", 1, true), a.continuing());
        assertNull(a.cost().churn());
        assertEquals(new BigDecimal("720.00"), plan.totals().cost());
        assertNull(plan.totals().byCategory().get("churn"));
        assertEquals("last.plan.yaml", plan.previous().plan());
        assertEquals(new PlanDocument.Horizon("2027-04-01", "2027-04-11", "1d"), plan.horizon());
    }

    @Test
    void savingOneCentMoreThanTheChurnMoves() throws Exception {
        PlanDocument plan = solve("119.99").plan();
        PlanDocument.Assignment a = plan.assignments().get(0);
        assertEquals("new", a.offer());
        assertEquals(new PlanDocument.Continuing("old", 1, false), a.continuing());
        assertEquals(new BigDecimal("119.99"), a.cost().churn());
        assertEquals(new BigDecimal("719.99"), a.cost().total());
        assertEquals(new BigDecimal("719.99"), plan.totals().cost());
        assertEquals(new BigDecimal("119.99"), plan.totals().byCategory().get("churn"));
        assertEquals(new BigDecimal("119.99"), plan.totals().byProvider().get("internal"), "billed by no provider");
    }
}
