package io.gpuplan.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.stream.test.ConstraintVerifier;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionSizer;
import io.gpuplan.sizing.Rule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * R28 owned GPUs in the constraints: each shows that the rule penalizes exactly what it says and nothing else.
 *
 * <p>The fixture: a 10-day horizon of daily slots (240 h). The owned offer {@code own} (A100-80G, one GPU per
 * instance, at most 8) costs purchasePrice 14,600 / depreciationMonths 20 = 730 per GPU-month of depreciation =
 * 1.00 per GPU-hour (÷ 730), and operations 73 per GPU-month = 0.10 per GPU-hour; power 0.5 kW × pue 1.5 × 0.20 per
 * kWh = 0.15 per GPU-hour in use. A 1-GPU job of 48 GPU-hours runs 48 h (2 slots); its power is 1 × 48 × 0.15 = 7.20.
 * {@code own-lead} is the same with a lead time of 0.5 weeks = 84 h = 3.5 slots, rounded up to slot 4.
 */
class OwnedGpuConstraintsTest {

    private static final ConstraintVerifier<GpuPlanConstraints, GpuPlan> VERIFIER =
            ConstraintVerifier.build(new GpuPlanConstraints(), GpuPlan.class, JobAssignment.class);

    private static final String OWNED_TERMS = "purchasePrice: 14600, depreciationMonths: 20, operationsPerGpuMonth: 73,"
            + " powerKw: 0.5, pue: 1.5, electricityPricePerKwh: 0.2";

    private static final String BASE = """
            name: owned-constraints-test
            horizon: {start: 2027-01-01, end: 2027-01-11}
            budget: {total: 500}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0}
              - {id: res, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 1.0}
              - {id: own, provider: onprem, region: rack-1, jurisdiction: US, accelerator: A100-80G, purchase: owned, maxGpus: 8, %1$s}
              - {id: own-lead, provider: onprem, region: rack-2, jurisdiction: US, accelerator: A100-80G, purchase: owned, leadTimeWeeks: 0.5, %1$s}
            jobs:
              - {id: a, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
              - {id: b, kind: training, memoryGb: 40, work: {gpuHours: 48, accelerator: A100-80G}}
              - {id: big, kind: training, memoryGb: 40, gpus: 8, work: {gpuHours: 768, accelerator: A100-80G}}
            """.formatted(OWNED_TERMS);

    static Problem problem() {
        try {
            return ProblemReader.parse("owned-constraints-test.yaml", BASE, new ArrayList<>());
        } catch (InputErrors e) {
            throw new AssertionError("fixture does not parse: " + e.getMessage(), e);
        }
    }

    final Problem p = problem();

    Option eligible(String job, String offer, int gpus) {
        OptionSizer.Sizing s = OptionSizer.size(p, p.job(job).orElseThrow(), p.offer(offer).orElseThrow(), gpus);
        assertTrue(s.eligible(), () -> job + " on " + offer + " should be eligible: " + s.breaches());
        return s.option();
    }

    static JobAssignment at(Option o, int start) {
        return new JobAssignment(o.job(), List.of(o), o, start, 10);
    }

    List<ReservedPool> pools() {
        return GpuPlanFactory.reservedPools(p);
    }

    @Test
    void anOwnedOfferIsPricedByItsTerms() {
        // (14600 / 20 + 73) / 730 = 803 / 730 = 1.10 per GPU-hour; power 0.5 × 1.5 × 0.2 = 0.15.
        assertEquals(1.10, p.offer("own").orElseThrow().price(), 1e-12);
        assertEquals(0.15, p.offer("own").orElseThrow().owned().powerPerGpuHour(), 1e-12);
        assertTrue(pools().stream().anyMatch(pool -> pool.offer().id().equals("own")), "an owned offer is a pool");
    }

