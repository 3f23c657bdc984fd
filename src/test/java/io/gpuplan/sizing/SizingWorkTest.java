package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 point 8: sizing costs in proportion to the options that can exist. GPU counts beyond an offer's capacity
 * cannot exist (R21), and on an offer without a cap more GPUs of the same duration cannot beat fewer (R6, R9).
 */
class SizingWorkTest {
    private static final String OFFERS = """
              - {id: capped, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: on-demand, price: 4.0, gpusPerInstance: 8, maxGpus: 256}
              - {id: open, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: on-demand, price: 4.0, gpusPerInstance: 8}
              - {id: open-spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: spot, price: 1.5, gpusPerInstance: 8, interruptionsPerDay: 0.5}
            """;
    private static final Problem P = Fixtures.quarter(OFFERS, """
              - {id: huge, kind: training, memoryGb: 40, flops: 5e23, gpus: {max: 100000}, interruptible: true}
              - {id: hopeless, kind: training, memoryGb: 40, flops: 1e27, gpus: {max: 100000}, interruptible: true}
              - {id: over-cap, kind: training, memoryGb: 40, flops: 1e21, gpus: {min: 300, max: 400}}
            """);

    @Test
    void gpuCountsStopAtTheOffersCapacity() {
        Job huge = Fixtures.job(P, "huge");
        List<Integer> counts = OptionEnumerator.gpuCounts(huge, Fixtures.offer(P, "capped"));
        // 8, 16, ..., 256: one count per instance that fits the cap, none of the 12,500 the job's range allows
        assertEquals(32, counts.size());
        assertEquals(256, counts.get(counts.size() - 1));
    }

    @Test
    void aJobWhoseMinimumExceedsTheCapIsExcludedByCapacityWithoutSizingTheRange() {
        JobOptions jo = OptionEnumerator.enumerate(P, Fixtures.job(P, "over-cap"));
        JobOptions.Exclusion onCapped = jo.exclusions().stream()
                .filter(x -> x.offer().id().equals("capped")).findFirst().orElseThrow();
        assertEquals(Rule.R21, onCapped.breach().rule());
        assertEquals(300, onCapped.gpus());
        assertTrue(onCapped.breach().reason().contains("256"), onCapped.breach().reason());
    }

    @Test
    void onAnUncappedOfferOnlyCountsThatShortenTheJobAreSized() {
        Job huge = Fixtures.job(P, "huge");
        JobOptions jo = OptionEnumerator.enumerate(onlyOffer("open"), huge);
        // The quarter has 90 one-day slots: at most one count per duration, not one per instance (12,500).
        assertTrue(jo.sized() <= 2 * 90 + 2, "sized " + jo.sized());
        assertTrue(!jo.options().isEmpty());
    }

    @Test
    void skippingCountsLosesNoDuration() {
        // Every duration reachable when every count is sized is reached by the fewest GPUs that reach it.
        Job huge = Fixtures.job(P, "huge");
        Offer open = Fixtures.offer(P, "open");
        Map<Integer, Integer> fewestPerDuration = new TreeMap<>();
        for (int g : OptionEnumerator.gpuCounts(huge, open)) {
            OptionSizer.Sizing s = OptionSizer.size(P, huge, open, g);
            if (s.eligible()) {
                fewestPerDuration.merge(s.option().durationSlots(), g, Math::min);
            }
        }
        Map<Integer, Integer> found = new TreeMap<>();
        OptionEnumerator.enumerate(onlyOffer("open"), huge).options()
                .forEach(o -> found.merge(o.durationSlots(), o.gpus(), Math::min));
        assertEquals(fewestPerDuration, found);
    }

    @Test
    void aJobThatFitsNowhereIsSizedAFewTimesAndExcludedAtItsLargestCount() {
        JobOptions jo = OptionEnumerator.enumerate(onlyOffer("open"), Fixtures.job(P, "hopeless"));
        assertTrue(jo.options().isEmpty());
        assertTrue(jo.sized() <= 4, "sized " + jo.sized());
        JobOptions.Exclusion x = jo.exclusions().get(0);
        assertEquals(Rule.R2, x.breach().rule());
        assertEquals(100000, x.gpus());
    }

    @Test
    void spotStopsAtTheFirstCountWhoseInterruptionsEatTheJob() {
        // lambda grows with the instances (R10): past the first count that breaks it, every count does.
        JobOptions jo = OptionEnumerator.enumerate(onlyOffer("open-spot"), Fixtures.job(P, "huge"));
        int firstBreaking = 0;
        for (int g : OptionEnumerator.gpuCounts(Fixtures.job(P, "huge"), Fixtures.offer(P, "open-spot"))) {
            firstBreaking++;
            OptionSizer.Sizing s = OptionSizer.size(P, Fixtures.job(P, "huge"), Fixtures.offer(P, "open-spot"), g);
            if (s.breaches().stream().anyMatch(b -> b.rule() == Rule.R10)) {
                break;
            }
        }
        assertTrue(jo.sized() <= firstBreaking, "sized " + jo.sized() + ", R10 from count #" + firstBreaking);
    }

    @Test
    void aBreachIsWrittenOutOnlyWhenItsReasonIsShown() {
        // verify of a large quarter sized millions of counts that break R2 and formatted every reason: most of its time
        Job hopeless = Fixtures.job(P, "hopeless");
        OptionSizer.Sizing s = OptionSizer.size(P, hopeless, Fixtures.offer(P, "open"), 64);
        Breach r2 = s.breaches().stream().filter(b -> b.rule() == Rule.R2).findFirst().orElseThrow();
        assertTrue(!r2.written());
        assertTrue(r2.reason().startsWith("needs "), r2.reason());
        assertTrue(r2.written());
        assertEquals(r2.reason(), OptionSizer.size(P, hopeless, Fixtures.offer(P, "open"), 64).breaches().get(0).reason());
    }

    private static Problem onlyOffer(String id) {
        return new Problem(P.name(), P.horizon(), P.currency(), P.exchangeRates(), P.memoryHeadroom(), P.budget(),
                P.transfer(), P.storage(), P.accelerators(), List.of(Fixtures.offer(P, id)), P.jobs(), P.overheads());
    }
}
