package io.gpuplan.risk;

import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.sizing.Money;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.math3.distribution.PoissonDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * A seeded Monte Carlo of spot interruptions over a whole plan (R10's model): in each run every spot job draws its
 * interruptions N ~ Poisson(lambda·W) and takes T + L·N hours, billed at billed GPUs × hours × price and late when
 * the hours exceed those to its deadline. Everything else in the plan costs what the plan says. The same seed and
 * run count give the same numbers.
 */
public final class MonteCarlo {
    public static final int DEFAULT_RUNS = 10_000;

    private MonteCarlo() {
    }

    /** Plan cost quantiles in cents, and the expected number of missed deadlines. */
    public record Result(long seed, int runs, long expectedCents, long p50Cents, long p90Cents, double expectedMissed,
                         List<SpotRisk> spotJobs) {
    }

    public static Result simulate(Evaluation e, long seed, int runs) {
        List<SpotRisk> risks = e.jobs().stream().filter(SpotRisk::applies)
                .map(j -> SpotRisk.of(j, e.problem().horizon())).toList();
        Set<String> spotIds = risks.stream().map(r -> r.job().job().id()).collect(Collectors.toSet());
        long spotComputeCents = e.costLines().stream()
                .filter(l -> l.kind() == CostLine.Kind.COMPUTE && spotIds.contains(l.source()))
                .mapToLong(CostLine::cents).sum();
        long fixed = e.costCents() - spotComputeCents;
        RandomGenerator rng = new Well19937c(seed);
        // One distribution per job, all on the one generator: the draws come in the same order as ever.
        PoissonDistribution[] draws = risks.stream()
                .map(r -> r.expectedInterruptions() > 0 ? new PoissonDistribution(rng, r.expectedInterruptions(),
                        PoissonDistribution.DEFAULT_EPSILON, PoissonDistribution.DEFAULT_MAX_ITERATIONS) : null)
                .toArray(PoissonDistribution[]::new);
        CentsByInterruptions[] priced = risks.stream().map(CentsByInterruptions::new)
                .toArray(CentsByInterruptions[]::new);
        double[] costs = new double[runs];
        long missed = 0;
        double sum = 0;
        for (int run = 0; run < runs; run++) {
            long cents = fixed;
            for (int i = 0; i < risks.size(); i++) {
                int n = draws[i] == null ? 0 : draws[i].sample();
                cents += priced[i].cents(n);
                if (n > risks.get(i).tolerated()) {
                    missed++;
                }
            }
            costs[run] = cents;
            sum += cents;
        }
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_1);
        return new Result(seed, runs, Math.round(sum / runs), (long) percentile.evaluate(costs, 50),
                (long) percentile.evaluate(costs, 90), (double) missed / runs, risks);
    }

    /**
     * A spot job's cost with n interruptions, T + L·n hours at its billed GPUs, priced once per n: a job draws the
     * same few counts in thousands of runs, and pricing is exact decimal arithmetic (Money), far dearer than a draw.
     */
    static final class CentsByInterruptions {
        private static final long UNPRICED = Long.MIN_VALUE;
        private static final int MOST_CACHED = 1 << 16;
        private final SpotRisk risk;
        private long[] cents = new long[0];

        CentsByInterruptions(SpotRisk risk) {
            this.risk = risk;
        }

        long cents(int n) {
            if (n > MOST_CACHED) {
                return price(risk, n); // a count this far out is drawn too rarely to keep
            }
            if (n >= cents.length) {
                int old = cents.length;
                cents = Arrays.copyOf(cents, Math.max(n + 1, 2 * old));
                Arrays.fill(cents, old, cents.length, UNPRICED);
            }
            if (cents[n] == UNPRICED) {
                cents[n] = price(risk, n);
            }
            return cents[n];
        }
    }

    /** What a spot job costs when interrupted n times (in base-currency cents). */
    static long price(SpotRisk r, int n) {
        JobResult j = r.job();
        double hours = j.option().computeHours() + r.loss() * n;
        return Money.baseCents(j.offer(), j.option().billedGpus(), hours);
    }
}
