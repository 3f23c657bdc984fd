package io.gpuplan.model;

/** R27: at most this many providers opened by a plan. */
public record ProviderLimit(int maxProviders) {
}