    @Nested
    class Sizing {
        @Test
        void anOwnedOptionCarriesItsPowerNotItsGpuHours() {
            Option o = eligible("a", "own", 1);
            assertEquals(0, o.computeCents(), "the pool pays for the GPUs (R28), as a reservation does (R18)");
            assertEquals(720, o.powerCents(), "1 GPU × 48 h × 0.15 = 7.20");
            assertEquals(720, o.totalCents());
            // R24 charges the GPU-hours at the hourly share: 1 × 48 × 1.10 = 52.80, plus power 7.20 = 60.00.
            assertEquals(6000, o.boundCents());
        }

        @Test
        void leadTimeIsPartOfTheStartWindow() {
            // 0.5 weeks = 84 h = 3.5 daily slots, rounded up: the cards run from slot 4.
            assertEquals(4, eligible("a", "own-lead", 1).earliestStart());
            assertEquals(0, eligible("a", "own", 1).earliestStart());
        }

        @Test
        void aServingWindowBeforeTheLeadTimeEndsIsIneligible() throws InputErrors {
            Problem serving = ProblemReader.parse("s.yaml", BASE.replace("jobs:\n", "jobs:\n  - {id: srv, kind: inference,"
                    + " memoryGb: 40, replicas: 1, maxGpusPerReplica: 1}\n"), new ArrayList<>());
            OptionSizer.Sizing s = OptionSizer.size(serving, serving.job("srv").orElseThrow(),
                    serving.offer("own-lead").orElseThrow(), 1);
            assertTrue(s.breaches().stream().anyMatch(b -> b.rule() == Rule.R2 && b.reason().contains("owned cards' lead time")),
                    () -> "" + s.breaches());
        }
    }

    @Nested
    class R28OwnedGpuCost {
        @Test
        void overlappingJobsBuyTheirPeak() {
            // a [0,2) and b [1,3) overlap in slot 1: peak 2 GPUs bought.
            // Depreciation 2 × 240 × 1.00 = 480.00, operations 2 × 240 × 0.10 = 48.00: 528.00 = 52800 cents.
            VERIFIER.verifyThat(GpuPlanConstraints::r28OwnedGpuCost)
                    .given(facts(at(eligible("a", "own", 1), 0), at(eligible("b", "own", 1), 1)))
                    .penalizesBy("peak 2 owned GPUs for 240 h at 1.10", 52800);
        }

        @Test
        void jobsOneAfterTheOtherShareOneGpu() {
            // a [0,2), b [2,4): peak 1 → 240 × 1.00 + 240 × 0.10 = 264.00.
            VERIFIER.verifyThat(GpuPlanConstraints::r28OwnedGpuCost)
                    .given(facts(at(eligible("a", "own", 1), 0), at(eligible("b", "own", 1), 2)))
                    .penalizesBy("peak 1 owned GPU", 26400);
        }

        @Test
        void eachOwnedOfferIsItsOwnPool() {
            // a on own [0,2) and b on own-lead [4,6): one GPU on each, 264.00 each.
            VERIFIER.verifyThat(GpuPlanConstraints::r28OwnedGpuCost)
                    .given(facts(at(eligible("a", "own", 1), 0), at(eligible("b", "own-lead", 1), 4)))
                    .penalizesBy("two pools of one GPU", 52800);
        }

        @Test
        void nothingOnOwnedOffersCostsNothing() {
            VERIFIER.verifyThat(GpuPlanConstraints::r28OwnedGpuCost)
                    .given(facts(at(eligible("a", "od", 1), 0), at(eligible("b", "res", 1), 0)))
                    .hasNoImpact("on-demand and reserved only");
        }

        @Test
        void reservationCostLeavesOwnedPoolsAlone() {
            // R18 charges the reserved pool only: b on res, 1 × 240 × 1.00 = 240.00; a on own is R28's.
            VERIFIER.verifyThat(GpuPlanConstraints::r18ReservationCost)
                    .given(facts(at(eligible("a", "own", 1), 0), at(eligible("b", "res", 1), 0)))
                    .penalizesBy("the reservation only", 24000);
        }

