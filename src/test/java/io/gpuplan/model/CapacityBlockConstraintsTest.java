package io.gpuplan.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.stream.test.ConstraintVerifier;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionSizer;
import io.gpuplan.sizing.ProviderCharge;
import io.gpuplan.sizing.Rule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * R30 capacity blocks in sizing and in the constraints: the block length is the shortest allowed one covering the
 * job's occupied slots, and "R30 capacity block cost" penalizes exactly the block, nothing else.
 *
 * <p>The fixture: 2027-01-01 to 2027-03-01 (59 daily slots). Offers of H100-80G, 8 GPUs per instance: {@code od}
 * on-demand at 4.00 (aws), {@code blk} a block offer at 2.00 (lambda) with blockDays [1..7, 14, 21, 28] and at
 * most 16 GPUs. Jobs of 8 GPUs on one instance (efficiency 1): T = gpuHours / 8 h, d = ceil(T / 24) slots.
 * <ul>
 *   <li>{@code burst13}: 2,496 GPU-hours → 312 h = 13 slots → block of 14 days (7 × 24 = 168 < 312 <= 336):
 *       8 × 14 × 24 × 2.00 = 5,376.00.</li>
 *   <li>{@code burst8}: 1,536 GPU-hours → 192 h = 8 slots → 14 days (7 days = 168 h < 192): 5,376.00 too.</li>
 *   <li>{@code burst7}: 1,344 GPU-hours → 168 h = 7 slots → 7 days: 8 × 7 × 24 × 2.00 = 2,688.00.</li>
 *   <li>{@code long29}: 5,568 GPU-hours → 696 h = 29 slots → longer than 28 days: no option on {@code blk}.</li>
 * </ul>
 */
class CapacityBlockConstraintsTest {

    private static final ConstraintVerifier<GpuPlanConstraints, GpuPlan> VERIFIER =
            ConstraintVerifier.build(new GpuPlanConstraints(), GpuPlan.class, JobAssignment.class);

    static final String BASE = """
            name: block-constraints-test
            horizon: {start: 2027-01-01, end: 2027-03-01, slot: 1d}
            budget: {total: 100000, byProvider: {lambda: 100000}}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: on-demand,
                 price: 4.0, gpusPerInstance: 8}
              - {id: blk, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: block,
                 price: 2.0, gpusPerInstance: 8, maxGpus: 16, blockDays: [1, 2, 3, 4, 5, 6, 7, 14, 21, 28]}
            jobs:
              - {id: burst13, kind: training, memoryGb: 400, gpus: 8, work: {gpuHours: 2496, accelerator: H100-80G}}
              - {id: burst8, kind: training, memoryGb: 400, gpus: 8, work: {gpuHours: 1536, accelerator: H100-80G}}
              - {id: burst7, kind: training, memoryGb: 400, gpus: 8, work: {gpuHours: 1344, accelerator: H100-80G}}
              - {id: long29, kind: training, memoryGb: 400, gpus: 8, work: {gpuHours: 5568, accelerator: H100-80G}}
            """;

    static Problem parse(String text) {
        try {
            return ProblemReader.parse("block-constraints-test.yaml", text, new ArrayList<>());
        } catch (InputErrors e) {
            throw new AssertionError("fixture does not parse: " + e.getMessage(), e);
        }
    }

    final Problem p = parse(BASE);

    Option eligible(String job, String offer, int gpus) {
        OptionSizer.Sizing s = OptionSizer.size(p, p.job(job).orElseThrow(), p.offer(offer).orElseThrow(), gpus);
        assertTrue(s.eligible(), () -> job + " on " + offer + " should be eligible: " + s.breaches());
        return s.option();
    }

    static JobAssignment at(Option o, int start) {
        return new JobAssignment(o.job(), List.of(o), o, start, 10);
    }

    /** The assignments with the problem's budgets (no pools: no reserved or owned offer here). */
    static Object[] facts(Problem problem, JobAssignment... assignments) {
        List<Object> out = new ArrayList<>(List.of(assignments));
        out.addAll(GpuPlanFactory.totalBudgets(problem));
        out.addAll(GpuPlanFactory.providerBudgets(problem));
        return out.toArray();
    }

    Object[] facts(JobAssignment... assignments) {
        return facts(p, assignments);
    }

    @Nested
    class Sizing {
        @Test
        void thirteenSlotsBuyAFourteenDayBlock() {
            Option o = eligible("burst13", "blk", 8);
            assertEquals(13, o.durationSlots());
            assertEquals(14, o.blockDays(), "7 days = 168 h < 13 × 24 = 312 h <= 14 days = 336 h");
            assertEquals(537600, o.blockCents(), "8 × 14 × 24 × 2.00 = 5,376.00");
            assertEquals(0, o.computeCents(), "no R17 line: the block pays for the GPUs");
            assertEquals(537600, o.totalCents());
            assertEquals(537600, o.boundCents(), "R24 charges the block, exact and per job");
        }

        @Test
        void eightSlotsAlsoNeedFourteenDays() {
            Option o = eligible("burst8", "blk", 8);
            assertEquals(8, o.durationSlots());
            assertEquals(14, o.blockDays(), "192 h > 7 days (168 h): the next allowed length is 14");
            assertEquals(537600, o.blockCents());
        }

