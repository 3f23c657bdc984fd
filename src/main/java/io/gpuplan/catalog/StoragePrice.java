package io.gpuplan.catalog;

import io.gpuplan.problem.StorageTier;
import java.time.LocalDate;
import java.util.List;

/**
 * A default R26 storage list price (resource {@code storage_prices.csv}): USD per GB-month for one provider (and
 * region, or every region when blank) and tier, with the product it is the price of, when and where it was read, and
 * whether it could be confirmed there.
 */
public record StoragePrice(String provider, String region, StorageTier tier, double usdPerGbMonth, String product,
                           LocalDate asOf, String source, boolean uncertain) {
    private static final List<StoragePrice> BUILT_IN = load();

    public static List<StoragePrice> builtIn() {
        return BUILT_IN;
    }

    /** {@code provider} or {@code provider/region}: the key a problem's {@code storage.byProvider} uses. */
    public String key() {
        return region.isBlank() ? provider : provider + "/" + region;
    }

    private static List<StoragePrice> load() {
        return Csv.read("storage_prices.csv").stream().map(f -> new StoragePrice(f.get(0), f.get(1),
                StorageTier.valueOf(f.get(2).toUpperCase(java.util.Locale.ROOT)), Double.parseDouble(f.get(3)), f.get(4),
                LocalDate.parse(f.get(5)), f.get(6), f.get(7).equals("UNCERTAIN"))).toList();
    }
}
