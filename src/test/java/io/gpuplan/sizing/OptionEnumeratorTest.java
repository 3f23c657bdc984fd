package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Which GPU counts are tried on an offer (R6), and the dominance pruning that must never lose the cheapest option. */
class OptionEnumeratorTest {

    private static final Problem P = Fixtures.quarter(Fixtures.a100("per8", 4.0) + """
              - {id: per1, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: on-demand, price: 4.0, gpusPerInstance: 1}
              - {id: per4, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: on-demand, price: 4.0, gpusPerInstance: 4}
            """, """
              - {id: wide, kind: training, memoryGb: 40, flops: 1e21, gpus: {min: 12, max: 40}}
              - {id: narrow, kind: training, memoryGb: 40, flops: 1e21, gpus: {min: 12, max: 20}}
              - {id: small, kind: training, memoryGb: 40, flops: 1e21, gpus: {min: 3, max: 5}}
              - {id: exact, kind: training, memoryGb: 40, flops: 1e21, gpus: 8}
              - {id: ranged, kind: training, memoryGb: 40, flops: 1e21, gpus: {min: 8, max: 64}}
              - {id: serve6, kind: inference, model: {paramsB: 70, precision: int4}, replicas: 6, maxGpusPerReplica: 1}
              - {id: serve2, kind: inference, model: {paramsB: 70, precision: int4}, replicas: 2}
            """);

    private static List<Integer> counts(String job, String offer) {
        return OptionEnumerator.gpuCounts(Fixtures.job(P, job), Fixtures.offer(P, offer));
    }

    @Test
    void r6_countsFillWholeInstancesFromMinToMax() {
        // 12..40 on 8-GPU instances: 2..5 instances, each filled: 16, 24, 32, 40
        assertEquals(List.of(16, 24, 32, 40), counts("wide", "per8"));
    }

    @Test
    void r6_lastInstanceIsFilledOnlyUpToMax() {
        // 12..20: 2 instances (16), 3 instances but at most 20 GPUs
        assertEquals(List.of(16, 20), counts("narrow", "per8"));
        // 3..5 on one 8-GPU instance: the most GPUs allowed, 5
        assertEquals(List.of(5), counts("small", "per8"));
    }

    @Test
    void r6_singleGpuInstancesTryEveryCount() {
        assertEquals(List.of(3, 4, 5), counts("small", "per1"));
    }

    @Test
    void r6_exactGpuCountIsTheOnlyCount() {
        assertEquals(List.of(8), counts("exact", "per8"));
        assertEquals(List.of(8), counts("exact", "per1"));
    }

    @Test
    void servingCountsAreReplicasTimesGpusPerReplica() {
        assertEquals(List.of(6), counts("serve6", "per8"));            // maxGpusPerReplica 1
        assertEquals(List.of(2, 4, 6, 8), counts("serve2", "per4"));   // default: up to gpusPerInstance (4)
    }

    /** An option with the numbers dominance looks at; the rest is filler. */
    private static Option option(int gpus, int billed, int slots, long cents, int earliest) {
        Job job = Fixtures.job(P, "ranged");
        Offer offer = Fixtures.offer(P, "per8");
        return new Option(job, offer, gpus, 0, billed / 8, billed, 1.0, 1.0, false, 1, 68, 1, 1, 1, 0, slots,
                earliest, 90 - slots, cents, cents, 0, 0, 0, 0, 0, 0, 0, 0, null);
    }

    @Test
    void dominance_dropsOptionThatIsNoBetterInAnyRespect() {
        Option a = option(8, 8, 10, 1000, 0);
        Option b = option(16, 16, 5, 1000, 0);
        Option c = option(24, 24, 6, 1200, 0); // more GPUs, longer and dearer than b
        assertEquals(List.of(a, b), OptionEnumerator.withoutDominated(List.of(a, b, c)));
    }

    @Test
    void dominance_keepsTradeOffs() {
        Option cheapSlow = option(8, 8, 10, 1000, 0);
        Option dearFast = option(16, 16, 5, 1100, 0);
        Option cheapLate = option(8, 8, 9, 900, 3); // cheaper and shorter but starts later
        List<Option> all = List.of(cheapSlow, dearFast, cheapLate);
        assertEquals(all, OptionEnumerator.withoutDominated(all));
    }

    @Test
    void dominance_neverDropsTheCheapestOption() {
        Random random = new Random(42);
        for (int round = 0; round < 500; round++) {
            List<Option> all = new ArrayList<>();
            int n = 1 + random.nextInt(8);
            for (int i = 0; i < n; i++) {
                int instances = 1 + random.nextInt(4);
                all.add(option(instances * 8 - random.nextInt(2), instances * 8, 1 + random.nextInt(6),
                        1000 + random.nextInt(4) * 100, random.nextInt(3)));
            }
            List<Option> kept = OptionEnumerator.withoutDominated(all);
            long cheapest = all.stream().mapToLong(Option::totalCents).min().orElseThrow();
            assertEquals(cheapest, kept.stream().mapToLong(Option::totalCents).min().orElseThrow(), "round " + round);
            for (Option dropped : all) {
                if (kept.stream().noneMatch(k -> k == dropped)) { // Option equality is by job, offer and GPU count
                    assertTrue(kept.stream().anyMatch(k -> k.billedGpus() <= dropped.billedGpus()
                            && k.durationSlots() <= dropped.durationSlots() && k.totalCents() <= dropped.totalCents()
                            && k.earliestStart() <= dropped.earliestStart()), "round " + round + ": " + dropped);
                }
            }
        }
    }

    @Test
    void enumerate_keepsTheCheapestSizingOfEachOfferAndCountsTheDropped() {
        Job job = Fixtures.job(P, "ranged");
        Offer per8 = Fixtures.offer(P, "per8");
        List<Option> sized = new ArrayList<>();
        for (int g : OptionEnumerator.gpuCounts(job, per8)) {
            sized.add(OptionSizer.size(P, job, per8, g).option());
        }
        JobOptions options = OptionEnumerator.enumerate(P, job);
        List<Option> onPer8 = options.options().stream().filter(o -> o.offer().equals(per8)).toList();
        Option cheapest = sized.stream().min(Comparator.comparingLong(Option::totalCents)).orElseThrow();
        assertEquals(8, cheapest.gpus()); // one instance: eff 1, so the fewest GPU-hours
        assertTrue(onPer8.contains(cheapest));
        // 48 GPUs need as many days as 40 (ceil(51.5 h / 24) = ceil(61.8 h / 24) = 3) for the same money: dropped
        Option at40 = sized.get(4);
        Option at48 = sized.get(5);
        assertEquals(40, at40.gpus());
        assertEquals(at40.durationSlots(), at48.durationSlots());
        assertTrue(at40.totalCents() <= at48.totalCents());
        assertFalse(onPer8.contains(at48));
        assertTrue(options.dominated() >= sized.size() - onPer8.size());
    }
}
