package io.gpuplan.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.problem.ProblemReader;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code verify} on a solved plan, and on hand-broken copies of it: each break is reported, in rule terms. */
class PlanVerifierTest {
    static ProblemReader.Loaded loaded;
    static Solving.Solved solved;

    @BeforeAll
    static void solveTiny() {
        loaded = TestProblems.load(TestProblems.TINY);
        solved = Solving.solve(loaded, Solving.TEST_MOVES);
    }

    @Test
    void aSolvedPlanAgrees() {
        assertEquals(List.of(), verify(solved.plan()).differences());
    }

    @Test
    void aPlanWrittenAndReadBackAgrees() throws Exception {
        String yaml = Yaml.MAPPER.writeValueAsString(solved.plan());
        PlanDocument back = Yaml.MAPPER.readValue(yaml, PlanDocument.class);
        assertEquals(List.of(), verify(back).differences());
    }

    @Test
    void aWrongCostIsReportedToTheCent() {
        PlanDocument broken = withAssignment("pretrain-7b", a -> withCost(a, a.cost().compute().add(new BigDecimal("0.01"))));
        List<String> diffs = verify(broken).differences();
        assertTrue(diffs.stream().anyMatch(d -> d.startsWith("assignments[0].cost.compute: the plan states")), diffs.toString());
    }

    @Test
    void aJobPastItsDeadlineBreaksR2() {
        // finetune-13b must end by 2027-01-20 (exclusive); starting on the 25th is past it.
        PlanDocument broken = withAssignment("finetune-13b", a -> withStart(a, "2027-01-25"));
        PlanVerifier.Report report = verify(broken);
        assertTrue(report.differences().stream().anyMatch(d -> d.startsWith("rule broken: R2 time window (finetune-13b)")),
                report.differences().toString());
        assertTrue(report.differences().stream().anyMatch(d -> d.startsWith("feasible: the plan states true, the rules give false")));
    }

    @Test
    void twoJobsOverCapacityBreakR21() {
        // Put finetune-13b (8 GPUs) on the reserved pool beside serve-70b while only 8 GPUs are reserved.
        PlanDocument broken = withAssignment("finetune-13b", a -> withOffer(a, "aws-ri"));
        broken = withReservation(broken, "aws-ri", 8);
        PlanVerifier.Report report = verify(broken);
        assertTrue(report.differences().stream().anyMatch(d -> d.startsWith("rule broken: R21 capacity (aws-ri)")),
                report.differences().toString());
        assertTrue(report.evaluation().hardPenalty() > 0);
    }

    @Test
    void aPlanForAnotherVersionOfTheProblemIsFlagged() {
        PlanDocument p = solved.plan();
        PlanDocument other = new PlanDocument(p.format(), p.name(), new PlanDocument.ProblemRef("x.yaml", "0".repeat(64)),
                p.solver(), p.score(), p.feasible(), p.currency(), p.summary(), p.reservations(), p.assignments(),
                p.totals(), p.risk(), p.constraints(), p.prices(), p.run());
        assertTrue(verify(other).differences().get(0).startsWith("problem.sha256:"));
    }

    @Test
    void measuresAreComparedToTheirStatedPrecision() throws Exception {
        // A change of 0.0001 is a change: utilization 1.0000 -> 0.9999 (its last stated decimal), a price 4.1 -> 4.1001.
        assertTampered("utilization", v -> v.subtract(new BigDecimal("0.0001")));
        assertTampered("pricePerGpuHour", v -> v.add(new BigDecimal("0.0001")));
        assertTampered("perGpuHourInBase", v -> v.add(new BigDecimal("0.0001")));
    }

    private static void assertTampered(String field, UnaryOperator<BigDecimal> change) throws Exception {
        String yaml = Yaml.MAPPER.writeValueAsString(solved.plan());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^(\\s*" + field + ": )(\\d+\\.\\d+)$").matcher(yaml);
        assertTrue(m.find(), field + " in the tiny plan");
        String tampered = yaml.substring(0, m.start(2)) + change.apply(new BigDecimal(m.group(2))).toPlainString()
                + yaml.substring(m.end(2));
        List<String> diffs = verify(Yaml.MAPPER.readValue(tampered, PlanDocument.class)).differences();
        assertTrue(diffs.stream().anyMatch(d -> d.contains(field + ": the plan states")), field + ": " + diffs);
    }

    private static PlanVerifier.Report verify(PlanDocument plan) {
        return PlanVerifier.verify(loaded.problem(), loaded.sha256(), plan, solved.context());
    }

    private static PlanDocument withAssignment(String job, UnaryOperator<PlanDocument.Assignment> change) {
        PlanDocument p = solved.plan();
        List<PlanDocument.Assignment> list = new ArrayList<>();
        boolean found = false;
        for (PlanDocument.Assignment a : p.assignments()) {
            found |= a.job().equals(job);
            list.add(a.job().equals(job) ? change.apply(a) : a);
        }
        assertTrue(found && "planned".equals(p.assignments().stream().filter(a -> a.job().equals(job)).findFirst().orElseThrow().status()),
                job + " should be planned in the solved tiny scenario");
        return new PlanDocument(p.format(), p.name(), p.problem(), p.solver(), p.score(), p.feasible(), p.currency(),
                p.summary(), p.reservations(), list, p.totals(), p.risk(), p.constraints(), p.prices(), p.run());
    }

    private static PlanDocument withReservation(PlanDocument p, String offer, int gpus) {
        List<PlanDocument.Reservation> list = p.reservations().stream().map(r -> !r.offer().equals(offer) ? r
                : new PlanDocument.Reservation(r.offer(), r.provider(), r.region(), r.accelerator(), gpus, r.peakGpus(),
                r.pricePerGpuHour(), r.priceCurrency(), r.horizonHours(), r.horizonCost(), r.utilization(),
                r.termMonths(), r.hoursPastHorizon(), r.commitmentPastHorizon(), r.expectedUseAfterHorizon(),
                r.expectedUseBy(), r.strandedCommitment())).toList();
        return new PlanDocument(p.format(), p.name(), p.problem(), p.solver(), p.score(), p.feasible(), p.currency(),
                p.summary(), list, p.assignments(), p.totals(), p.risk(), p.constraints(), p.prices(), p.run());
    }

    private static PlanDocument.Assignment withCost(PlanDocument.Assignment a, BigDecimal compute) {
        return copy(a, a.offer(), a.start(), new PlanDocument.Cost(compute, a.cost().transfer(), a.cost().storage(), a.cost().migration(), a.cost().power(), a.cost().total(), a.cost().storedAt()));
    }

    private static PlanDocument.Assignment withStart(PlanDocument.Assignment a, String start) {
        return copy(a, a.offer(), start, a.cost());
    }

    private static PlanDocument.Assignment withOffer(PlanDocument.Assignment a, String offer) {
        return copy(a, offer, a.start(), a.cost());
    }

    private static PlanDocument.Assignment copy(PlanDocument.Assignment a, String offer, String start, PlanDocument.Cost cost) {
        return new PlanDocument.Assignment(a.job(), a.kind(), a.priority(), a.status(), offer, a.provider(), a.region(),
                a.jurisdiction(), a.accelerator(), a.purchase(), a.gpus(), a.billedGpus(), a.instances(), a.gpusPerReplica(),
                start, a.end(), a.startSlot(), a.slots(), a.hours(), a.migrated(), a.price(), cost, a.reason());
    }
}
