package io.gpuplan.problem;

import java.util.Map;

/** R22: an optional total cap and optional per-provider caps, in the base currency. */
public record Budget(Double total, Map<String, Double> byProvider) {
    public static final Budget NONE = new Budget(null, Map.of());

    public Budget {
        byProvider = Map.copyOf(byProvider);
    }

    public boolean isEmpty() {
        return total == null && byProvider.isEmpty();
    }
}
