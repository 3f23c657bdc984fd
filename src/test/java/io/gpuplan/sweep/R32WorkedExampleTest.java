package io.gpuplan.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.Reservations;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** docs/model-beyond-R25.md R32.7, the worked example, figure by figure. */
class R32WorkedExampleTest {
    static final String TEXT = """
            name: r32 example
            horizon: {start: 2027-07-01, end: 2027-10-01, slot: 1d}
            offers:
              - {id: od, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand,
                 price: 1.99, gpusPerInstance: 1, maxGpus: 32}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: reserved,
                 price: 1.740137, termMonths: 12, gpusPerInstance: 8, maxGpus: 64}
            jobs:
              - {id: launch, kind: inference, model: {paramsB: 13, precision: bf16}, replicas: 8, maxGpusPerReplica: 1,
                 demand: {probability: 0.6}}
            """;

    @Test
    void figuresOfTheExample() throws Exception {
        Problem p = ProblemReader.parse("r32.yaml", TEXT, new ArrayList<>());
        Offer ri = p.offer("ri").orElseThrow();
        // 92 days = 2,208 h; term to 2028-07-01 = 366 days = 8,784 h, 6,576 h past the horizon.
        assertEquals(2208, p.horizon().hours(), 0);
        assertEquals(6576, Reservations.hoursPastHorizon(ri, p.horizon()), 0);
        // Present: 8 x 2,208 x 1.740137 = 30,737.78, no idle; absent: R29 8 x 6,576 x 1.740137 = 91,545.13 more.
        assertEquals(3_073_778, Reservations.horizonCents(ri, 8, p.horizon()));
        assertEquals(9_154_513, Reservations.strandedCents(ri, 8, 0, p.horizon()));
        assertEquals(0, Reservations.strandedCents(ri, 8, 8L * p.horizon().slots(), p.horizon()));

        // The median scenario has the job (0.6 >= 0.5); with 8 GPUs fixed the plan puts it on the pool: 30,737.78 in
        // all, against 8 x 2,208 x 1.99 = 35,151.36 with nothing committed.
        Problem median = Scenarios.of(p, 1, 0);
        TreeMap<String, Integer> eight = new TreeMap<>(java.util.Map.of("ri", 8));
        TreeMap<String, Integer> none = new TreeMap<>(java.util.Map.of("ri", 0));
        assertEquals(3_073_778, cost(median, eight));
        assertEquals(3_515_136, cost(median, none));

        // Five scenarios, the job present in three.
        List<ScenarioResult> own = new ArrayList<>();
        List<ScenarioResult> reserve = new ArrayList<>();
        List<ScenarioResult> nothing = new ArrayList<>();
        boolean[] present = {true, true, false, true, false};
        for (int s = 0; s < 5; s++) {
            long r = present[s] ? 3_073_778 : 3_073_778 + 9_154_513; // 122,282.91 absent
            long n = present[s] ? 3_515_136 : 0;
            reserve.add(new ScenarioResult(s, 0, r, 0, 0, true, 1, eight));
            nothing.add(new ScenarioResult(s, 1, n, 0, 0, true, 1, none));
            own.add(new ScenarioResult(s, -1, Math.min(r, n), 0, 0, true, 1, present[s] ? eight : none));
        }
        CandidateStats a = CandidateStats.of(0, new Candidate(eight, List.of("the median scenario's own")), reserve, own);
        CandidateStats b = CandidateStats.of(1, new Candidate(none, List.of("nothing committed")), nothing, own);
        // (92,213.34 + 244,565.82) / 5 = 67,355.83; P50 rank 3 = 30,737.78; P90 rank 5 = 122,282.91.
        assertEquals(6_735_583, a.expectedCents());
        assertEquals(3_073_778, a.p50Cents());
        assertEquals(12_228_291, a.p90Cents());
        assertEquals(2_109_082, b.expectedCents());
        assertEquals(3_515_136, b.p50Cents());
        assertEquals(3_515_136, b.p90Cents());
        assertEquals(441_358, b.maxRegretCents()); // 35,151.36 - 30,737.78 when the job runs
        assertEquals(12_228_291, a.maxRegretCents());
        Recommendation r = Recommendation.of(List.of(a, b), Objective.EXPECTED, "USD");
        assertEquals(1, r.index());
        assertTrue(r.reason().startsWith("buying nothing instead of 8 GPUs on ri (the median scenario's own) costs 14.4 %"
                + " more at P50 but 71.3 % less at P90 (expected cost 68.7 % less)"), r.reason());
    }

    /** A stage-2 solve's cost of {@code scenario} with {@code levels} fixed. */
    static long cost(Problem scenario, TreeMap<String, Integer> levels) {
        SweepTask t = new SweepTask("", "r32.yaml", 0, 1, 0, levels, 2000, 1);
        SweepWorker.Solved s = SweepWorker.solve(scenario, t);
        return s.evaluation().costCents(); // the plan of the scenario with the levels fixed (R32.8) states them
    }
}
