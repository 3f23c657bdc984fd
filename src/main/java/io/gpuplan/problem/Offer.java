package io.gpuplan.problem;

/**
 * One purchasable supply of one accelerator (R4), with its price already converted to the base currency (R5).
 * Two offers are equal when their ids are: ids are unique within a problem, and identity by id keeps hashing cheap
 * where the solver groups by offer.
 *
 * @param price       per GPU-hour in {@code currency}, as written
 * @param priceInBase per GPU-hour in the problem's base currency
 * @param exchangeRate units of {@code currency} per 1 base unit (R5); 1 for the base currency
 * @param maxGpus     concurrent GPUs available, {@link #UNLIMITED} when the problem gives no cap
 * @param priceSource where the price comes from (the catalog or the problem file) and what was assumed
 * @param owned       an owned offer's terms (R28), else null; its {@code price} is {@link OwnedTerms#perGpuHour}
 * @param expectedUse R29, reserved offers: the use after the horizon the problem states (the offer's, else the
 *                    problem's for all), or null: the pool's utilization within the horizon
 * @param blockDays   R30, block offers: the block lengths in days one may buy, ascending without repeats (else empty)
 * @param carried     R31.1: the previous plan's reservation this derived offer carries (price 0), else null
 * @param committedGpus R32.8, reserved and owned offers: GPUs already committed (the plan buys exactly these), else
 *                    null (the plan buys the peak its jobs use, R18/R28)
 */
public record Offer(String id, String provider, String region, String jurisdiction, Accelerator accelerator,
                    PurchaseModel purchase, double price, String currency, double priceInBase, double exchangeRate,
                    int gpusPerInstance, int maxGpus, double crossNodeEfficiency, double interruptionsPerDay,
                    int termMonths, PriceSource priceSource, OwnedTerms owned, ExpectedUse expectedUse,
                    java.util.List<Integer> blockDays, Carried carried, Integer committedGpus) {
    public static final int UNLIMITED = Integer.MAX_VALUE;

    /** An offer whose level the plan chooses (no fixed commitment, R32.8). */
    public Offer(String id, String provider, String region, String jurisdiction, Accelerator accelerator,
                 PurchaseModel purchase, double price, String currency, double priceInBase, double exchangeRate,
                 int gpusPerInstance, int maxGpus, double crossNodeEfficiency, double interruptionsPerDay,
                 int termMonths, PriceSource priceSource, OwnedTerms owned, ExpectedUse expectedUse,
                 java.util.List<Integer> blockDays, Carried carried) {
        this(id, provider, region, jurisdiction, accelerator, purchase, price, currency, priceInBase, exchangeRate,
                gpusPerInstance, maxGpus, crossNodeEfficiency, interruptionsPerDay, termMonths, priceSource, owned,
                expectedUse, blockDays, carried, null);
    }

    /** R32.8: a committed offer whose GPUs are fixed before the horizon (the plan buys exactly {@code committedGpus}). */
    public boolean isFixed() {
        return committedGpus != null;
    }

    /** An offer that is not a capacity block (R30) and carries nothing from a previous plan (R31). */
    public Offer(String id, String provider, String region, String jurisdiction, Accelerator accelerator,
                 PurchaseModel purchase, double price, String currency, double priceInBase, double exchangeRate,
                 int gpusPerInstance, int maxGpus, double crossNodeEfficiency, double interruptionsPerDay,
                 int termMonths, PriceSource priceSource, OwnedTerms owned, ExpectedUse expectedUse) {
        this(id, provider, region, jurisdiction, accelerator, purchase, price, currency, priceInBase, exchangeRate,
                gpusPerInstance, maxGpus, crossNodeEfficiency, interruptionsPerDay, termMonths, priceSource, owned,
                expectedUse, java.util.List.of(), null);
    }

    /**
     * GPUs in use are limited slot by slot: by a cap (R21) or by what a committed pool buys (R18, R28). Only on such an
     * offer do jobs compete for GPUs, so only there is each slot's use tracked (relaxations, exact model, moves).
     */
    public boolean limitsGpusInUse() {
        return isCapped() || isCommitted();
    }

    /** R21: the most GPUs one slot may use, {@code committedGpus} being what the plan buys of a committed pool. */
    public int gpuLimit(int committedGpus) {
        return isCommitted() ? committedGpus : maxGpus;
    }

    /** R31.1: a reservation bought by the previous plan, carried into this horizon at no new cost. */
    public boolean isCarried() {
        return carried != null;
    }

    public boolean isCapped() {
        return maxGpus != UNLIMITED;
    }

    public boolean isReserved() {
        return purchase == PurchaseModel.RESERVED;
    }

    public boolean isOwned() {
        return purchase == PurchaseModel.OWNED;
    }

    /**
     * A pool the plan buys GPUs of for the whole horizon, paid whether used or not: reserved (R18) or owned (R28). The
     * plan buys the peak its jobs use at once; capacity is what it buys (R21).
     */
    public boolean isCommitted() {
        return isReserved() || isOwned();
    }

    /** Power per GPU-hour in use in the base currency (R28), 0 for offers that are not owned. */
    public double powerPerGpuHourInBase() {
        return owned == null ? 0 : owned.powerPerGpuHour() / exchangeRate;
    }

    /** R30: a capacity block offer (GPUs for a run of whole days, paid upfront). */
    public boolean isBlock() {
        return purchase == PurchaseModel.BLOCK;
    }

    /** R30: the longest block the offer sells, in days (its lengths are sorted, ascending); 0 on other offers. */
    public int longestBlockDays() {
        return blockDays == null || blockDays.isEmpty() ? 0 : blockDays.get(blockDays.size() - 1);
    }

    public boolean isSpot() {
        return purchase == PurchaseModel.SPOT;
    }

    public String location() {
        return provider + "/" + region;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Offer other && id.equals(other.id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return id;
    }
}
