package io.gpuplan.problem.file;

import io.gpuplan.catalog.InterruptionBand;
import io.gpuplan.problem.PurchaseModel;
import io.gpuplan.problem.yaml.Doc;
import io.gpuplan.problem.yaml.Required;

/**
 * One offer as written. With {@code from: catalog} the offer names a catalog row by provider, region and
 * {@code instanceType}, and takes its accelerator (with the row's memory per GPU), GPUs per instance and price from
 * it; any of those the offer states itself overrides the catalog's. A reserved offer from the catalog is derived from
 * on-demand at {@code discount}; a spot offer may give {@code interruptionBand} instead of
 * {@code interruptionsPerDay}; {@code priceFactor} multiplies the price (what an overlay's {@code scale: prices}
 * writes on a catalog offer that states no price). An owned offer (R28) states what its cards cost instead of a
 * price: {@code purchasePrice}, {@code depreciationMonths}, {@code powerKw}, {@code electricityPricePerKwh}, {@code pue},
 * {@code operationsPerGpuMonth} and {@code leadTimeWeeks}. A capacity block offer (R30) states its hourly rate as
 * {@code price} and the block lengths one may buy as {@code blockDays}.
 */
public record OfferFile(@Required String id, @Required String provider, @Required String region,
                        @Required String jurisdiction, @Required(unless = "from") String accelerator,
                        @Required PurchaseModel purchase, @Required(unless = {"from", "purchase=owned"}) Double price,
                        String currency, Integer gpusPerInstance, Integer maxGpus, Double crossNodeEfficiency,
                        Double interruptionsPerDay, Integer termMonths, OfferOrigin from,
                        @Required(when = "from") String instanceType, Discount discount,
                        InterruptionBand interruptionBand, Double priceFactor,
                        @Doc("owned offers (R28, required): price of one GPU in the offer's currency, paid once")
                        Double purchasePrice,
                        @Doc("owned offers (R28): straight-line write-off in months, default 36") Integer depreciationMonths,
                        @Doc("owned offers (R28, required): kW one GPU draws while a job runs on it") Double powerKw,
                        @Doc("owned offers (R28, required): price of a kWh in the offer's currency")
                        Double electricityPricePerKwh,
                        @Doc("owned offers (R28): facility power / IT power, 1 to 5, default 1.58") Double pue,
                        @Doc("owned offers (R28): staff, space, maintenance per GPU bought and month, default 0")
                        Double operationsPerGpuMonth,
                        @Doc("owned offers (R28): weeks from the horizon start before bought cards run, default 0")
                        Double leadTimeWeeks,
                        @io.gpuplan.problem.yaml.Doc("R29, reserved offers: fraction 0..1 of the pool expected in use"
                                + " after the horizon; default reservations.expectedUseAfterHorizon, else the pool's"
                                + " utilization within the horizon") Double expectedUseAfterHorizon,
                        @Required(when = "purchase=block")
                        @Doc("block offers (R30, required): the block lengths in whole days one may buy, e.g. [1, 2, 3, 7, 14]")
                        java.util.List<Integer> blockDays,
                        @Doc("R32: uncertain price factor {p10, p90} for gpuplan sweep; plain solves ignore it") RangeFile priceRange,
                        @Doc("R32, spot offers: uncertain interruptions per day {p10, p90} for gpuplan sweep") RangeFile interruptionsPerDayRange,
                        @Doc("R32.8, reserved and owned offers: GPUs already committed before the horizon (a multiple of"
                                + " gpusPerInstance, at most maxGpus); the plan buys exactly these, paid whether used or not."
                                + " What a sweep's scenario file states for its commitment") Integer committedGpus) {
}
