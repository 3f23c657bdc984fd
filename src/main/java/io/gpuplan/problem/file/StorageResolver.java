package io.gpuplan.problem.file;

import io.gpuplan.catalog.StoragePrice;
import io.gpuplan.problem.Limits;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Storage;
import io.gpuplan.problem.StorageTier;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * R26: the storage prices a problem charges, the problem's {@code storage.byProvider} over the catalog's dated USD
 * list prices (converted to the base currency at {@code exchangeRates.USD} when the base currency is not USD, and
 * not used at all when there is no such rate), and a check that every stored dataset has a price where it lives and
 * at every offer it could be copied to.
 */
final class StorageResolver {
    private StorageResolver() {
    }

    static Storage resolve(StorageFile f, List<JobFile> jobs, List<Offer> offers, String currency,
                           Map<String, Double> rates, ProblemResolver.Checks c) {
        StorageTier defaultTier = f != null ? StorageTier.HOT : null;
        boolean anyStored = jobs.stream().anyMatch(j -> j != null && j.dataset() != null
                && (j.dataset().tier() != null || defaultTier != null));
        if (f == null && !anyStored) {
            return Storage.NONE;
        }
        Map<String, Storage.Prices> prices = new LinkedHashMap<>();
        Double usdRate = currency.equals("USD") ? Double.valueOf(1.0) : rates.get("USD");
        if (usdRate != null) {
            for (StoragePrice p : StoragePrice.builtIn()) {
                double base = p.usdPerGbMonth() / usdRate;
                Storage.Prices old = prices.getOrDefault(p.key(), new Storage.Prices(null, null));
                prices.put(p.key(), p.tier() == StorageTier.HOT ? new Storage.Prices(base, old.cold()) : new Storage.Prices(old.hot(), base));
            }
        }
        if (f != null && f.byProvider() != null) {
            f.byProvider().forEach((key, stated) -> {
                String path = "storage.byProvider." + key;
                String[] parts = key.split("/", -1);
                if (parts.length > 2 || parts[0].isBlank() || parts.length == 2 && parts[1].isBlank()) {
                    c.error(path, "\"" + key + "\" is neither a provider nor provider/region", "e.g. aws or aws/us-east-1");
                    return;
                }
                if (stated == null) {
                    c.error(path, "states no price", "hot: and/or cold: per GB-month in " + currency);
                    return;
                }
                check(stated.hot(), path + ".hot", currency, c);
                check(stated.cold(), path + ".cold", currency, c);
                Storage.Prices old = prices.getOrDefault(key, new Storage.Prices(null, null));
                prices.put(key, new Storage.Prices(stated.hot() != null ? stated.hot() : old.hot(),
                        stated.cold() != null ? stated.cold() : old.cold()));
            });
        }
        Storage storage = new Storage(f != null, prices);
        checkCoverage(storage, jobs, offers, defaultTier, currency, usdRate == null, c);
        return storage;
    }

    private static void check(Double price, String path, String currency, ProblemResolver.Checks c) {
        if (price != null) {
            c.nonNegative(price, path);
            c.atMost(price, Limits.MAX_STORAGE_PER_GB_MONTH, path, "a price up to "
                    + ProblemResolver.Checks.limit(Limits.MAX_STORAGE_PER_GB_MONTH) + " " + currency + " per GB-month");
        }
    }

    /** Every stored dataset is priced where it lives and at every offer elsewhere (the copy kept while a job runs there). */
    private static void checkCoverage(Storage storage, List<JobFile> jobs, List<Offer> offers, StorageTier defaultTier,
                                      String currency, boolean noUsdRate, ProblemResolver.Checks c) {
        Set<String> reported = new HashSet<>();
        String why = noUsdRate ? " (the catalog's list prices are in USD, and exchangeRates has no USD rate)" : "";
        for (int i = 0; i < jobs.size(); i++) {
            JobFile j = jobs.get(i);
            if (j == null || j.dataset() == null || j.dataset().location() == null) {
                continue;
            }
            StorageTier tier = j.dataset().tier() != null ? j.dataset().tier() : defaultTier;
            String[] at = j.dataset().location().split("/", -1);
            if (tier == null || at.length != 2 || at[0].isBlank() || at[1].isBlank()) {
                continue;
            }
            String provider = at[0].trim();
            String region = at[1].trim();
            String t = tier.label();
            if (storage.pricePerGbMonth(tier, provider, region).isEmpty()) {
                c.error("jobs[" + i + "].dataset", "no " + t + " storage price for " + provider + "/" + region + why,
                        "storage.byProvider." + provider + "." + t + " (or " + provider + "/" + region + "." + t + "): a price per GB-month in " + currency);
            }
            for (int k = 0; k < offers.size(); k++) {
                Offer o = offers.get(k);
                if (o.location().equals(provider + "/" + region) || storage.pricePerGbMonth(tier, o.provider(), o.region()).isPresent()
                        || !reported.add(o.provider() + "/" + o.region() + "/" + t)) {
                    continue;
                }
                c.error("offers[" + k + "]", "no " + t + " storage price for " + o.location() + ", where offer " + o.id()
                                + " would keep a copy of jobs[" + i + "]'s dataset while it runs" + why,
                        "storage.byProvider." + o.provider() + "." + t + " (or " + o.location() + "." + t + "): a price per GB-month in " + currency);
            }
        }
    }
}
