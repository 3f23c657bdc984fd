package io.gpuplan.problem;

import java.util.Map;

/** R19 transfer rates per GB in the base currency, with per-provider overrides (the dataset's provider bills). */
public record Transfer(double crossRegionPerGb, double crossProviderPerGb, Map<String, Rates> byProvider) {
    public static final double DEFAULT_CROSS_REGION = 0.02;
    public static final double DEFAULT_CROSS_PROVIDER = 0.09;
    public static final Transfer DEFAULT = new Transfer(DEFAULT_CROSS_REGION, DEFAULT_CROSS_PROVIDER, Map.of());

    public Transfer {
        byProvider = Map.copyOf(byProvider);
    }

    public record Rates(double crossRegionPerGb, double crossProviderPerGb) {
    }

    /** Rates charged by {@code provider} for data leaving it. */
    public Rates ratesOf(String provider) {
        return byProvider.getOrDefault(provider, new Rates(crossRegionPerGb, crossProviderPerGb));
    }
}
