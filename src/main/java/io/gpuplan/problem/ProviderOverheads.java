package io.gpuplan.problem;

import java.util.Map;
import java.util.TreeMap;

/**
 * R27 as a problem states it: the overhead of each provider named under {@code providers}, and at most how many
 * providers a plan may open ({@code maxProviders}, null: no limit).
 */
public record ProviderOverheads(Map<String, ProviderOverhead> byProvider, Integer maxProviders) {
    public static final ProviderOverheads NONE = new ProviderOverheads(Map.of(), null);

    public ProviderOverheads {
        byProvider = java.util.Collections.unmodifiableMap(new TreeMap<>(byProvider));
    }

    /** Whether the problem states any R27 overhead or limit (else R27 changes nothing). */
    public boolean stated() {
        return !byProvider.isEmpty() || maxProviders != null;
    }

    /** Whether any provider carries a cost for being opened. */
    public boolean costly() {
        return byProvider.values().stream().anyMatch(o -> o.fixedCost() > 0 || o.supportRate() > 0 || o.supportMinimumMonthly() > 0);
    }
}
