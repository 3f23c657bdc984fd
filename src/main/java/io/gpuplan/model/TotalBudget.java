package io.gpuplan.model;

/** R22 total cap, in cents of the base currency. */
public record TotalBudget(long capCents) {
}
