package io.gpuplan.rules;

import io.gpuplan.problem.Offer;

/**
 * A reserved offer as a plan has it (R18).
 *
 * @param gpus           GPUs bought for the whole horizon
 * @param peakGpus       the most GPUs its jobs use at once
 * @param usedGpuHours   GPU-hours of slots occupied by its jobs
 * @param horizonCents   cost in the horizon
 * @param pastHorizonCents the commitment that runs past the horizon (term months)
 */
public record ReservationResult(Offer offer, int gpus, int peakGpus, double usedGpuHours, double boughtGpuHours,
                                long horizonCents, double hoursPastHorizon, long pastHorizonCents) {
    public double utilization() {
        return boughtGpuHours == 0 ? 0 : usedGpuHours / boughtGpuHours;
    }
}