        @Test
        void sevenSlotsFitSevenDaysExactly() {
            Option o = eligible("burst7", "blk", 8);
            assertEquals(7, o.blockDays(), "168 h <= 7 × 24 = 168 h");
            assertEquals(268800, o.blockCents(), "8 × 7 × 24 × 2.00 = 2,688.00");
        }

        @Test
        void twentyNineSlotsHaveNoBlockLongEnough() {
            OptionSizer.Sizing s = OptionSizer.size(p, p.job("long29").orElseThrow(), p.offer("blk").orElseThrow(), 8);
            assertNull(s.option(), "no option on the block offer");
            assertTrue(s.breaches().stream().anyMatch(b -> b.rule() == Rule.R30 && b.reason().contains("29 slots")
                    && b.reason().contains("28 days")), () -> "" + s.breaches());
            assertTrue(OptionSizer.size(p, p.job("long29").orElseThrow(), p.offer("od").orElseThrow(), 8).eligible(),
                    "on-demand has no block to fit");
        }

        @Test
        void hourlySlotsRoundToWholeDays() {
            // 2,400 GPU-hours on 8 GPUs = 300 one-hour slots = 12.5 days: 12 days (288 h) are too short, 13 (312 h) fit.
            Problem hourly = parse("""
                    name: hourly
                    horizon: {start: 2027-01-01, end: 2027-02-01, slot: 1h}
                    offers:
                      - {id: blk, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: H100-80G,
                         purchase: block, price: 2.0, gpusPerInstance: 8, blockDays: [12, 13, 14]}
                    jobs:
                      - {id: j, kind: training, memoryGb: 400, gpus: 8, work: {gpuHours: 2400, accelerator: H100-80G}}
                    """);
            OptionSizer.Sizing s = OptionSizer.size(hourly, hourly.job("j").orElseThrow(), hourly.offer("blk").orElseThrow(), 8);
            assertTrue(s.eligible(), () -> "" + s.breaches());
            assertEquals(300, s.option().durationSlots());
            assertEquals(13, s.option().blockDays());
            assertEquals(499200, s.option().blockCents(), "8 × 13 × 24 × 2.00 = 4,992.00");
        }

        @Test
        void theBlockIsBilledByTheOffersProvider() {
            assertEquals(List.of(new ProviderCharge("lambda", 537600)), eligible("burst13", "blk", 8).providerCharges());
        }
    }

    @Nested
    class R30CapacityBlockCost {
        @Test
        void eachJobOnABlockOfferPaysItsBlock() {
            // burst13 and burst7 on blk, side by side (16 GPUs = maxGpus): 5,376.00 + 2,688.00 = 8,064.00.
            VERIFIER.verifyThat(GpuPlanConstraints::r30CapacityBlockCost)
                    .given(facts(at(eligible("burst13", "blk", 8), 0), at(eligible("burst7", "blk", 8), 3)))
                    .penalizesBy("two blocks", 806400);
        }

        @Test
        void jobsOnOtherOffersBuyNoBlock() {
            VERIFIER.verifyThat(GpuPlanConstraints::r30CapacityBlockCost)
                    .given(facts(at(eligible("burst13", "od", 8), 0)))
                    .hasNoImpact("on-demand only");
        }

        @Test
        void computeCostLeavesBlockJobsAlone() {
            // R17 charges only the on-demand job: 8 × 168 h × 4.00 = 5,376.00; the block job is R30's.
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost)
                    .given(facts(at(eligible("burst13", "blk", 8), 0), at(eligible("burst7", "od", 8), 0)))
                    .penalizesBy("the on-demand job only", 537600);
        }

        @Test
        void theBlockCountsInTheTotalBudget() {
            Problem tight = parse(BASE.replace("budget: {total: 100000, byProvider: {lambda: 100000}}", "budget: {total: 5000}"));
            Option o = OptionSizer.size(tight, tight.job("burst13").orElseThrow(), tight.offer("blk").orElseThrow(), 8).option();
            // 5,376.00 against 5,000: 376 whole units over.
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget)
                    .given(facts(tight, at(o, 0)))
                    .penalizesBy("376 over", 376);
        }

        @Test
        void theBlockCountsInItsProvidersCap() {
            Problem tight = parse(BASE.replace("budget: {total: 100000, byProvider: {lambda: 100000}}",
                    "budget: {byProvider: {lambda: 5000, aws: 1}}"));
            Option o = OptionSizer.size(tight, tight.job("burst13").orElseThrow(), tight.offer("blk").orElseThrow(), 8).option();
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(facts(tight, at(o, 0)))
                    .penalizesBy("lambda 376 over, aws untouched", 376);
        }

        @Test
        void blocksShareTheOffersCapacity() {
            // Three 8-GPU blocks at once on blk (16 GPUs): burst13 [0,13), burst8 [0,8), burst7 [0,7) use 24 GPUs in
            // slots 0..6 (8 over × 7 slots = 56) and 16 in slot 7: R21 counts 56.
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible("burst13", "blk", 8), 0), at(eligible("burst8", "blk", 8), 0),
                            at(eligible("burst7", "blk", 8), 0)))
                    .penalizesBy("8 GPUs over in 7 slots", 56);
        }
    }
}
