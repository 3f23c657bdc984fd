package io.gpuplan.risk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** R10 risk of a placed spot job, and the seeded Monte Carlo over a plan, against numbers worked out here. */
class SpotRiskTest {
    // 2880 reference GPU-hours on 32 A100 (4 instances): T = 2880 / (32 × 0.9) = 100 h. Spot 0.6 / instance-day:
    // lambda = 0.6 / 24 × 4 = 0.1 / h; L = 2 / 2 + 0.5 = 1.5 h; W = 100 / (1 - 0.15) = 117.647 h.
    static final String PROBLEM = """
            name: risk
            horizon: {start: 2027-01-01, end: 2027-02-01}
            offers:
              - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: spot, price: 1.25, gpusPerInstance: 8, interruptionsPerDay: 0.6}
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand, price: 2.75, gpusPerInstance: 8}
            jobs:
              - {id: fraud, kind: training, memoryGb: 300, work: {gpuHours: 2880, accelerator: A100-40G}, gpus: 32, interruptible: true,
                 checkpointHours: 2, restartHours: 0.5, deadlineConfidence: 0.5, earliest: 2027-01-11, deadline: 2027-01-16}
              - {id: steady, kind: training, memoryGb: 300, work: {gpuHours: 2880, accelerator: A100-40G}, gpus: 32}
            """;

    static Evaluation plan() throws Exception {
        Problem p = ProblemReader.parse("risk.yaml", PROBLEM, new ArrayList<>());
        return PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("fraud", "spot", 32, 10),
                new Placement("steady", "od", 32, 0)), Map.of()));
    }

    /** P(N <= k) for N ~ Poisson(mean), summed from the pmf. */
    static double cdf(double mean, int k) {
        double term = Math.exp(-mean);
        double sum = term;
        for (int i = 1; i <= k; i++) {
            term *= mean / i;
            sum += term;
        }
        return sum;
    }

    @Test
    void missProbabilityIsThePoissonTailBeyondTheInterruptionsTheWindowTolerates() throws Exception {
        Evaluation e = plan();
        SpotRisk r = SpotRisk.of(e.jobs().get(0), e.problem().horizon());
        double w = 100 / (1 - 0.1 * 1.5);
        assertEquals(0.1, r.lambda(), 1e-12);
        assertEquals(1.5, r.loss(), 1e-12);
        assertEquals(0.1 * w, r.expectedInterruptions(), 1e-9); // 11.76
        assertEquals(5 * 24, r.hoursToDeadline(), 1e-9);        // slots 10..15: 120 h
        assertEquals(13, r.tolerated());                        // floor((120 - 100) / 1.5)
        assertEquals(1 - cdf(0.1 * w, 13), r.missProbability(), 1e-9); // about 0.294
        assertTrue(r.missProbability() < 0.5, "below 1 - deadlineConfidence, as R2 at q = 0.5 guarantees");
    }

    @Test
    void monteCarloIsReproducibleAndAgreesWithTheModel() throws Exception {
        Evaluation e = plan();
        MonteCarlo.Result a = MonteCarlo.simulate(e, 42, 20_000);
        MonteCarlo.Result b = MonteCarlo.simulate(e, 42, 20_000);
        assertEquals(a, b, "same seed, same numbers");
        assertNotEquals(a.p90Cents(), MonteCarlo.simulate(e, 7, 20_000).p90Cents() + 1_000_000);
        double p = 1 - cdf(0.1 * 100 / 0.85, 13);
        double sigma = Math.sqrt(p * (1 - p) / 20_000);
        assertEquals(p, a.expectedMissed(), 4 * sigma, "missed deadlines: only fraud can miss");
        // E[T + L·N] = W, so the mean cost is the plan's cost, up to sampling noise: sd of one run's spot cost is
        // 32 × 1.5 × sqrt(11.76) × 1.25 × 100 ¢ ≈ 20 580 ¢, of the mean 20 580 / sqrt(20 000) ≈ 146 ¢.
        assertEquals(e.costCents(), a.expectedCents(), 4 * 146);
        assertTrue(a.p50Cents() <= a.p90Cents());
        // The on-demand job's cost is fixed: every sample is at least it plus fraud's T-hours cost.
        long floor = Math.round(32 * 100 * 2.75 * 100) + Math.round(32 * 100 * 1.25 * 100);
        assertTrue(a.p50Cents() >= floor);
    }

    @Test
    void aPlanWithoutSpotHasNoRisk() throws Exception {
        Problem p = ProblemReader.parse("risk.yaml", PROBLEM, new ArrayList<>());
        Evaluation e = PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("steady", "od", 32, 0)), Map.of()));
        MonteCarlo.Result r = MonteCarlo.simulate(e, 42, 1_000);
        assertEquals(List.of(), r.spotJobs());
        assertEquals(e.costCents(), r.p50Cents());
        assertEquals(e.costCents(), r.p90Cents());
        assertEquals(0.0, r.expectedMissed());
    }
}