        @Test
        void computeCostLeavesOwnedJobsAlone() {
            VERIFIER.verifyThat(GpuPlanConstraints::r17ComputeCost).given(at(eligible("a", "own", 1), 0))
                    .hasNoImpact("the owned pool pays for its GPUs");
        }
    }

    @Nested
    class R28OwnedGpuPower {
        @Test
        void eachJobOnOwnedCardsPaysItsPower() {
            // 7.20 each (1 × 48 × 0.15), however they overlap.
            VERIFIER.verifyThat(GpuPlanConstraints::r28OwnedGpuPower)
                    .given(facts(at(eligible("a", "own", 1), 0), at(eligible("b", "own", 1), 1)))
                    .penalizesBy("two jobs' power", 1440);
        }

        @Test
        void aBigJobPaysForAllItsGpus() {
            // 8 GPUs × T = 768 / (8 × 0.9) = 106.667 h (8 instances of 1 GPU: cross-node efficiency 0.9)
            // × 0.15 = 128.00.
            Option big = eligible("big", "own", 8);
            assertEquals(768 / (8 * 0.9), big.expectedHours(), 1e-9);
            VERIFIER.verifyThat(GpuPlanConstraints::r28OwnedGpuPower).given(at(big, 0)).penalizesBy("8 GPUs' power", 12800);
        }

        @Test
        void rentedJobsDrawNoOwnedPower() {
            VERIFIER.verifyThat(GpuPlanConstraints::r28OwnedGpuPower)
                    .given(at(eligible("a", "od", 1), 0), at(eligible("b", "res", 1), 0))
                    .hasNoImpact("no owned cards");
        }
    }

    @Nested
    class CapacityAndBudget {
        @Test
        void theBoughtLevelIsCappedAtMaxGpus() {
            // big [0,5) uses all 8 owned GPUs (106.667 h = 4.44 slots → 5); a [0,2) needs a 9th in slots 0 and 1:
            // R28 buys at most 8, so R21 is broken by 1 GPU in 2 slots = 2.
            VERIFIER.verifyThat(GpuPlanConstraints::r21Capacity)
                    .given(facts(at(eligible("big", "own", 8), 0), at(eligible("a", "own", 1), 0)))
                    .penalizesBy("1 GPU over 8 in 2 slots", 2);
        }

        @Test
        void ownedCostCountsInTheTotalBudget() {
            // a [0,2), b [1,3) on own: pool 528.00 + power 14.40 = 542.40 > budget 500: 42.40 over → 43 units.
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget)
                    .given(facts(at(eligible("a", "own", 1), 0), at(eligible("b", "own", 1), 1),
                            new TotalBudget(50000)))
                    .penalizesBy("43 whole units over", 43);
        }

        @Test
        void ownedCostCountsInItsProvidersCap() {
            // onprem cap 300: one GPU 264.00 + power 7.20 + 7.20 = 278.40 fits; overlapping 542.40 is 242.40 over → 243.
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(facts(at(eligible("a", "own", 1), 0), at(eligible("b", "own", 1), 2),
                            new ProviderBudget("onprem", 30000)))
                    .hasNoImpact("278.40 within 300");
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(facts(at(eligible("a", "own", 1), 0), at(eligible("b", "own", 1), 1),
                            new ProviderBudget("onprem", 30000)))
                    .penalizesBy("243 units over onprem's cap", 243);
        }

        @Test
        void startingInsideTheLeadTimeBreaksR2() {
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(eligible("a", "own-lead", 1), 3))
                    .penalizesBy("one slot before the cards run", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r2TimeWindow).given(at(eligible("a", "own-lead", 1), 4))
                    .hasNoImpact("the first slot the cards run");
        }
    }

    /** The assignments with every pool of the problem (the constraint joins them). */
    Object[] facts(Object... items) {
        List<Object> out = new ArrayList<>(List.of(items));
        out.addAll(pools());
        return out.toArray();
    }
}
