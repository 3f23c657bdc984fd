package io.gpuplan.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import ai.timefold.solver.core.api.score.stream.test.ConstraintVerifier;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionSizer;
import io.gpuplan.sizing.ProviderCharge;
import io.gpuplan.sizing.Rule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * One group per constraint method of {@link GpuPlanConstraints}: each shows that the rule of MODEL.md penalizes exactly
 * what it says, by the documented weight, and leaves the neighbouring case alone. Every expected number is computed by
 * hand in a comment next to it.
 *
 * <p>The fixture: a 10-day horizon of daily slots (H = 10, slotHours = 24, 240 h). Work is stated as GPU-hours on the
 * A100-80G, and every accelerator used here has the A100's 312 TFLOPS, so {@code T = gpuHours / g} on one instance:
 * a 1-GPU job of 48 GPU-hours runs 48 h (2 slots); an 8-GPU job of 768 GPU-hours runs 96 h (4 slots) on one 8-GPU
 * instance. Memory limit per A100-80G is 80 × 0.85 = 68 GB.
 */
class GpuPlanConstraintsTest {

    private static final ConstraintVerifier<GpuPlanConstraints, GpuPlan> VERIFIER =
            ConstraintVerifier.build(new GpuPlanConstraints(), GpuPlan.class, JobAssignment.class);

    static final String BASE = """
            name: constraints-test
            horizon: {start: 2027-01-01, end: 2027-01-11}
            jurisdictionGroups: {EU: [DE, FR, NL]}
            # The pools' 12-month terms run far past this 10-day horizon; the groups below test R18 and R22 on their
            # own, so every pool is expected fully in use afterwards: no R29 stranded commitment (R29's own group
            # states otherwise).
            reservations: {expectedUseAfterHorizon: 1}
            accelerators:
              - {name: Fake910, vendor: huawei, stack: cann, memoryGb: 64, fp16Tflops: 312}
              - {name: FakeMI, vendor: amd, stack: rocm, memoryGb: 192, fp16Tflops: 312}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0}
              - {id: od-de, provider: aws, region: eu-central-1, jurisdiction: DE, accelerator: A100-80G, purchase: on-demand, price: 3.0}
              - {id: od-gcp, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.5}
              - {id: capped, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 8}
              - {id: open8, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8}
              - {id: res, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 1.0, gpusPerInstance: 8}
              - {id: res-cap, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 1.0, gpusPerInstance: 8, maxGpus: 8}
              - {id: res-nl, provider: gcp, region: europe-west4, jurisdiction: NL, accelerator: A100-80G, purchase: reserved, price: 1.0, gpusPerInstance: 8}
              - {id: spot0, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: spot, price: 1.0, interruptionsPerDay: 0}
              - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: spot, price: 1.0, interruptionsPerDay: 0.48}
              - {id: mi, provider: azure, region: eastus, jurisdiction: US, accelerator: FakeMI, purchase: on-demand, price: 4.0}
              - {id: ascend, provider: huawei, region: cn-north-4, jurisdiction: CN, accelerator: Fake910, purchase: on-demand, price: 1.5}
            jobs:
            """;

    // ---------------------------------------------------------------------------------------------------------------
    // Fixture helpers

    /** A problem with the offers above and the given jobs (YAML list items, one per string). */
    static Problem problem(String... jobs) {
        StringBuilder text = new StringBuilder(BASE);
        for (String job : jobs) {
            text.append("  ").append(job).append('\n');
        }
        try {
            Problem p = ProblemReader.parse("constraints-test.yaml", text.toString(), new ArrayList<>());
            assertEquals(HORIZON_SLOTS, p.horizon().slots());
            return p;
        } catch (InputErrors e) {
            throw new AssertionError("fixture does not parse: " + e.getMessage(), e);
        }
    }

    /** Like {@link #problem} with top-level sections (such as {@code storage:}) added before the jobs. */
    static Problem problemWith(String sections, String... jobs) {
        StringBuilder text = new StringBuilder(BASE.replace("jobs:\n", sections + "\njobs:\n"));
        for (String job : jobs) {
            text.append("  ").append(job).append('\n');
        }
        try {
            return ProblemReader.parse("constraints-test.yaml", text.toString(), new ArrayList<>());
        } catch (InputErrors e) {
            throw new AssertionError("fixture does not parse: " + e.getMessage(), e);
        }
    }

    /** A 1-GPU job of 48 GPU-hours (48 h, 2 slots on an A100-class GPU), 40 GB, plus extra fields. */
    static String job1(String id, String extra) {
        return "- {id: " + id + ", kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}"
                + (extra.isEmpty() ? "" : ", " + extra) + "}";
    }

    /** An 8-GPU job of 768 GPU-hours (96 h, 4 slots on one 8-GPU instance), 40 GB, plus extra fields. */
    static String job8(String id, String extra) {
        return "- {id: " + id + ", kind: training, memoryGb: 40, gpus: 8, work: {gpuHours: 768, accelerator: A100-80G}"
                + (extra.isEmpty() ? "" : ", " + extra) + "}";
    }

    /** The sized option of a job on an offer at a GPU count; eligible or not, the sizer gives its numbers. */
    static Option option(Problem p, String jobId, String offerId, int gpus) {
        OptionSizer.Sizing s = OptionSizer.size(p, p.job(jobId).orElseThrow(), p.offer(offerId).orElseThrow(), gpus);
        assertNotNull(s.option(), () -> "no numbers for " + jobId + " on " + offerId + ": " + s.breaches());
        return s.option();
    }

    static Option eligible(Problem p, String jobId, String offerId, int gpus) {
        OptionSizer.Sizing s = OptionSizer.size(p, p.job(jobId).orElseThrow(), p.offer(offerId).orElseThrow(), gpus);
        assertTrue(s.eligible(), () -> jobId + " on " + offerId + " should be eligible: " + s.breaches());
        return s.option();
    }

    /** The fixture's horizon is 10 slots (every problem built here shares it). */
    static final int HORIZON_SLOTS = 10;

    static JobAssignment at(Option o, int start) {
        return new JobAssignment(o.job(), List.of(o), o, start, HORIZON_SLOTS);
    }

    static JobAssignment unplanned(Problem p, String jobId) {
        return new JobAssignment(p.job(jobId).orElseThrow(), List.of(), null, 0, p.horizon().slots());
    }

    static List<ReservedPool> pools(Problem p) {
        return GpuPlanFactory.reservedPools(p);
    }

