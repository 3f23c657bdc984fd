package io.gpuplan.sizing;

import org.apache.commons.math3.distribution.PoissonDistribution;

/** R10: expected and confidence-level wall time of a spot job under Poisson interruptions. */
public final class SpotMath {
    /** No spot option exists when {@code lambda * L} reaches this (MODEL.md R10). */
    public static final double MAX_LOSS_FRACTION = 0.5;

    private SpotMath() {
    }

    /** lambda per hour for the whole job: interruptions per instance-day / 24 × instances. */
    public static double lambdaPerHour(double interruptionsPerDay, int instances) {
        return interruptionsPerDay / 24 * instances;
    }

    /** L: hours lost per interruption, half a checkpoint interval plus the restart. */
    public static double lossPerInterruption(double checkpointHours, double restartHours) {
        return checkpointHours / 2 + restartHours;
    }

    /** lambda·L below 0.5, with a 1e-9 margin so that a product that is 0.5 by hand (0.49999999999999994 in floating point) counts as 0.5. */
    public static boolean feasible(double lambda, double loss) {
        return lambda * loss < MAX_LOSS_FRACTION - 1e-9;
    }

    /** W = T / (1 - lambda·L). */
    public static double expectedHours(double computeHours, double lambda, double loss) {
        return computeHours / (1 - lambda * loss);
    }

    /** k: the smallest integer with P(N <= k) >= q, N ~ Poisson(lambda·W); 0 when lambda = 0. */
    public static int interruptionsAtConfidence(double lambda, double expectedHours, double q) {
        double mean = lambda * expectedHours;
        if (mean <= 0) {
            return 0;
        }
        PoissonDistribution n = new PoissonDistribution(null, mean, PoissonDistribution.DEFAULT_EPSILON,
                PoissonDistribution.DEFAULT_MAX_ITERATIONS);
        return n.inverseCumulativeProbability(q);
    }

    /** Wq = max(W, T + L·k). */
    public static double confidenceHours(double computeHours, double expectedHours, double loss, int k) {
        return Math.max(expectedHours, computeHours + loss * k);
    }
}
