package io.gpuplan.sizing;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.OwnedTerms;

/**
 * R28: what owned GPUs cost in the horizon. Bought cards are charged depreciation and operations for every horizon
 * hour, used or not (two lines, each rounded); power only while a job runs on them (the option's line). The capital
 * outlay is not plan cost: the horizon carries its depreciation.
 */
public final class OwnedGpus {
    private OwnedGpus() {
    }

    /** First slot bought cards can run: horizon start + lead time, rounded up to a slot (as R16's lead time is). */
    public static int firstSlot(Offer offer, Horizon horizon) {
        return horizon.slotAtOrAfter(offer.owned().leadTimeWeeks() * 7 * 24);
    }

    /** {@code b × purchasePrice / depreciationMonths × H / 730}, in base cents. */
    public static long depreciationCents(Offer offer, int gpus, Horizon horizon) {
        return Money.productCents(gpus, horizon.hours(), offer.owned().depreciationPerGpuMonth() / Horizon.HOURS_PER_MONTH,
                offer.exchangeRate());
    }

    /** {@code b × operationsPerGpuMonth × H / 730}, in base cents. */
    public static long operationsCents(Offer offer, int gpus, Horizon horizon) {
        return Money.productCents(gpus, horizon.hours(), offer.owned().operationsPerGpuMonth() / Horizon.HOURS_PER_MONTH,
                offer.exchangeRate());
    }

    /** Depreciation and operations of {@code gpus} bought GPUs for the horizon: the pool's R28 cost. */
    public static long horizonCents(Offer offer, int gpus, Horizon horizon) {
        return depreciationCents(offer, gpus, horizon) + operationsCents(offer, gpus, horizon);
    }

    /** {@code billedGpus × W × powerKw × pue × electricityPricePerKwh}, in base cents. */
    static long powerCents(Offer offer, int billedGpus, double hours) {
        return Money.productCents(billedGpus, hours, offer.owned().powerPerGpuHour(), offer.exchangeRate());
    }

    /** {@link #depreciationCents} in the offer's own currency (R5: priced there, converted once). */
    public static long depreciationOwnCents(Offer offer, int gpus, Horizon horizon) {
        return Money.productCents(gpus, horizon.hours(), offer.owned().depreciationPerGpuMonth() / Horizon.HOURS_PER_MONTH, 1.0);
    }

    /** {@link #operationsCents} in the offer's own currency. */
    public static long operationsOwnCents(Offer offer, int gpus, Horizon horizon) {
        return Money.productCents(gpus, horizon.hours(), offer.owned().operationsPerGpuMonth() / Horizon.HOURS_PER_MONTH, 1.0);
    }

    /** {@link #powerCents} in the offer's own currency. */
    public static long powerOwnCents(Offer offer, int billedGpus, double hours) {
        return Money.productCents(billedGpus, hours, offer.owned().powerPerGpuHour(), 1.0);
    }

    /** The capital outlay {@code b × purchasePrice}, in base cents: a one-time purchase, not plan cost. */
    public static long outlayCents(Offer offer, int gpus) {
        return Money.productCents(gpus, 1, offer.owned().purchasePrice(), offer.exchangeRate());
    }

    /** {@link #outlayCents} in the offer's own currency (what the seller bills). */
    public static long outlayOwnCents(Offer offer, int gpus) {
        return Money.productCents(gpus, 1, offer.owned().purchasePrice(), 1.0);
    }
}
