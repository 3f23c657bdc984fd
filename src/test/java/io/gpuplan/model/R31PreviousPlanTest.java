package io.gpuplan.model;

import static io.gpuplan.model.GpuPlanConstraintsTest.at;
import static io.gpuplan.model.GpuPlanConstraintsTest.job8;
import static io.gpuplan.model.GpuPlanConstraintsTest.option;
import static io.gpuplan.model.GpuPlanConstraintsTest.problemWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.stream.test.ConstraintVerifier;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.Yaml;
import io.gpuplan.previous.PreviousPlans;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionSizer;
import io.gpuplan.sizing.ProviderCharge;
import io.gpuplan.sizing.Rule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * R31 (docs/model-beyond-R25.md) on {@link GpuPlanConstraintsTest}'s fixture: a 10-day horizon from 2027-01-01 with
 * daily slots, continuing a previous plan of the 10 days before (2026-12-22 to 2027-01-01). In it, job {@code c}
 * (8 GPUs, 768 GPU-hours: 4 slots on one 8-GPU instance) ran on offer {@code od} (aws/us-east-1, 2.0 per GPU-hour)
 * from 2026-12-29 to 2027-01-01, the new horizon's start: it continues. Job {@code done} ended on 2026-12-26: it does
 * not. The previous plan reserved 8 GPUs on {@code res} (gcp/us-central1, 1.0, 12-month term from 2026-12-22).
 */
class R31PreviousPlanTest {
    private static final ConstraintVerifier<GpuPlanConstraints, GpuPlan> VERIFIER =
            ConstraintVerifier.build(new GpuPlanConstraints(), GpuPlan.class, JobAssignment.class);

    static final String PREVIOUS = """
            format: gpuplan-plan/1
            name: the 10 days before
            horizon: {start: 2026-12-22, end: 2027-01-01, slot: 1d}
            feasible: true
            reservations:
            - {offer: res, provider: gcp, region: us-central1, accelerator: A100-80G, gpus: 8, peakGpus: 8,
               pricePerGpuHour: 1.0, priceCurrency: USD, termMonths: 12}
            assignments:
            - {job: c, kind: training, priority: 1, status: planned, offer: od, provider: aws, region: us-east-1,
               billedGpus: 8, start: 2026-12-29, end: 2027-01-01}
            - {job: done, kind: training, priority: 1, status: planned, offer: od, provider: aws, region: us-east-1,
               billedGpus: 8, start: 2026-12-22, end: 2026-12-26}
            - {job: gone, kind: training, priority: 1, status: planned, offer: od, provider: aws, region: us-east-1,
               billedGpus: 8, start: 2026-12-30, end: 2027-01-02}
            """;

    /** The fixture's problem with {@code sections} (such as {@code previous:}), continuing {@link #PREVIOUS}. */
    static Problem continuing(String sections, List<String> warnings, String... jobs) throws InputErrors {
        Problem p = problemWith(sections, jobs);
        PlanDocument doc = Yaml.MAPPER.readValue(PREVIOUS, PlanDocument.class);
        return PreviousPlans.apply(p, "before.plan.yaml", "0".repeat(64), doc, PREVIOUS, "before.plan.yaml",
                "constraints-test.yaml", warnings::add);
    }

