package io.gpuplan.risk;

import io.gpuplan.problem.Horizon;
import io.gpuplan.rules.JobResult;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.SpotMath;
import org.apache.commons.math3.distribution.PoissonDistribution;

/**
 * R10's interruption model for one planned spot job: N ~ Poisson(lambda·W) interruptions, each losing L hours, so
 * the job takes T + L·N hours (whose mean is W). It misses its deadline when that exceeds the hours from its start
 * to its deadline.
 *
 * @param lambda         interruptions per hour for the whole job
 * @param loss           L, hours lost per interruption
 * @param hoursToDeadline hours from the job's start slot to its deadline's slot edge
 * @param tolerated      the most interruptions that still finish in time (-1: not even without interruptions)
 */
public record SpotRisk(JobResult job, double lambda, double loss, double expectedInterruptions, double hoursToDeadline,
                       int tolerated, double missProbability) {

    /** Whether the job is exposed to interruptions that can make it late: a planned spot job with work to finish. */
    public static boolean applies(JobResult j) {
        return j.planned() && j.option() != null && j.offer().isSpot() && !j.job().isServing();
    }

    public static SpotRisk of(JobResult j, Horizon h) {
        Option o = j.option();
        double lambda = SpotMath.lambdaPerHour(j.offer().interruptionsPerDay(), o.instances());
        double loss = SpotMath.lossPerInterruption(j.job().checkpointHours(), j.job().restartHours());
        double mean = lambda * o.expectedHours();
        int deadlineEdge = h.slotEdgeAtOrBefore(h.hoursFromStart(j.job().deadline()));
        double available = (double) (deadlineEdge - j.startSlot()) * h.slotHours();
        int tolerated = available < o.computeHours() ? -1
                : loss == 0 ? Integer.MAX_VALUE : (int) Math.floor((available - o.computeHours()) / loss + 1e-9);
        double miss;
        if (tolerated < 0) {
            miss = 1;
        } else if (mean <= 0 || tolerated == Integer.MAX_VALUE) {
            miss = 0;
        } else {
            miss = 1 - poisson(mean).cumulativeProbability(tolerated);
        }
        return new SpotRisk(j, lambda, loss, mean, available, tolerated, Math.max(0, miss));
    }

    static PoissonDistribution poisson(double mean) {
        return new PoissonDistribution(null, mean, PoissonDistribution.DEFAULT_EPSILON,
                PoissonDistribution.DEFAULT_MAX_ITERATIONS);
    }
}
