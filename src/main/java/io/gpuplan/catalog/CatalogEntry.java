package io.gpuplan.catalog;

import io.gpuplan.problem.PurchaseModel;

/**
 * One priced line of a catalog listing: a row under one purchase model. Reserved lines are derived from on-demand
 * with a discount, which {@code derivation} states.
 */
public record CatalogEntry(CatalogRow row, PurchaseModel purchase, double perInstanceHour, CatalogSource source,
                           String derivation) {
    public double perGpuHour() {
        return perInstanceHour / row.gpusPerInstance();
    }
}
