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
 * @param expectedUse      R29's u: stated, or the utilization within the horizon
 * @param expectedUseBy    where u comes from: "offer", "reservations" or "default"
 * @param strandedCents    R29, the expected idle part of the commitment past the horizon
 */
public record ReservationResult(Offer offer, int gpus, int peakGpus, double usedGpuHours, double boughtGpuHours,
                                long horizonCents, double hoursPastHorizon, long pastHorizonCents,
                                double expectedUse, String expectedUseBy, long strandedCents) {
    public static final String DEFAULT_USE = "default";

    public double utilization() {
        return boughtGpuHours == 0 ? 0 : usedGpuHours / boughtGpuHours;
    }
}
