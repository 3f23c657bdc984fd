package io.gpuplan.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * R32.3 by hand: five stage-1 scenarios on {@link CommitmentsTest#TEXT}'s pools, with the reserved offer {@code ri}
 * sold in 8-GPU instances and the owned offer {@code own} capped at 16 here.
 *
 * <pre>
 * scenario    0   1   2   3   4
 * ri         16   8  24  16  12      sorted  8 12 16 16 24
 * own         8   0  16   8   0      sorted  0  0  8  8 16
 * </pre>
 *
 * Nearest rank, P_q = the ceil(q/100 × 5)-th smallest: P25 the 2nd, P50 the 3rd, P75 the 4th, P90 the 5th. ri: 12 →
 * rounded up to whole instances, 16; 16; 16; 24. own: 0; 8; 8; 16. The most frequent vector is scenario 0's (twice).
 */
class CandidatesTest {
    private static ScenarioResult stageOne(int scenario, int ri, int own) {
        return new ScenarioResult(scenario, -1, 0, 0, 0, true, 1, new TreeMap<>(Map.of("ri", ri, "own", own)));
    }

    /** CommitmentsTest's problem with offer own capped at {@code maxGpus}. */
    private static Problem ownCappedAt(int maxGpus) throws Exception {
        Problem p = ProblemReader.parse("c.yaml", CommitmentsTest.TEXT.replace("gpusPerInstance: 8, maxGpus: 64}\njobs:",
                "gpusPerInstance: 8, maxGpus: " + maxGpus + "}\njobs:"), new ArrayList<>());
        assertEquals(maxGpus, p.offer("own").orElseThrow().maxGpus());
        return p;
    }

    /** Five scenarios' levels (ri, own): 16/8, 8/0, 24/16, 16/8, 12/0. */
    private static final List<ScenarioResult> ROWS = List.of(stageOne(0, 16, 8), stageOne(1, 8, 0), stageOne(2, 24, 16),
            stageOne(3, 16, 8), stageOne(4, 12, 0));

    @Test
    void theMedianScenariosOwnThePercentilesNothingAndTheMostFrequentOnceEachWithEveryLabel() throws Exception {
        List<Candidate> c = Candidates.of(ownCappedAt(16), ROWS);
        assertEquals(List.of(
                new Candidate(new TreeMap<>(Map.of("own", 8, "ri", 16)),
                        List.of("the median scenario's own", "P50 of the levels", "P75 of the levels", "the most frequent")),
                new Candidate(new TreeMap<>(Map.of("own", 0, "ri", 16)), List.of("P25 of the levels")),
                new Candidate(new TreeMap<>(Map.of("own", 16, "ri", 24)), List.of("P90 of the levels")),
                new Candidate(new TreeMap<>(Map.of("own", 0, "ri", 0)), List.of("nothing committed"))), c);
        assertEquals("8 GPUs on own, 16 on ri", c.get(0).describe());
        assertEquals("16 GPUs on ri", c.get(1).describe());
        assertEquals("nothing committed", c.get(3).describe());
    }

    @Test
    void aPercentileIsCappedAtTheOffersMaxGpusInWholeInstances() throws Exception {
        // own capped at 12 in 8-GPU instances: at most 8. P90 of own = 16 above → 8.
        assertEquals(new TreeMap<>(Map.of("own", 8, "ri", 24)), Candidates.quantile(ownCappedAt(12), ROWS, 90));
    }
}
