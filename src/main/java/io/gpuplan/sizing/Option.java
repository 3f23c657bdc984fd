package io.gpuplan.sizing;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import java.util.ArrayList;
import java.util.List;

/**
 * One job on one offer at one GPU count, with everything that does not change while solving (R6–R11, R16–R19).
 * Equal by (job, offer, gpus): enough to tell options of one problem apart, and cheap to hash.
 *
 * @param gpus            GPUs asked (for serving: replicas × gpusPerReplica)
 * @param gpusPerReplica  serving only, else 0
 * @param memoryPerGpuGb  R7 need divided over the GPUs (per replica for serving)
 * @param memoryLimitGb   R8 limit per GPU: accelerator memory × headroom
 * @param computeHours    T (R9), hours of compute without interruptions
 * @param expectedHours   W (R10), expected wall time; cost uses it
 * @param confidenceHours Wq (R10), wall time at the job's deadline confidence; occupancy uses it
 * @param interruptionsAtConfidence k (R10)
 * @param durationSlots   d (R11)
 * @param earliestStart   first slot it may start (earliest, plus migration lead time)
 * @param latestStart     last slot it may start and still end by its deadline
 * @param listCents       billed GPUs × W × price on any purchase model: R17 for on-demand and spot, and what R24
 *                        charges for a reserved or owned option (an owned offer's price is its hourly share of
 *                        depreciation and operations, R28)
 * @param computeCents    R17 (0 on reserved and owned offers: the pool pays, R18/R28)
 * @param transferCents   R19
 * @param storageOriginCents      R26, the dataset kept where it lives while the job runs (billed by its provider)
 * @param storageDestinationCents R26, the copy kept at the offer while the job runs, when the offer is elsewhere
 *                                (billed by the offer's provider)
 * @param migrationCents  R16
 * @param powerCents      R28 power of an owned option, billed GPUs × W × powerKw × pue × electricityPricePerKwh (else 0)
 * @param blockDays       R30, on a capacity block offer: the block's length L in days (else 0)
 * @param blockCents      R30: billed GPUs × L × 24 × price, paid upfront (else 0); the option's {@code listCents} too
 * @param churnCents      R31.2: moving a job still running from the previous plan (0 when it stays, or is new)
 * @param dataProvider    who bills R19's transfer: the dataset's provider, or for a continuing job the provider of
 *                        its previous offer (its data was copied there); null without a dataset
 */
public record Option(Job job, Offer offer, int gpus, int gpusPerReplica, int instances, int billedGpus,
                     double efficiency, double perf, boolean migrated, double memoryPerGpuGb,
                     double memoryLimitGb, double computeHours, double expectedHours,
                     double confidenceHours, int interruptionsAtConfidence, int durationSlots, int earliestStart,
                     int latestStart, long listCents, long computeCents, long transferCents, long storageOriginCents,
                     long storageDestinationCents, long migrationCents, long powerCents, int blockDays, long blockCents,
                     long churnCents, String dataProvider) {

    public long totalCents() {
        return computeCents + transferCents + storageCents() + migrationCents + powerCents + blockCents + churnCents;
    }

    /** R26: both copies of the job's dataset. */
    public long storageCents() {
        return storageOriginCents + storageDestinationCents;
    }

    /** R8 holds: {@code M / g <= memoryGb × headroom} (with the same tolerance as {@link Memory#fits}). */
    public boolean memoryFits() {
        return memoryPerGpuGb <= memoryLimitGb + 1e-9;
    }

    /** Whether the option can start somewhere in its window and end by the deadline (R2). */
    public boolean fitsWindow() {
        return earliestStart <= latestStart;
    }

    public int endSlot(int start) {
        return start + durationSlots;
    }

    /** R24: the option's cost with a pooled option charged at its price for its own hours (capacity ignored). */
    public long boundCents() {
        return listCents + transferCents + storageCents() + migrationCents + powerCents + churnCents;
    }

    /**
     * What each provider bills for this job (R22): compute (or owned power, or the block) and the destination copy (R26) to the
     * offer's provider, egress and the origin copy to the dataset's.
     */
    public List<ProviderCharge> providerCharges() {
        List<ProviderCharge> out = new ArrayList<>(4);
        // At most one of them is not 0: power only on owned offers, a block only on block offers (R30), compute elsewhere.
        if (computeCents + powerCents + blockCents != 0) {
            out.add(new ProviderCharge(offer.provider(), computeCents + powerCents + blockCents));
        }
        if (transferCents != 0) {
            out.add(new ProviderCharge(dataProvider, transferCents));
        }
        if (storageOriginCents != 0) {
            out.add(new ProviderCharge(job.dataset().provider(), storageOriginCents));
        }
        if (storageDestinationCents != 0) {
            out.add(new ProviderCharge(offer.provider(), storageDestinationCents));
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Option other && gpus == other.gpus && job.equals(other.job) && offer.equals(other.offer);
    }

    @Override
    public int hashCode() {
        return (job.hashCode() * 31 + offer.hashCode()) * 31 + gpus;
    }

    @Override
    public String toString() {
        return job.id() + "@" + offer.id() + "x" + gpus;
    }
}
