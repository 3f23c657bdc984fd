package io.gpuplan.model;

/** R22 cap on what one provider bills, in cents of the base currency. */
public record ProviderBudget(String provider, long capCents) {
}
