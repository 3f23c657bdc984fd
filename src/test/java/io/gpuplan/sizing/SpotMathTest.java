package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** R10: lambda, L, W, k and Wq, with k checked against a Poisson quantile summed by hand. */
class SpotMathTest {
    private static final double EPS = 1e-12;

    /** The smallest k with P(N <= k) >= q for N ~ Poisson(mean), by summing the pmf e^-m m^i / i!. */
    static int poissonQuantile(double mean, double q) {
        double pmf = Math.exp(-mean); // P(N = 0)
        double cdf = pmf;
        int k = 0;
        while (cdf < q) {
            k++;
            pmf *= mean / k;
            cdf += pmf;
        }
        return k;
    }

    @Test
    void r10_lambdaIsPerInstanceRatePerHourTimesInstances() {
        assertEquals(0.3 / 24 * 4, SpotMath.lambdaPerHour(0.3, 4), EPS); // 0.05 per hour
    }

    @Test
    void r10_lossIsHalfACheckpointIntervalPlusRestart() {
        assertEquals(2.0 / 2 + 0.5, SpotMath.lossPerInterruption(2, 0.5), EPS); // 1.5 h
    }

    @Test
    void r10_expectedWallTimeAndConfidenceTime() {
        double t = 100;                  // compute hours
        double lambda = 0.3 / 24 * 4;    // 0.05 / h
        double loss = 2.0 / 2 + 0.5;     // 1.5 h
        double w = t / (1 - lambda * loss); // 100 / 0.925 = 108.1 h
        assertEquals(w, SpotMath.expectedHours(t, lambda, loss), 1e-9);

        int k = poissonQuantile(lambda * w, 0.95); // mean 5.41 interruptions
        assertEquals(k, SpotMath.interruptionsAtConfidence(lambda, w, 0.95));
        assertEquals(9, k, "P(N <= 8) = 0.902 < 0.95 <= P(N <= 9) = 0.951 for Poisson(5.41)");
        // Wq = max(W, T + L k) = max(108.1, 100 + 1.5 x 9) = 113.5 h
        assertEquals(Math.max(w, t + loss * k), SpotMath.confidenceHours(t, w, loss, k), EPS);
        assertEquals(t + loss * k, SpotMath.confidenceHours(t, w, loss, k), EPS);
    }

    @Test
    void r10_confidenceTimeIsNeverBelowExpectedTime() {
        // k = 0 (tiny lambda): T + L k = T < W, so Wq = W
        assertEquals(110.0, SpotMath.confidenceHours(100, 110, 1.5, 0), EPS);
    }

    @Test
    void r10_kMatchesTheHandSummedPoissonQuantileOverManyMeansAndLevels() {
        double[] means = {0.001, 0.05, 0.3, 1.0, 1.2739, 2.5, 5.4054, 12.0, 30.0, 75.0};
        double[] levels = {0.5, 0.8, 0.9, 0.95, 0.99, 0.999};
        for (double mean : means) {
            for (double q : levels) {
                double lambda = 0.1;
                double w = mean / lambda;
                assertEquals(poissonQuantile(mean, q), SpotMath.interruptionsAtConfidence(lambda, w, q),
                        "mean " + mean + ", q " + q);
            }
        }
    }

    @Test
    void r10_kIsZeroWhenLambdaIsZero() {
        assertEquals(0, SpotMath.interruptionsAtConfidence(0, 100, 0.95));
        assertEquals(100.0, SpotMath.expectedHours(100, 0, 1.5), EPS);
    }

    @Test
    void r10_noSpotOptionWhenLambdaTimesLossReachesOneHalf() {
        assertFalse(SpotMath.feasible(0.5, 1.0));          // exactly 0.5: no option
        assertFalse(SpotMath.feasible(12.0 / 24 * 1, 1.5)); // 0.75
        assertTrue(SpotMath.feasible(0.49, 1.0));
        assertTrue(SpotMath.feasible(0, 100));
    }
}
