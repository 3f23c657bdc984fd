package io.gpuplan.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** R32.4: nearest-rank percentiles, the mean, regret, and the recommendation rule (priority first). */
class PercentilesTest {
    @Test
    void nearestRank() {
        // sorted 10 20 30 40 50: P50 rank ceil(2.5) = 3 -> 30; P90 rank ceil(4.5) = 5 -> 50; P25 rank ceil(1.25) = 2 -> 20.
        List<Long> v = List.of(50L, 10L, 40L, 20L, 30L);
        assertEquals(30, Percentiles.nearestRank(v, 50));
        assertEquals(50, Percentiles.nearestRank(v, 90));
        assertEquals(20, Percentiles.nearestRank(v, 25));
        // mean (1 + 2) / 2 = 1.5 -> 2, half up.
        assertEquals(2, Percentiles.mean(List.of(1L, 2L)));
    }

    static ScenarioResult row(int scenario, long cents, long priority) {
        return new ScenarioResult(scenario, 0, cents, priority, 0, true, 1, new TreeMap<>());
    }

    static Candidate candidate(int gpus) {
        TreeMap<String, Integer> levels = new TreeMap<>();
        levels.put("ri", gpus);
        return new Candidate(levels, List.of("test"));
    }

    @Test
    void statisticsAndRecommendation() {
        List<ScenarioResult> own = List.of(row(0, 100, 0), row(1, 80, 0), row(2, 120, 0), row(3, 90, 0));
        // Candidate A (24 GPUs, the median's own): 100 110 130 100 -> mean 110, P50 (rank 2 of 100 100 110 130) 100,
        // P90 (rank 4) 130; regrets 0 30 10 10: mean 12.5 -> 13, max 30.
        CandidateStats a = CandidateStats.of(0, candidate(24), List.of(row(0, 100, 0), row(1, 110, 0), row(2, 130, 0),
                row(3, 100, 0)), own);
        assertEquals(110, a.expectedCents());
        assertEquals(100, a.p50Cents());
        assertEquals(130, a.p90Cents());
        assertEquals(13, a.meanRegretCents());
        assertEquals(30, a.maxRegretCents());
        // B (16): 104 90 125 95 -> mean 103.5 -> 104, P50 (90 95 104 125, rank 2) 95, P90 125.
        CandidateStats b = CandidateStats.of(1, candidate(16), List.of(row(0, 104, 0), row(1, 90, 0), row(2, 125, 0),
                row(3, 95, 0)), own);
        // C (0): cheapest, 50 each, but leaves priority 5 unplanned in one scenario: never recommended (R23 first).
        CandidateStats c = CandidateStats.of(2, candidate(0), List.of(row(0, 50, 0), row(1, 50, 5), row(2, 50, 0),
                row(3, 50, 0)), own);
        Recommendation r = Recommendation.of(List.of(a, b, c), Objective.EXPECTED, "USD");
        assertEquals(1, r.index());
        // P50 (95 - 100) / 100 = -5.0 %; P90 (125 - 130) / 130 = -3.8 %; expected (104 - 110) / 110 = -5.5 %.
        assertEquals("buying 16 GPUs on ri instead of 24 GPUs on ri (the median scenario's own) costs 5.0 % less at P50"
                + " and 3.8 % less at P90 (expected cost 5.5 % less), so it has the least expected cost: 1.04 USD against"
                + " 1.10 USD; 1 candidate leaves more priority unplanned on average and is not recommended whatever it"
                + " costs (priority first, R23)", r.reason());
        assertEquals(1, Recommendation.of(List.of(a, b, c), Objective.P90, "USD").index(), "125 < 130");
    }
}
