package io.gpuplan.rules;

import io.gpuplan.problem.Offer;

/**
 * An owned offer as a plan has it (R28).
 *
 * @param gpus              GPUs bought
 * @param peakGpus          the most GPUs its jobs use at once
 * @param usedGpuHours      GPU-hours of slots occupied by its jobs
 * @param boughtGpuHours    GPUs bought × horizon hours
 * @param outlayCents       capital outlay, GPUs × purchasePrice: a one-time purchase, not plan cost
 * @param depreciationCents horizon depreciation, GPUs × purchasePrice / depreciationMonths × H / 730
 * @param operationsCents   horizon operations, GPUs × operationsPerGpuMonth × H / 730
 * @param powerCents        the power lines of its jobs, summed
 * @param firstSlot         first slot the cards can run (horizon start + lead time, rounded up to a slot)
 */
public record OwnedResult(Offer offer, int gpus, int peakGpus, double usedGpuHours, double boughtGpuHours,
                          long outlayCents, long depreciationCents, long operationsCents, long powerCents, int firstSlot) {
    public double utilization() {
        return boughtGpuHours == 0 ? 0 : usedGpuHours / boughtGpuHours;
    }

    /** What the pool costs in the horizon: depreciation, operations and power. */
    public long horizonCents() {
        return depreciationCents + operationsCents + powerCents;
    }
}
