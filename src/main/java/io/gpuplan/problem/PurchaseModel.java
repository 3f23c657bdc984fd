package io.gpuplan.problem;

/** How an offer is bought (R4). */
public enum PurchaseModel {
    ON_DEMAND, SPOT, RESERVED;

    /** The name as written in problem and plan files. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