    /** Flattens assignments, facts, arrays and collections of them into one varargs array for {@code given}. */
    static Object[] facts(Object... items) {
        List<Object> out = new ArrayList<>();
        for (Object item : items) {
            if (item instanceof Collection<?> c) {
                out.addAll(c);
            } else if (item instanceof Object[] array) {
                out.addAll(List.of(facts(array)));
            } else {
                out.add(item);
            }
        }
        return out.toArray();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Hard

    @Nested
    class R2TimeWindow {
        // earliest 2027-01-03 = slot 2; deadline 2027-01-09 = slot edge 8; d = 2, so the last start is 8 - 2 = 6.
        final Problem p = problem(job1("w", "earliest: 2027-01-03, deadline: 2027-01-09"));
        final Option o = eligible(p, "w", "od", 1);

        @Test
        void fixtureWindow() {
            assertEquals(2, o.durationSlots());
            assertEquals(2, o.earliestStart());
            assertEquals(6, o.latestStart());
        }

        @Test
        void oneSlotBeforeEarliestPenalizesOne() {
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(o, 1)).penalizesBy("start 1 < earliest 2", 1);
        }

        @Test
        void twoSlotsBeforeEarliestPenalizesTwo() {
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(o, 0)).penalizesBy("start 0 < earliest 2", 2);
        }