    static Problem continuing(String sections, String... jobs) {
        try {
            return continuing(sections, new ArrayList<>(), jobs);
        } catch (InputErrors e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    // ---- R31.2 continuing jobs

    @Test
    void aJobRunningAtTheHorizonStartContinuesAndOneThatEndedBeforeDoesNot() throws InputErrors {
        List<String> warnings = new ArrayList<>();
        Problem p = continuing("", warnings, job8("c", ""), job8("done", ""));
        assertEquals("od", p.previous().continuation("c").offer());
        assertEquals(8, p.previous().continuation("c").billedGpus());
        assertEquals(null, p.previous().continuation("done"), "ended 2026-12-26, before 2027-01-01");
        // "gone" ran to 2027-01-02 and the new problem does not list it: finished or stopped, a warning.
        assertEquals(List.of("gone"), p.previous().finished());
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("gone"), warnings.get(0));
    }

    @Test
    void stayingIsPinnedToSlotZeroWithNoChurn() {
        Problem p = continuing("", job8("c", ""));
        Option stay = option(p, "c", "od", 8);
        assertEquals(0, stay.earliestStart());
        assertEquals(0, stay.latestStart(), "it keeps running: slot 0 is its only start");
        assertEquals(0, stay.churnCents());
        VERIFIER.verifyThat(GpuPlanConstraints::r31ChurnCost).given(at(stay, 0)).hasNoImpact("stays on od");
    }

    @Test
    void movingCostsTheDefaultChurnOf1000() {
        Problem p = continuing("", job8("c", ""));
        Option move = option(p, "c", "od-gcp", 8);
        assertEquals(10 - move.durationSlots(), move.latestStart(), "a move may start any time it still ends in the horizon");
        // Default churn 1000.00 = 100,000 cents, on top of the compute.
        assertEquals(100_000, move.churnCents());
        assertEquals(move.computeCents() + 100_000, move.totalCents());
        VERIFIER.verifyThat(GpuPlanConstraints::r31ChurnCost).given(at(move, 0)).penalizesBy("moved to od-gcp", 100_000);
    }

    @Test
    void movingOnTheSameOfferToOtherGpusIsAMoveToo() {
        Problem p = continuing("previous: {churnCostPerMove: 250.5}", "- {id: c, kind: training, memoryGb: 40,"
                + " gpus: {min: 8, max: 16}, work: {gpuHours: 768, accelerator: A100-80G}}");
        Option bigger = option(p, "c", "open8", 16);
        assertEquals(25_050, bigger.churnCents(), "churnCostPerMove 250.50 = 25,050 cents");
        Option stay = option(p, "c", "od", 8);
        VERIFIER.verifyThat(GpuPlanConstraints::r31ChurnCost).given(at(bigger, 0), at(stay, 0))
                .penalizesBy("only the move pays", 25_050);
    }

    @Test
    void aNewJobPaysNoChurn() {
        Problem p = continuing("", job8("c", ""), job8("fresh", ""));
        Option o = option(p, "fresh", "od-gcp", 8);
        assertEquals(0, o.churnCents());
        assertEquals(10 - o.durationSlots(), o.latestStart());
        VERIFIER.verifyThat(GpuPlanConstraints::r31ChurnCost).given(at(o, 0)).hasNoImpact("not continuing");
    }

    @Test
    void stayingOutsideTheJobsWindowIsNoOption() {
        // earliest 2027-01-03 = slot 2: it cannot "keep running" from slot 0.
        Problem p = continuing("", job8("c", "earliest: 2027-01-03"));
        OptionSizer.Sizing s = OptionSizer.size(p, p.job("c").orElseThrow(), p.offer("od").orElseThrow(), 8);
        assertFalse(s.eligible());
        assertTrue(s.breaches().stream().anyMatch(b -> b.rule() == Rule.R2), s.breaches().toString());
    }

    @Test
    void theDataOfAContinuingJobIsWhereItRanSoStayingMovesNothingAndMovingPaysFromThere() {
        // The dataset (500 GB) lives in gcp/us-central1; last quarter c ran on od in aws/us-east-1, where it was
        // copied. Staying on od: no transfer (without R31 it would be 500 × 0.09 = 45.00 out of gcp). Moving to
        // od-gcp (gcp/us-central1): aws's cross-provider rate, 500 × 0.09 = 45.00, billed by aws.
        Problem p = continuing("", job8("c", "dataset: {sizeGb: 500, location: gcp/us-central1}"));
        assertEquals(0, option(p, "c", "od", 8).transferCents());
        Option move = option(p, "c", "od-gcp", 8);
        assertEquals(4_500, move.transferCents());
        assertTrue(move.providerCharges().contains(new ProviderCharge("aws", 4_500)), move.providerCharges().toString());
        // Moving to od-de (aws/eu-central-1): within aws, 500 × 0.02 = 10.00.
        assertEquals(1_000, option(p, "c", "od-de", 8).transferCents());
    }

    // ---- R31.1 carried reservations

    @Test
    void aReservationStillInItsTermIsCarriedAtPriceZeroWithItsGpus() {
        Problem p = continuing("", job8("c", ""));
        Offer carried = p.offer("res (carried)").orElseThrow();
        assertTrue(carried.isCarried());
        assertTrue(carried.isReserved());
        assertEquals(0, carried.price());
        assertEquals(8, carried.maxGpus());
        // Bought 2026-12-22 for 12 months: the term ends 2027-12-22, past this horizon (slot 10); 11 months left
        // from 2027-01-01 (2027-01-01 + 11 months = 2027-12-01 <= 2027-12-22 < 2028-01-01).
        assertEquals(java.time.LocalDate.of(2027, 12, 22), carried.carried().termEnd());
        assertEquals(11, carried.carried().monthsLeft());
        assertEquals(10, carried.carried().untilSlot());
        // The new problem's own offer res stays, for new reservations at its price.
        assertEquals(1.0, p.offer("res").orElseThrow().price());
        // c ran on od, so going onto the carried pool is a move: it pays the churn (1000.00) and nothing for the GPUs.
        Option on = option(p, "c", "res (carried)", 8);
        assertEquals(100_000, on.totalCents(), "the carried GPUs cost nothing new");
        assertEquals(100_000, on.boundCents(), "nor in R24's bound");
        assertEquals(0, on.listCents());
    }

    /**
     * A quarter after two: the previous plan carried 8 GPUs of res from the plan before it (11 months left when it
     * began) and reserved 8 more on res itself (12 months). Both pools come along, numbered: "res (carried)" with the
     * older term, "res (carried 2)" with the new one, each at price 0 with its own GPUs.
     */
    @Test
    void twoPoolsOfOneOfferAreBothCarriedNumberedEachWithItsOwnTerm() throws InputErrors {
        String twice = PREVIOUS.replace("""
                reservations:
                - {offer: res,""", """
                reservations:
                - {offer: "res (carried)", provider: gcp, region: us-central1, accelerator: A100-80G, gpus: 8, peakGpus: 8,
                   pricePerGpuHour: 0.0, priceCurrency: USD, termMonths: 11}
                - {offer: res,""") + """
                carried:
                - {offer: "res (carried)", fromPlan: older.plan.yaml, gpus: 8, termEnds: 2027-11-22, monthsLeft: 11,
                   peakGpus: 8, utilization: 1.0, pricePerGpuHour: 1.0, priceCurrency: USD}
                """;
        Problem p = PreviousPlans.apply(problemWith("", job8("c", ""), job8("fresh", ""), job8("fresh2", "")),
                "before.plan.yaml", "0".repeat(64), Yaml.MAPPER.readValue(twice, PlanDocument.class), twice,
                "before.plan.yaml", "constraints-test.yaml", w -> { });
        Offer older = p.offer("res (carried)").orElseThrow();
        Offer newer = p.offer("res (carried 2)").orElseThrow();
        // 2026-12-22 + 11 months = 2027-11-22: 10 whole months from 2027-01-01; + 12 months = 2027-12-22: 11.
        assertEquals(java.time.LocalDate.of(2027, 11, 22), older.carried().termEnd());
        assertEquals(10, older.carried().monthsLeft());
        assertEquals(java.time.LocalDate.of(2027, 12, 22), newer.carried().termEnd());
        assertEquals(11, newer.carried().monthsLeft());
        for (Offer o : List.of(older, newer)) {
            assertEquals(0, o.price());
            assertEquals(8, o.maxGpus());
            assertEquals("res", o.carried().offer());
        }
        // Two new jobs at once, one on each pool: 8 GPUs each, within each pool's 8, nothing new to pay.
        Option onOlder = option(p, "fresh", "res (carried)", 8);
        Option onNewer = option(p, "fresh2", "res (carried 2)", 8);
        assertEquals(0, onOlder.totalCents());
        assertEquals(0, onNewer.totalCents());
        VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity).given(at(onOlder, 0), at(onNewer, 0))
                .hasNoImpact("8 GPUs on each 8-GPU pool");
        VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity).given(at(onOlder, 0), at(option(p, "fresh2", "res (carried)", 8), 0))
                .penalizesBy("16 GPUs on the older pool's 8 for its 4 slots", 32);
    }

    @Test
    void aCarriedTermEndingInsideTheHorizonClipsTheStartWindow() {
        String shortTerm = PREVIOUS.replace("termMonths: 12", "termMonths: 0");
        // 0 months: the term ends at the previous start, before this horizon: nothing is carried.
        try {
            Problem p = problemWith("", job8("c", ""));
            PlanDocument doc = Yaml.MAPPER.readValue(shortTerm, PlanDocument.class);
            Problem q = PreviousPlans.apply(p, "b.plan.yaml", "0", doc, shortTerm, "b", "c", w -> { });
            assertTrue(q.offer("res (carried)").isEmpty());
        } catch (InputErrors e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @Test
    void aPreviousPlanWithoutHorizonIsRefusedWithALocatedError() {
        String old = PREVIOUS.replace("horizon: {start: 2026-12-22, end: 2027-01-01, slot: 1d}\n", "");
        Problem p = problemWith("", job8("c", ""));
        PlanDocument doc = Yaml.MAPPER.readValue(old, PlanDocument.class);
        InputErrors e = org.junit.jupiter.api.Assertions.assertThrows(InputErrors.class,
                () -> PreviousPlans.apply(p, "b.plan.yaml", "0", doc, old, "b.plan.yaml", "p.yaml", w -> { }));
        String message = e.errors().get(0).format();
        assertTrue(message.startsWith("b.plan.yaml:1:1: horizon: the plan states no horizon"), message);
        assertTrue(message.contains("re-solve"), message);
    }

    @Test
    void aPreviousPlanThatStartsAfterThisHorizonEndsIsRefused() {
        String later = PREVIOUS.replace("start: 2026-12-22, end: 2027-01-01", "start: 2027-01-11, end: 2027-01-21");
        Problem p = problemWith("", job8("c", ""));
        PlanDocument doc = Yaml.MAPPER.readValue(later, PlanDocument.class);
        InputErrors e = org.junit.jupiter.api.Assertions.assertThrows(InputErrors.class,
                () -> PreviousPlans.apply(p, "b.plan.yaml", "0", doc, later, "b.plan.yaml", "p.yaml", w -> { }));
        String message = e.errors().get(0).format();
        assertTrue(message.startsWith("b.plan.yaml:3:1: horizon.start: the previous plan's horizon starts on 2027-01-11,"
                + " not before this problem's horizon ends (2027-01-11)"), message);
    }

    @Test
    void aCarriedReservationWhoseOfferTheProblemNoLongerListsIsALocatedError() {
        String other = PREVIOUS.replace("offer: res,", "offer: res-gone,");
        Problem p = problemWith("previous: {plan: before.plan.yaml}", job8("c", ""));
        PlanDocument doc = Yaml.MAPPER.readValue(other, PlanDocument.class);
        InputErrors e = org.junit.jupiter.api.Assertions.assertThrows(InputErrors.class,
                () -> PreviousPlans.apply(p, "before.plan.yaml", "0", doc, other, "before.plan.yaml", "p.yaml", w -> { }));
        String message = e.errors().get(0).format();
        assertTrue(message.matches("p\\.yaml:\\d+:\\d+: offers: the previous plan before\\.plan\\.yaml reserved 8 GPUs on"
                + " \"res-gone\" until 2027-12-22, and this problem has no such offer — add offer res-gone to offers.*"), message);
    }

    @Test
    void ownedCardsAreCarriedWithOnlyTheirPowerAndNoLeadTime() throws InputErrors {
        // The problem's owned offer: 8760 / 12 months + 73 operations = 803 per GPU-month, 1.1 per GPU-hour; power
        // 0.7 kW × 1.5 × 0.2 = 0.21 per GPU-hour; a week's lead time (slot 7). The previous plan bought 8 cards.
        String own = "  - {id: own, provider: onprem, region: rack, jurisdiction: US, accelerator: A100-80G, purchase: owned,"
                + " purchasePrice: 8760, depreciationMonths: 12, operationsPerGpuMonth: 73, powerKw: 0.7, pue: 1.5,"
                + " electricityPricePerKwh: 0.2, leadTimeWeeks: 1, gpusPerInstance: 8}";
        String previous = PREVIOUS.replace("assignments:\n", "owned:\n- {offer: own, provider: onprem, region: rack,"
                + " accelerator: A100-80G, gpus: 8, peakGpus: 8, purchasePrice: 8760, priceCurrency: USD,"
                + " depreciationMonths: 12, runsFromSlot: 0}\nassignments:\n");
        Problem p = problemWith(own, job8("fresh", ""));
        PlanDocument doc = Yaml.MAPPER.readValue(previous, PlanDocument.class);
        Problem q = PreviousPlans.apply(p, "b.plan.yaml", "0", doc, previous, "b.plan.yaml", "p.yaml", w -> { });
        Offer carried = q.offer("own (carried)").orElseThrow();
        assertTrue(carried.isOwned() && carried.isCarried());
        assertEquals(8, carried.maxGpus());
        assertEquals(0, carried.price(), "no new depreciation or operations");
        // fresh: 8 GPUs × 96 h: on the new cards it waits for the lead time and pays 0.21 × 768 = 161.28 power plus
        // the cards' 1.1 per GPU-hour in R24's bound; on the carried cards it may start at once and pays the power only.
        Option onNew = option(q, "fresh", "own", 8);
        Option onCarried = option(q, "fresh", "own (carried)", 8);
        assertEquals(7, onNew.earliestStart());
        assertEquals(0, onCarried.earliestStart());
        assertEquals(onNew.powerCents(), onCarried.powerCents());
        assertEquals(0, onCarried.listCents());
        assertEquals(onCarried.powerCents(), onCarried.totalCents());
        assertEquals(onCarried.powerCents(), onCarried.boundCents());
    }

    // ---- the problem format: previous: {plan, churnCostPerMove}

    @Test
    void badPreviousFieldsAreLocatedErrorsAllAtOnce() {
        String text = GpuPlanConstraintsTest.BASE.replace("jobs:\n", "previous: {plann: q1.plan.yaml, churnCostPerMove: -5}\njobs:\n")
                + "  " + job8("c", "") + "\n";
        InputErrors e = org.junit.jupiter.api.Assertions.assertThrows(InputErrors.class,
                () -> io.gpuplan.problem.ProblemReader.parse("p.yaml", text, new ArrayList<>()));
        List<String> messages = e.errors().stream().map(io.gpuplan.problem.InputError::format).toList();
        assertTrue(messages.stream().anyMatch(m -> m.matches("p\\.yaml:\\d+:\\d+: previous\\.plann: unknown field.*plan.*")),
                messages.toString());
        // A block with an unknown field is left out (as every section is), so the churn is judged on its own.
        String negative = text.replace("plann:", "plan:");
        InputErrors e1 = org.junit.jupiter.api.Assertions.assertThrows(InputErrors.class,
                () -> io.gpuplan.problem.ProblemReader.parse("p.yaml", negative, new ArrayList<>()));
        String n = e1.errors().get(0).format();
        assertTrue(n.matches("p\\.yaml:\\d+:\\d+: previous\\.churnCostPerMove: is -5, must not be negative — zero or a"
                + " positive number"), n);
        String wrongType = text.replace("churnCostPerMove: -5", "churnCostPerMove: lots").replace("plann:", "plan:");
        InputErrors e2 = org.junit.jupiter.api.Assertions.assertThrows(InputErrors.class,
                () -> io.gpuplan.problem.ProblemReader.parse("p.yaml", wrongType, new ArrayList<>()));
        String m = e2.errors().get(0).format();
        assertTrue(m.matches("p\\.yaml:\\d+:\\d+: previous\\.churnCostPerMove: .*"), m);
    }
}
