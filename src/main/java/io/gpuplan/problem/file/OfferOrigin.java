package io.gpuplan.problem.file;

/** Where an offer's figures come from when it says {@code from:}; today only the bundled catalog. */
public enum OfferOrigin {
    CATALOG
}
