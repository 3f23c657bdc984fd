package io.gpuplan.problem;

import java.util.Map;
import java.util.OptionalDouble;

/**
 * R26 storage prices per GB-month in the base currency, keyed by {@code provider} or {@code provider/region} (the
 * region key wins): the problem's {@code storage.byProvider} over the catalog's dated list prices.
 *
 * @param section whether the problem has a {@code storage:} section (then every dataset is charged, hot by default)
 */
public record Storage(boolean section, Map<String, Prices> byLocation) {
    /** A problem without {@code storage:}: only datasets that state a tier are charged, at the catalog's prices. */
    public static final Storage NONE = new Storage(false, Map.of());

    /** Per GB-month; null where no price is known for that tier. */
    public record Prices(Double hot, Double cold) {
        public Double of(StorageTier tier) {
            return tier == StorageTier.HOT ? hot : cold;
        }
    }

    public Storage {
        byLocation = Map.copyOf(byLocation);
    }

    /** The price of a GB-month of {@code tier} at {@code provider/region}: the region's key, else the provider's. */
    public OptionalDouble pricePerGbMonth(StorageTier tier, String provider, String region) {
        Prices regional = byLocation.get(provider + "/" + region);
        if (regional != null && regional.of(tier) != null) {
            return OptionalDouble.of(regional.of(tier));
        }
        Prices general = byLocation.get(provider);
        return general != null && general.of(tier) != null ? OptionalDouble.of(general.of(tier)) : OptionalDouble.empty();
    }
}