        @Test
        void startAtEarliestIsFine() {
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(o, 2)).hasNoImpact("start == earliest");
        }

        @Test
        void startAtLatestIsFine() {
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(o, 6)).hasNoImpact("start == latest, ends at the deadline");
        }

        @Test
        void oneSlotAfterLatestPenalizesOne() {
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(o, 7)).penalizesBy("ends one slot after the deadline", 1);
        }

        @Test
        void threeSlotsAfterLatestPenalizesThree() {
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(o, 9)).penalizesBy("ends three slots late", 3);
        }

        @Test
        void eachBreakingJobCountsOnItsOwn() {
            Problem two = problem(job1("w", "earliest: 2027-01-03, deadline: 2027-01-09"),
                    job1("v", "earliest: 2027-01-03, deadline: 2027-01-09"));
            Option w = eligible(two, "w", "od", 1);
            Option v = eligible(two, "v", "od", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(w, 1), at(v, 8), at(w, 4))
                    .penalizesBy("1 early + 2 late, the one inside is free", 3);
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(w, 1), at(v, 8), at(w, 4))
                    .penalizes("two breaking jobs", 2);
        }

        @Test
        void migrationLeadTimeMovesTheEarliestStart() {
            // weeks: 1 → 7 days of lead time → earliest slot 7 on the migrated (cann) offer, slot 0 on cuda offers.
            Problem m = problem(job1("m", "migration: {to: cann, cost: 0, weeks: 1}"));
            Option onAscend = eligible(m, "m", "ascend", 1);
            Option onCuda = eligible(m, "m", "od", 1);
            assertEquals(7, onAscend.earliestStart());
            assertEquals(0, onCuda.earliestStart());
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(onAscend, 6)).penalizesBy("one slot inside the lead time", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(onAscend, 7)).hasNoImpact("right after the lead time");
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(onCuda, 0)).hasNoImpact("no lead time without migration");
        }

        @Test
        void anOptionWhoseWindowIsTooShortIsAlwaysPenalized() {
            // earliest slot 8, deadline edge 9, d = 2: latest start 7 < earliest 8, so every start breaks R2 by >= 1.
            Problem s = problem(job1("s", "earliest: 2027-01-09, deadline: 2027-01-10"));
            Option o = option(s, "s", "od", 1);
            assertFalse(o.fitsWindow());
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(o, 8)).penalizesBy("ends 1 slot late", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(o, 7)).penalizesBy("starts 1 slot early", 1);
        }

        @Test
        void servingWindowStartingInsideTheMigrationLeadTimeIsPenalized() {
            // Serving window from slot 0; 1 week of lead time on the cann offer makes the earliest start slot 7:
            // the only start (0) is 7 slots too early. On a cuda offer the same window is fine.
            Problem sv = problem("- {id: sv, kind: inference, memoryGb: 40, migration: {to: cann, cost: 0, weeks: 1}}");
            Option onAscend = option(sv, "sv", "ascend", 1);
            assertEquals(7, onAscend.earliestStart());
            assertEquals(0, onAscend.latestStart());
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(onAscend, 0)).penalizesBy("7 slots of lead time", 7);
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(eligible(sv, "sv", "od", 1), 0)).hasNoImpact();
        }

        @Test
        void unplannedJobsAreNotInTheWindowRule() {
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(unplanned(p, "w")).hasNoImpact();
        }
    }

    @Nested
    class R8MemoryFit {
        final Problem p = problem(
                "- {id: big, kind: training, memoryGb: 100, gpus: {min: 1, max: 2}, work: {gpuHours: 48, accelerator: A100-80G}}",
                "- {id: edge, kind: training, memoryGb: 68, work: {gpuHours: 48, accelerator: A100-80G}}",
                "- {id: half, kind: training, memoryGb: 68.5, work: {gpuHours: 48, accelerator: A100-80G}}",
                "- {id: p7, kind: training, model: {paramsB: 7}, gpus: {min: 1, max: 4}, work: {gpuHours: 48, accelerator: A100-80G}}",
                "- {id: serve, kind: inference, memoryGb: 100, replicas: 2, maxGpusPerReplica: 2}");

        @Test
        void excessGbPerGpuRoundedUp() {
            // 100 GB on 1 GPU: 100 - 68 = 32 GB over.
            Option o = option(p, "big", "od", 1);
            assertFalse(o.memoryFits());
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(o, 0)).penalizesBy("100 - 68 = 32 GB", 32);
        }

        @Test
        void halfAGbOverRoundsUpToOne() {
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(option(p, "half", "od", 1), 0))
                    .penalizesBy("68.5 - 68 = 0.5 GB, rounded up", 1);
        }

        @Test
        void exactlyAtTheLimitFits() {
            Option o = eligible(p, "edge", "od", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(o, 0)).hasNoImpact("68 GB on a 68 GB limit");
        }

        @Test
        void moreGpusSplitTheNeed() {
            Option o = eligible(p, "big", "od", 2);
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(o, 0)).hasNoImpact("100 / 2 = 50 GB per GPU");
        }

        @Test
        void derivedTrainingMemory() {
            // R7: 7B full training = 7 × 20 = 140 GB. 1 GPU: 140 - 68 = 72; 2 GPUs: 70 - 68 = 2; 3 GPUs: 46.7 fits.
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(option(p, "p7", "od", 1), 0)).penalizesBy("140 - 68", 72);
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(option(p, "p7", "od", 2), 0)).penalizesBy("70 - 68", 2);
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(eligible(p, "p7", "od", 3), 0)).hasNoImpact();
        }

        @Test
        void servingMemoryIsPerReplica() {
            // 2 replicas of 100 GB: 2 GPUs = 1 per replica, 100 GB on one GPU → 32 over (not 100 / 2 = 50, which fits);
            // 4 GPUs = 2 per replica → 50 GB per GPU fits.
            Option one = option(p, "serve", "od", 2);
            assertEquals(1, one.gpusPerReplica());
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(one, 0)).penalizesBy("per replica, 100 - 68", 32);
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(eligible(p, "serve", "od", 4), 0)).hasNoImpact();
        }

        @Test
        void servingReplicaOnMoreGpusThanAllowedPenalizesOne() {
            // maxGpusPerReplica 2: 6 GPUs for 2 replicas = 3 per replica breaks it (memory 100 / 3 fits) → 1.
            Option three = option(p, "serve", "od", 6);
            assertEquals(3, three.gpusPerReplica());
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit).given(at(three, 0)).penalizesBy("3 > 2 GPUs per replica", 1);
        }

        @Test
        void oneMatchPerBreakingJob() {
            VERIFIER.verifyThat(GpuPlanConstraints::r8MemoryFit)
                    .given(at(option(p, "big", "od", 1), 0), at(option(p, "half", "od", 1), 0), at(eligible(p, "edge", "od", 1), 0))
                    .penalizesBy("32 + 1", 33);
        }
    }

    @Nested
    class R12ToR15Eligibility {
        final Problem p = problem(
                job1("de", "residency: [DE]"),
                job1("eu", "residency: [EU]"),
                job1("nv", "vendors: [nvidia]"),
                job1("firm", "interruptible: false"),
                job1("flex", "interruptible: true"),
                job1("cuda", ""),
                job1("port", "migration: {to: cann, cost: 0}"));

        private List<Rule> breaches(String job, String offer) {
            return OptionSizer.size(p, p.job(job).orElseThrow(), p.offer(offer).orElseThrow(), 1).breaches().stream()
                    .map(b -> b.rule()).toList();
        }

        private Rule onlyBreach(String job, String offer) {
            var s = OptionSizer.size(p, p.job(job).orElseThrow(), p.offer(offer).orElseThrow(), 1);
            assertEquals(1, s.breaches().size(), () -> job + " on " + offer + ": " + s.breaches());
            return s.breaches().get(0).rule();
        }

        @Test
        void r12Residency() {
            assertEquals(Rule.R12, onlyBreach("de", "od"));
            VERIFIER.verifyThat(GpuPlanConstraints::r12Residency).given(at(option(p, "de", "od", 1), 0))
                    .penalizesBy("US offer, data must stay in DE", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r12Residency).given(at(eligible(p, "de", "od-de", 1), 0)).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r12Residency).given(at(eligible(p, "eu", "res-nl", 1), 0))
                    .hasNoImpact("NL is in the EU group");
            VERIFIER.verifyThat(GpuPlanConstraints::r12Residency).given(at(eligible(p, "cuda", "od", 1), 0))
                    .hasNoImpact("no residency: anywhere");
            VERIFIER.verifyThat(GpuPlanConstraints::r12Residency)
                    .given(at(option(p, "de", "od", 1), 0), at(option(p, "eu", "od", 1), 0), at(eligible(p, "eu", "od-de", 1), 0))
                    .penalizesBy("one per breaking job", 2);
        }

        @Test
        void r13Vendor() {
            assertEquals(List.of(Rule.R13, Rule.R15), breaches("nv", "mi"), "amd hardware running rocm");
            VERIFIER.verifyThat(GpuPlanConstraints::r13Vendor).given(at(option(p, "nv", "mi", 1), 0))
                    .penalizesBy("amd hardware, job allows nvidia", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r13Vendor).given(at(eligible(p, "nv", "od", 1), 0)).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r13Vendor).given(at(option(p, "cuda", "mi", 1), 0))
                    .hasNoImpact("no vendor list: any vendor (R15 is another rule)");
        }

        @Test
        void r14Interruptible() {
            assertEquals(Rule.R14, onlyBreach("firm", "spot0"));
            VERIFIER.verifyThat(GpuPlanConstraints::r14Interruptible).given(at(option(p, "firm", "spot0", 1), 0))
                    .penalizesBy("not interruptible on spot", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r14Interruptible).given(at(eligible(p, "flex", "spot0", 1), 0)).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r14Interruptible).given(at(eligible(p, "firm", "od", 1), 0)).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r14Interruptible).given(at(eligible(p, "firm", "res", 1), 0))
                    .hasNoImpact("reserved is not spot");
        }

        @Test
        void r15Stack() {
            assertEquals(Rule.R15, onlyBreach("cuda", "ascend"));
            VERIFIER.verifyThat(GpuPlanConstraints::r15Stack).given(at(option(p, "cuda", "ascend", 1), 0))
                    .penalizesBy("cuda job on cann", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r15Stack).given(at(eligible(p, "port", "ascend", 1), 0))
                    .hasNoImpact("the job migrates to cann");
            VERIFIER.verifyThat(GpuPlanConstraints::r15Stack).given(at(option(p, "port", "mi", 1), 0))
                    .penalizesBy("a migration to cann does not open rocm", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r15Stack).given(at(eligible(p, "cuda", "od", 1), 0)).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r15Stack)
                    .given(at(option(p, "cuda", "ascend", 1), 0), at(option(p, "nv", "mi", 1), 0), at(eligible(p, "port", "ascend", 1), 0))
                    .penalizes("one match per breaking job", 2);
        }

        @Test
        void eachEligibilityRuleIgnoresTheOthersBreaches() {
            // "nv" on the amd/rocm offer breaks R13 and R15; "firm" on spot breaks R14 only; "de" on od breaks R12 only.
            JobAssignment[] all = {at(option(p, "nv", "mi", 1), 0), at(option(p, "firm", "spot0", 1), 0), at(option(p, "de", "od", 1), 0)};
            VERIFIER.verifyThat(GpuPlanConstraints::r12Residency).given((Object[]) all).penalizesBy(1);
            VERIFIER.verifyThat(GpuPlanConstraints::r13Vendor).given((Object[]) all).penalizesBy(1);
            VERIFIER.verifyThat(GpuPlanConstraints::r14Interruptible).given((Object[]) all).penalizesBy(1);
            VERIFIER.verifyThat(GpuPlanConstraints::r15Stack).given((Object[]) all).penalizesBy(1);
        }
    }

    @Nested
    class R21Capacity {
        final Problem p = problem(job8("a", ""), job8("b", ""),
                "- {id: h1, kind: training, memoryGb: 40, gpus: 4, work: {gpuHours: 384, accelerator: A100-80G}}",
                "- {id: h2, kind: training, memoryGb: 40, gpus: 4, work: {gpuHours: 384, accelerator: A100-80G}}");

        @Test
        void fixture() {
            Option a = eligible(p, "a", "capped", 8);
            assertEquals(4, a.durationSlots());
            assertEquals(8, a.billedGpus());
            Option h = eligible(p, "h1", "capped", 4);
            assertEquals(4, h.durationSlots());
            assertEquals(8, h.billedGpus(), "4 GPUs bill one 8-GPU instance");
        }

        @Test
        void overlappingJobsOverTheCapPenalizeExcessPerSlot() {
            // a [0,4), b [1,5): slots 1, 2, 3 hold 16 GPUs on a cap of 8 → 8 over × 3 slots = 24.
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "a", "capped", 8), 0), at(eligible(p, "b", "capped", 8), 1)))
                    .penalizesBy("8 GPUs over for 3 slots", 24);
        }

        @Test
        void touchingJobsDoNotOverlap() {
            // a [0,4), b [4,8): end == start, never together.
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "a", "capped", 8), 0), at(eligible(p, "b", "capped", 8), 4)))
                    .hasNoImpact("end == start is not an overlap");
        }

        @Test
        void unlimitedOffersNeverPenalize() {
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "a", "open8", 8), 0), at(eligible(p, "b", "open8", 8), 1),
                            at(eligible(p, "h1", "open8", 4), 0)))
                    .hasNoImpact("no maxGpus");
        }

        @Test
        void reservedOffersWithoutCapAreNotCapacityBound() {
            // R18 buys the peak, so the reservation is never exceeded.
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "a", "res", 8), 0), at(eligible(p, "b", "res", 8), 0), pools(p)))
                    .hasNoImpact();
        }

        @Test
        void billedGpusCountNotAskedGpus() {
            // Two 4-GPU jobs each bill a whole 8-GPU instance: 16 billed on a cap of 8 for all 4 slots → 8 × 4 = 32.
            // (Counting asked GPUs would give 8 <= 8, no penalty.)
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "h1", "capped", 4), 2), at(eligible(p, "h2", "capped", 4), 2)))
                    .penalizesBy("8 billed GPUs over for 4 slots", 32);
        }

        @Test
        void slotsPastTheHorizonEndAreNotCounted() {
            // a [7,11) and b [8,12) both run past the 10-slot horizon (R2 breaks, counted there): only slots 8 and 9
            // exist with both, so 8 × 2 = 16.
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "a", "capped", 8), 7), at(eligible(p, "b", "capped", 8), 8)))
                    .penalizesBy("8 over in slots 8 and 9", 16);
        }

        @Test
        void cappedReservedOffersAreCapacityBound() {
            // res-cap holds at most 8: a [0,4) and b [2,6) hold 16 in slots 2 and 3 → 8 × 2 = 16.
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "a", "res-cap", 8), 0), at(eligible(p, "b", "res-cap", 8), 2), pools(p)))
                    .penalizesBy("8 over the reserved pool's maximum for 2 slots", 16);
        }

        @Test
        void aSingleJobWithinTheCapIsFine() {
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "a", "capped", 8), 3))).hasNoImpact();
        }

        @Test
        void threeJobsStackTheirExcess() {
            // a [0,4), b [0,4), h1 [2,6): slots 0-1 hold 16 (8 over), slots 2-3 hold 24 (16 over), slots 4-5 hold 8.
            // 8 + 8 + 16 + 16 = 48.
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible(p, "a", "capped", 8), 0), at(eligible(p, "b", "capped", 8), 0),
                            at(eligible(p, "h1", "capped", 4), 2)))
                    .penalizesBy("8+8+16+16", 48);
        }
    }

    @Nested
    class R22TotalBudget {
        // x and y: 1 GPU × 48 h × 2.00 on od = 96.00 each (identical costs: nothing may be deduplicated).
        // r1 on res, r2 on res-nl: 8 GPUs each, peak 8 → 8 × 240 h × 1.00 = 1920.00 each (identical again).
        final Problem p = problem(job1("x", ""), job1("y", ""), job8("r1", ""), job8("r2", ""));
        final Option x = eligible(p, "x", "od", 1);
        final Option y = eligible(p, "y", "od", 1);
        final Option r1 = eligible(p, "r1", "res", 8);
        final Option r2 = eligible(p, "r2", "res-nl", 8);

        @Test
        void fixture() {
            assertEquals(9_600, x.totalCents());
            assertEquals(9_600, y.totalCents());
            assertEquals(0, r1.totalCents(), "reserved: no compute cost, no transfer, no migration");
            assertEquals(192_000, pools(p).get(0).cents(8));
        }

        private void check(long capCents, int expected, String message, Object... assignments) {
            var v = VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget)
                    .given(facts(facts(assignments), pools(p), new TotalBudget(capCents)));
            if (expected == 0) {
                v.hasNoImpact(message);
            } else {
                v.penalizesBy(message, expected);
            }
        }

        @Test
        void identicalJobCostsAreBothCounted() {
            // 96.00 + 96.00 = 192.00 vs cap 100.00 → 92 over. (Deduplicated: 96.00 ≤ 100.00, no penalty.)
            check(10_000, 92, "both identical job costs count", at(x, 0), at(y, 0));
        }

        @Test
        void jobsPlusReservation() {
            // 96.00 + 96.00 + 1920.00 = 2112.00 (211 200 cents).
            check(211_200, 0, "equal to the cap is within it", at(x, 0), at(y, 3), at(r1, 0));
            check(211_199, 1, "one cent over → 1 whole unit", at(x, 0), at(y, 3), at(r1, 0));
            check(211_100, 1, "exactly 1.00 over → 1", at(x, 0), at(y, 3), at(r1, 0));
            check(211_099, 2, "1.01 over → 2", at(x, 0), at(y, 3), at(r1, 0));
            check(200_000, 112, "2112.00 - 2000.00", at(x, 0), at(y, 3), at(r1, 0));
        }

        @Test
        void identicalReservationsAreBothCounted() {
            // 96.00 + 96.00 + 1920.00 + 1920.00 = 4032.00 vs cap 4000.00 → 32.
            // (One reservation dropped: 2112.00, no penalty; one job cost dropped: 3936.00, no penalty.)
            check(400_000, 32, "two equal reservations and two equal jobs", at(x, 0), at(y, 0), at(r1, 0), at(r2, 0));
        }

        @Test
        void reservationIsPeakNotSumOfJobs() {
            // Two 8-GPU jobs sequential on res: peak 8 → 1920.00; overlapping: peak 16 → 3840.00.
            Option r2onRes = eligible(p, "r2", "res", 8);
            check(192_000, 0, "sequential: one 8-GPU reservation", at(r1, 0), at(r2onRes, 4));
            check(192_000, 1920, "overlapping: 16 GPUs reserved", at(r1, 0), at(r2onRes, 3));
        }

        @Test
        void unplannedJobsCostNothing() {
            check(9_600, 0, "only x is planned", at(x, 0), unplanned(p, "y"), unplanned(p, "r1"));
        }

        @Test
        void noBudgetNoPenalty() {
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget)
                    .given(facts(at(x, 0), at(y, 0), at(r1, 0), pools(p))).hasNoImpact("no total budget given");
        }

        @Test
        void transferAndMigrationCountInTheTotal() {
            // t on od-gcp with its 1000 GB dataset on aws: compute 48 × 2.50 = 120.00, transfer 1000 × 0.09 = 90.00.
            // m migrated to cann on ascend: compute 48 × 1.50 = 72.00, migration 500.00.
            Problem q = problem(job1("t", "dataset: {sizeGb: 1000, location: aws/us-east-1}"),
                    job1("m", "migration: {to: cann, cost: 500}"));
            Option t = eligible(q, "t", "od-gcp", 1);
            Option m = eligible(q, "m", "ascend", 1);
            assertEquals(12_000, t.computeCents());
            assertEquals(9_000, t.transferCents());
            assertEquals(7_200, m.computeCents());
            assertEquals(50_000, m.migrationCents());
            // 120 + 90 + 72 + 500 = 782.00
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget)
                    .given(facts(at(t, 0), at(m, 0), new TotalBudget(78_200))).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget)
                    .given(facts(at(t, 0), at(m, 0), new TotalBudget(70_000))).penalizesBy("782 - 700", 82);
        }
    }

    @Nested
    class R22ProviderBudget {
        // pg on od-gcp (gcp) with an aws dataset: compute 120.00 → gcp, transfer 1000 × 0.09 = 90.00 → aws.
        // pr on res (gcp): reservation 8 × 240 × 1.00 = 1920.00 → gcp.
        // pm on ascend (huawei), migrated: compute 72.00 → huawei; migration 500.00 counts only in the total.
        final Problem p = problem(job1("pg", "dataset: {sizeGb: 1000, location: aws/us-east-1}"), job8("pr", ""),
                job1("pm", "migration: {to: cann, cost: 500}"));
        final Option pg = eligible(p, "pg", "od-gcp", 1);
        final Option pr = eligible(p, "pr", "res", 8);
        final Option pm = eligible(p, "pm", "ascend", 1);

        private Object[] given(Object... budgets) {
            return facts(at(pg, 0), at(pr, 0), at(pm, 0), pools(p), facts(budgets));
        }

        @Test
        void fixture() {
            assertEquals(List.of(new ProviderCharge("gcp", 12_000), new ProviderCharge("aws", 9_000)), pg.providerCharges());
            assertEquals(List.of(new ProviderCharge("huawei", 7_200)), pm.providerCharges());
        }

        @Test
        void eachProviderAtItsCapIsFine() {
            // gcp 120.00 + 1920.00 = 2040.00; aws 90.00; huawei 72.00.
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(given(new ProviderBudget("gcp", 204_000), new ProviderBudget("aws", 9_000),
                            new ProviderBudget("huawei", 7_200)))
                    .hasNoImpact("every provider exactly at its cap; migration not in huawei's");
        }

        @Test
        void computeAndReservationGoToTheOffersProvider() {
            // gcp 2040.00 vs 2030.00 → 10. (Without the reservation gcp would be 120.00, within the cap.)
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(given(new ProviderBudget("gcp", 203_000))).penalizesBy("2040 - 2030", 10);
        }

        @Test
        void transferGoesToTheDatasetsProvider() {
            // aws bills the 90.00 of egress though no job runs on aws: vs cap 85.00 → 5.
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(given(new ProviderBudget("aws", 8_500))).penalizesBy("90 - 85", 5);
            // and gcp does not bill the transfer: 2040.00 exactly at the cap.
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(given(new ProviderBudget("gcp", 204_000))).hasNoImpact();
        }

        @Test
        void migrationDoesNotCountForAProvider() {
            // huawei: compute 72.00 only; cap 71.99 → 1 (with the 500.00 migration it would be 501).
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(given(new ProviderBudget("huawei", 7_199))).penalizesBy("72.00 - 71.99, rounded up", 1);
        }

        @Test
        void severalProvidersOverAddUp() {
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(given(new ProviderBudget("gcp", 203_000), new ProviderBudget("aws", 8_500),
                            new ProviderBudget("huawei", 7_200)))
                    .penalizesBy("10 + 5 + 0", 15);
        }

        @Test
        void providerWithoutCapIsFree() {
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(given(new ProviderBudget("azure", 1))).hasNoImpact("azure bills nothing here");
        }

        @Test
        void identicalReservationsOfOneProviderAreBothCounted() {
            // r1 on res and r2 on res-nl, both gcp, both 1920.00 → equal ProviderCharge records; gcp = 3840.00.
            Problem q = problem(job8("r1", ""), job8("r2", ""));
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(facts(at(eligible(q, "r1", "res", 8), 0), at(eligible(q, "r2", "res-nl", 8), 0), pools(q),
                            new ProviderBudget("gcp", 200_000)))
                    .penalizesBy("3840 - 2000 (a deduplicated 1920 would be within)", 1840);
        }

        @Test
        void identicalJobChargesAreBothCounted() {
            // Two jobs with the same 96.00 compute on aws: 192.00 vs 100.00 → 92.
            Problem q = problem(job1("x", ""), job1("y", ""));
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(at(eligible(q, "x", "od", 1), 0), at(eligible(q, "y", "od", 1), 0), new ProviderBudget("aws", 10_000))
                    .penalizesBy("192 - 100", 92);
        }

        @Test
        void equalComputeAndTransferOfOneJobToOneProviderAreBothCounted() {
            // On od (aws/us-east-1) with its dataset in aws/us-west-2: compute 96.00 and cross-region transfer
            // 4800 GB × 0.02 = 96.00, both billed by aws: two equal ProviderCharge(aws, 9600) from one flattenLast.
            Problem q = problem(job1("z", "dataset: {sizeGb: 4800, location: aws/us-west-2}"));
            Option z = eligible(q, "z", "od", 1);
            assertEquals(List.of(new ProviderCharge("aws", 9_600), new ProviderCharge("aws", 9_600)), z.providerCharges());
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(at(z, 0), new ProviderBudget("aws", 15_000)).penalizesBy("192 - 150", 42);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Medium

    @Nested
    class R23Unplanned {
        final Problem p = problem(job1("p3", "priority: 3"), job1("p5", "priority: 5"), job1("p7", "priority: 7"),
                job1("pd", ""));

        @Test
        void sumOfPriorityOfUnplannedJobs() {
            VERIFIER.verifyThat(GpuPlanConstraints::r23Unplanned)
                    .given(unplanned(p, "p3"), unplanned(p, "p5"), at(eligible(p, "p7", "od", 1), 0))
                    .penalizesBy("3 + 5, the planned 7 is not counted", 8);
        }

        @Test
        void defaultPriorityIsOne() {
            VERIFIER.verifyThat(GpuPlanConstraints::r23Unplanned).given(unplanned(p, "pd")).penalizesBy(1);
        }

        @Test
        void plannedJobsCountNothing() {
            VERIFIER.verifyThat(GpuPlanConstraints::r23Unplanned)
                    .given(at(eligible(p, "p3", "od", 1), 0), at(eligible(p, "p5", "res", 1), 0)).hasNoImpact();
        }

        @Test
        void itIsMediumNotHard() {
            HardMediumSoftScore s = VERIFIER.verifyThat(GpuPlanConstraints::r23Unplanned).given(unplanned(p, "p5")).getScore();
            assertEquals(HardMediumSoftScore.of(0, -5, 0), s);
        }
    }

    @Nested
    class R26StorageCost {
        // Prices per GB-month: aws hot 0.10, cold 0.002; gcp hot 0.20 but gcp/us-central1 hot 0.146 (the region wins).
        // Every job runs W = 48 h. A copy costs sizeGb × price × W / 730, rounded half-up:
        //   1000 GB hot at aws:             1000 × 0.10  × 48 / 730 = 4800 / 730 = 6.5753… → 6.58
        //   1000 GB hot at gcp/us-central1: 1000 × 0.146 × 48 / 730 = 7008 / 730 = 9.60
        //   1000 GB cold at aws:            1000 × 0.002 × 48 / 730 =   96 / 730 = 0.1315… → 0.13
        static final String STORAGE = """
                storage:
                  byProvider:
                    aws: {hot: 0.10, cold: 0.002}
                    gcp: {hot: 0.20}
                    gcp/us-central1: {hot: 0.146}
                """;
        final Problem p = problemWith(STORAGE, job1("h", "dataset: {sizeGb: 1000, location: aws/us-east-1, tier: hot}"),
                job1("d", "dataset: {sizeGb: 1000, location: aws/us-east-1}"),
                job1("k", "dataset: {sizeGb: 1000, location: aws/us-east-1, tier: cold}"),
                job1("n", ""));

        @Test
        void theDatasetWhereItLivesOnlyWhenTheOfferIsThere() {
            Option o = eligible(p, "h", "od", 1);
            assertEquals(658, o.storageOriginCents());
            assertEquals(0, o.storageDestinationCents(), "od is at aws/us-east-1, where the data is");
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(at(o, 0)).penalizesBy("6.58 at aws", 658);
        }

        @Test
        void aCopyAtAnOfferElsewhereIsChargedAtTheOffersRegionPrice() {
            Option o = eligible(p, "h", "od-gcp", 1);
            assertEquals(960, o.storageDestinationCents(), "gcp/us-central1's 0.146, not gcp's 0.20");
            // 6.58 + 9.60 = 16.18
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(at(o, 0)).penalizesBy("both copies", 1_618);
            // aws/eu-central-1 differs from aws/us-east-1 (R19's condition): the copy at aws's 0.10, 6.58 + 6.58.
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(at(eligible(p, "h", "od-de", 1), 0))
                    .penalizesBy("cross-region copy", 1_316);
        }

        @Test
        void theCopyIsBilledByTheOffersProviderTheOriginalByTheDatasets() {
            // compute 48 × 2.50 = 120.00 (gcp); transfer 1000 × 0.09 = 90.00 (aws); storage 6.58 (aws), 9.60 (gcp).
            assertEquals(List.of(new ProviderCharge("gcp", 12_000), new ProviderCharge("aws", 9_000),
                    new ProviderCharge("aws", 658), new ProviderCharge("gcp", 960)), eligible(p, "h", "od-gcp", 1).providerCharges());
            // total: 120.00 + 90.00 + 16.18 = 226.18
            assertEquals(22_618, eligible(p, "h", "od-gcp", 1).totalCents());
        }

        @Test
        void aStorageSectionChargesEveryDatasetHotByDefaultAndColdAtItsOwnPrice() {
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(at(eligible(p, "d", "od", 1), 0))
                    .penalizesBy("no tier stated: hot", 658);
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(at(eligible(p, "k", "od", 1), 0))
                    .penalizesBy("cold", 13);
        }

        @Test
        void noDatasetNoStorage() {
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(at(eligible(p, "n", "od-gcp", 1), 0)).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(unplanned(p, "h")).hasNoImpact();
        }

        @Test
        void withoutATierOrAStorageSectionNothingIsCharged() {
            Problem q = problem(job1("d", "dataset: {sizeGb: 1000, location: aws/us-east-1}"));
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(at(eligible(q, "d", "od-gcp", 1), 0))
                    .hasNoImpact("existing problems charge no storage");
        }

        @Test
        void aTierWithoutASectionUsesTheCatalogsListPrices() {
            // Catalog (storage_prices.csv): aws hot 0.125, gcp hot 0.17.
            // at aws: 1000 × 0.125 × 48 / 730 = 6000 / 730 = 8.2191… → 8.22; at gcp: 1000 × 0.17 × 48 / 730 = 11.1780… → 11.18
            Problem q = problem(job1("h", "dataset: {sizeGb: 1000, location: aws/us-east-1, tier: hot}"));
            VERIFIER.verifyThat(GpuPlanConstraints::r26StorageCost).given(at(eligible(q, "h", "od-gcp", 1), 0))
                    .penalizesBy("8.22 + 11.18", 1_940);
        }

        @Test
        void storageCountsInTheTotalAndTheProviderBudgets() {
            Option o = eligible(p, "h", "od-gcp", 1);
            // gcp bills 120.00 + 9.60 = 129.60: a cap of 129.59 is 0.01 over → 1 unit; at 129.60 nothing.
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget).given(facts(at(o, 0), pools(p), new ProviderBudget("gcp", 12_959)))
                    .penalizesBy("the copy counts in gcp's cap", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget).given(facts(at(o, 0), pools(p), new ProviderBudget("gcp", 12_960)))
                    .hasNoImpact();
            // total 226.18: a cap of 226.17 → 1 unit.
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget).given(facts(at(o, 0), pools(p), new TotalBudget(22_617)))
                    .penalizesBy("storage counts in the total", 1);
        }
    }

    @Nested
    class R29StrandedCommitment {
        // res (gcp, 1.00 per GPU-hour, 8 GPUs per instance, 12-month term): the term is 2027-01-01 → 2028-01-01,
        // 365 d × 24 = 8760 h, of which 8760 − 240 = 8520 h fall past the 10-day horizon (pastHours).
        // job8: 8 GPUs × 4 slots = 32 GPU-slots. Stranded = (1 − u) × r × 8520 × 1.00; by default u = used / (r × 10).
        private Problem with(String reservations, String... jobs) {
            String base = BASE.replace("reservations: {expectedUseAfterHorizon: 1}", reservations)
                    .replace("{id: res-nl, provider: gcp, region: europe-west4, jurisdiction: NL, accelerator: A100-80G, purchase: reserved, price: 1.0, gpusPerInstance: 8}",
                            "{id: res-nl, provider: gcp, region: europe-west4, jurisdiction: NL, accelerator: A100-80G, purchase: reserved, price: 1.0, gpusPerInstance: 8, expectedUseAfterHorizon: 0.5}");
            StringBuilder text = new StringBuilder(base);
            for (String job : jobs) {
                text.append("  ").append(job).append('\n');
            }
            try {
                return ProblemReader.parse("constraints-test.yaml", text.toString(), new ArrayList<>());
            } catch (InputErrors e) {
                throw new AssertionError("fixture does not parse: " + e.getMessage(), e);
            }
        }

        final Problem byDefault = with("", job8("a", ""), job8("b", ""), job1("c", ""));

        @Test
        void byDefaultTheIdlePartWithinTheHorizonStaysIdleAfterIt() {
            // r = 8, used 32 of 80 GPU-slots (u = 0.4): idle 48 / 10 = 4.8 GPUs × 8520 h × 1.00 = 40,896.00
            VERIFIER.verifyThat(GpuPlanConstraints::r29StrandedCommitment)
                    .given(facts(at(eligible(byDefault, "a", "res", 8), 0), pools(byDefault)))
                    .penalizesBy("4.8 × 8520", 4_089_600);
        }

        @Test
        void linearInTheJobsUse() {
            // a then b on the same 8 GPUs: used 64 of 80, idle 16 / 10 = 1.6 × 8520 = 13,632.00
            VERIFIER.verifyThat(GpuPlanConstraints::r29StrandedCommitment)
                    .given(facts(at(eligible(byDefault, "a", "res", 8), 0), at(eligible(byDefault, "b", "res", 8), 4), pools(byDefault)))
                    .penalizesBy("sequential", 1_363_200);
            // at once: r = 16, used 64 of 160, idle 96 / 10 = 9.6 × 8520 = 81,792.00
            VERIFIER.verifyThat(GpuPlanConstraints::r29StrandedCommitment)
                    .given(facts(at(eligible(byDefault, "a", "res", 8), 0), at(eligible(byDefault, "b", "res", 8), 0), pools(byDefault)))
                    .penalizesBy("concurrent", 8_179_200);
        }

        @Test
        void aStatedUseReplacesTheUtilizationAndTheOffersOwnWins() {
            Problem stated = with("reservations: {expectedUseAfterHorizon: 0.75}", job8("a", ""));
            // (1 − 0.75) × 8 × 8520 × 1.00 = 17,040.00, whatever the use within the horizon
            VERIFIER.verifyThat(GpuPlanConstraints::r29StrandedCommitment)
                    .given(facts(at(eligible(stated, "a", "res", 8), 0), pools(stated)))
                    .penalizesBy("u = 0.75 for all", 1_704_000);
            // res-nl states 0.5: (1 − 0.5) × 8 × 8520 = 34,080.00
            VERIFIER.verifyThat(GpuPlanConstraints::r29StrandedCommitment)
                    .given(facts(at(eligible(stated, "a", "res-nl", 8), 0), pools(stated)))
                    .penalizesBy("the offer's 0.5 wins", 3_408_000);
        }

        @Test
        void nothingWithoutAPoolInUse() {
            VERIFIER.verifyThat(GpuPlanConstraints::r29StrandedCommitment)
                    .given(facts(at(eligible(byDefault, "c", "od", 1), 0), unplanned(byDefault, "a"), pools(byDefault)))
                    .hasNoImpact("on-demand commits to nothing");
            Problem full = with("reservations: {expectedUseAfterHorizon: 1}", job8("a", ""));
            VERIFIER.verifyThat(GpuPlanConstraints::r29StrandedCommitment)
                    .given(facts(at(eligible(full, "a", "res", 8), 0), pools(full)))
                    .hasNoImpact("all of it expected in use afterwards");
        }

        @Test
        void itCountsInTheTotalAndTheProvidersBudget() {
            // R18 8 × 240 × 1.00 = 1,920.00 + R29 40,896.00 = 42,816.00, billed by gcp
            Object[] given = facts(at(eligible(byDefault, "a", "res", 8), 0), pools(byDefault));
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget).given(facts(given, new TotalBudget(4_281_599)))
                    .penalizesBy("0.01 over", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget).given(facts(given, new TotalBudget(4_281_600))).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget).given(facts(given, new ProviderBudget("gcp", 4_281_599)))
                    .penalizesBy("0.01 over gcp's cap", 1);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Soft (cents)

    @Nested
    class SoftCosts {
        final Problem p = problem(job1("c", ""), job1("i", "interruptible: true"),
                job1("d", "dataset: {sizeGb: 1000, location: aws/us-west-2}"),
                job1("e", "dataset: {sizeGb: 1000, location: aws/us-east-1}"),
                job1("m", "migration: {to: cann, cost: 500}"), job8("r", ""), job8("s", ""));

        @Test
        void r17OnDemandIsBilledGpusTimesHoursTimesPrice() {
            // 1 × 48 h × 2.00 = 96.00
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost).given(at(eligible(p, "c", "od", 1), 0))
                    .penalizesBy("9600 cents", 9_600);
            // 8 GPUs on one 8-GPU instance, 96 h × 2.00 = 1536.00
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost).given(at(eligible(p, "r", "open8", 8), 0))
                    .penalizesBy("8 × 96 × 2.00", 153_600);
        }

        @Test
        void r17SpotUsesExpectedWallTime() {
            // spot0 never interrupts: 48 h × 1.00 = 48.00.
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost).given(at(eligible(p, "i", "spot0", 1), 0))
                    .penalizesBy("48 × 1.00", 4_800);
            // spot: lambda = 0.48 / 24 × 1 = 0.02 /h, L = 1/2 + 0.5 = 1 h; W = 48 / (1 - 0.02) = 48.9796 h → 48.98.
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost).given(at(eligible(p, "i", "spot", 1), 0))
                    .penalizesBy("W = 48 / 0.98", 4_898);
        }

        @Test
        void r17ReservedAddsNoComputeCost() {
            Option onRes = eligible(p, "r", "res", 8);
            assertEquals(0, onRes.computeCents());
            assertEquals(76_800, onRes.listCents(), "R24 charges 8 × 96 × 1.00 for it, the plan does not");
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost).given(at(onRes, 0)).hasNoImpact("the reservation pays (R18)");
        }

        @Test
        void r17IdenticalJobsCountTwice() {
            Problem q = problem(job1("x", ""), job1("y", ""));
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost)
                    .given(at(eligible(q, "x", "od", 1), 0), at(eligible(q, "y", "od", 1), 0)).penalizesBy(19_200);
        }

        @Test
        void r17UnplannedCostsNothing() {
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost).given(unplanned(p, "c")).hasNoImpact();
        }

        @Test
        void r16MigrationCostOnlyOnTheMigratedStack() {
            VERIFIER.verifyThat(GpuPlanConstraints::r16MigrationCost).given(at(eligible(p, "m", "ascend", 1), 0))
                    .penalizesBy("500.00", 50_000);
            VERIFIER.verifyThat(GpuPlanConstraints::r16MigrationCost).given(at(eligible(p, "m", "od", 1), 0))
                    .hasNoImpact("the job stays on cuda: no migration");
        }

        @Test
        void r19TransferWithinAndAcrossProviders() {
            // dataset aws/us-west-2 → od aws/us-east-1: cross-region 1000 × 0.02 = 20.00
            VERIFIER.verifyThat(GpuPlanConstraints::r19TransferCost).given(at(eligible(p, "d", "od", 1), 0))
                    .penalizesBy("cross-region", 2_000);
            // dataset aws/us-west-2 → od-gcp gcp/us-central1: cross-provider 1000 × 0.09 = 90.00
            VERIFIER.verifyThat(GpuPlanConstraints::r19TransferCost).given(at(eligible(p, "d", "od-gcp", 1), 0))
                    .penalizesBy("cross-provider", 9_000);
            // dataset aws/us-east-1 → od aws/us-east-1: same place
            VERIFIER.verifyThat(GpuPlanConstraints::r19TransferCost).given(at(eligible(p, "e", "od", 1), 0))
                    .hasNoImpact("co-located");
            // no dataset
            VERIFIER.verifyThat(GpuPlanConstraints::r19TransferCost).given(at(eligible(p, "c", "od-gcp", 1), 0)).hasNoImpact();
            // transfer is charged on reserved offers too
            VERIFIER.verifyThat(GpuPlanConstraints::r19TransferCost).given(at(eligible(p, "e", "res", 1), 0))
                    .penalizesBy("aws → gcp on a reserved offer", 9_000);
        }

        @Test
        void r18PeakConcurrentBilledGpusTimesHorizonHoursTimesPrice() {
            Option r = eligible(p, "r", "res", 8);
            Option s = eligible(p, "s", "res", 8);
            // r [0,4), s [2,6): peak 16 → 16 × 240 h × 1.00 = 3840.00
            VERIFIER.verifyThat(GpuPlanConstraints::r18ReservationCost).given(facts(at(r, 0), at(s, 2), pools(p)))
                    .penalizesBy("overlapping: peak 16", 384_000);
            // r [0,4), s [4,8): peak 8 → 8 × 240 × 1.00 = 1920.00 (not 16 × ..., and not scaled by the jobs' hours)
            VERIFIER.verifyThat(GpuPlanConstraints::r18ReservationCost).given(facts(at(r, 0), at(s, 4), pools(p)))
                    .penalizesBy("sequential: peak 8", 192_000);
            VERIFIER.verifyThat(GpuPlanConstraints::r18ReservationCost).given(facts(at(r, 0), at(s, 4), pools(p)))
                    .penalizes("one charge per reserved offer", 1);
        }

        @Test
        void r18NeverBuysMoreThanTheOffersMaximum() {
            // res-cap (maxGpus 8): r [0,4) and s [2,6) peak at 16, but R18 buys at most 8 → 8 × 240 × 1.00 = 1920.00;
            // the other 8 break R21 (tested there).
            VERIFIER.verifyThat(GpuPlanConstraints::r18ReservationCost)
                    .given(facts(at(eligible(p, "r", "res-cap", 8), 0), at(eligible(p, "s", "res-cap", 8), 2), pools(p)))
                    .penalizesBy("bought 8, not 16", 192_000);
        }

        @Test
        void r18BilledGpusAreReserved() {
            // A 1-GPU job on an 8-GPU-instance reserved offer reserves a whole instance: 8 × 240 × 1.00.
            VERIFIER.verifyThat(GpuPlanConstraints::r18ReservationCost)
                    .given(facts(at(eligible(p, "c", "res", 1), 0), pools(p))).penalizesBy(192_000);
        }

        @Test
        void r18EachReservedOfferIsChargedSeparately() {
            // r on res, s on res-nl: two identical 1920.00 charges.
            VERIFIER.verifyThat(GpuPlanConstraints::r18ReservationCost)
                    .given(facts(at(eligible(p, "r", "res", 8), 0), at(eligible(p, "s", "res-nl", 8), 0), pools(p)))
                    .penalizesBy("1920.00 twice", 384_000);
        }

        @Test
        void r18NothingWithoutJobsOnReservedOffers() {
            VERIFIER.verifyThat(GpuPlanConstraints::r18ReservationCost)
                    .given(facts(at(eligible(p, "c", "od", 1), 0), at(eligible(p, "r", "open8", 8), 0), unplanned(p, "s"),
                            pools(p)))
                    .hasNoImpact("an unused reservation is bought at 0 GPUs");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Whole provider

    @Test
    void wholeProviderScoresAHandBuiltPlan() {
        Problem p = problem(
                job1("w1", ""),
                job8("w2", ""),
                job1("w3", "priority: 3"),
                job1("w4", "dataset: {sizeGb: 1000, location: aws/us-east-1}"),
                "- {id: w5, kind: training, memoryGb: 100, work: {gpuHours: 48, accelerator: A100-80G}}");
        List<JobAssignment> assignments = List.of(
                at(eligible(p, "w1", "od", 1), 0),        // R17 96.00 (aws)
                at(eligible(p, "w2", "res", 8), 0),       // R18 8 × 240 × 1.00 = 1920.00 (gcp)
                unplanned(p, "w3"),                       // R23 medium 3
                at(eligible(p, "w4", "od-gcp", 1), 9),    // R17 120.00 (gcp) + R19 90.00 (aws); R2: latest start 8 → 1
                at(option(p, "w5", "od", 1), 2));         // R8 100 - 68 = 32; R17 96.00 (aws)
        GpuPlan plan = new GpuPlan(p, GpuPlanFactory.reservedPools(p),
                List.of(new TotalBudget(200_000)), List.of(new ProviderBudget("aws", 25_000)), assignments);
        // soft: 9600 + 192000 + 12000 + 9000 + 9600 = 232 200 cents
        // total budget: 2322.00 - 2000.00 = 322
        // aws: 96 + 90 + 96 = 282.00 - 250.00 = 32
        // hard: R2 1 + R8 32 + total 322 + aws 32 = 387
        VERIFIER.verifyThat().givenSolution(plan).scores(HardMediumSoftScore.of(-387, -3, -232_200));
    }

    @Test
    void wholeProviderFeasiblePlanIsJustItsCost() {
        Problem p = problem(job1("a", ""), job8("b", ""), job8("c", ""));
        List<JobAssignment> assignments = List.of(
                at(eligible(p, "a", "od", 1), 0),        // 96.00
                at(eligible(p, "b", "capped", 8), 0),    // 8 × 96 × 2.00 = 1536.00
                at(eligible(p, "c", "capped", 8), 4));   // 1536.00, after b: never more than 8 GPUs
        GpuPlan plan = new GpuPlan(p, GpuPlanFactory.reservedPools(p),
                List.of(new TotalBudget(316_800)), List.of(new ProviderBudget("aws", 316_800)), assignments);
        VERIFIER.verifyThat().givenSolution(plan).scores(HardMediumSoftScore.of(0, 0, -316_800));
    }
}
