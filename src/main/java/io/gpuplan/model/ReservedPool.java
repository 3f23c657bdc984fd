package io.gpuplan.model;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.sizing.CommittedPools;
import io.gpuplan.sizing.Reservations;

/**
 * A reserved offer with its R18 cost per reservation level. The plan buys exactly the peak number of GPUs its jobs
 * use at once on the offer: buying more only costs, buying less breaks R21. So the buy decision follows from the
 * placements, and the solver never has to raise a reservation before it can move jobs onto it.
 */
public record ReservedPool(Offer offer, Horizon horizon) {
    /** What the plan buys for a peak use: the peak, but never more than the offer has (R18: r <= maxGpus). */
    public int bought(int peakGpus) {
        return Math.min(peakGpus, offer.maxGpus());
    }

    /** R18 cost of reserving {@code gpus} GPUs for the horizon, in cents. */
    public long cents(int gpus) {
        return CommittedPools.horizonCents(offer, gpus, horizon);
    }

    /** R29: the expected idle part of {@code gpus} reserved GPUs' commitment past the horizon, in cents. */
    public long strandedCents(int gpus, long usedGpuSlots) {
        return Reservations.strandedCents(offer, gpus, usedGpuSlots, horizon);
    }
}
