package io.gpuplan.model;

/** R27 cost lines of one opened provider, in cents: its fixed cost and its support. */
public record ProviderOverheadCost(String provider, long fixedCents, long supportCents) {
}
