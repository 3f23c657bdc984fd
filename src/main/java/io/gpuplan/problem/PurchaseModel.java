package io.gpuplan.problem;

/** How an offer is bought (R4); owned cards are bought outright (R28); capacity blocks for a run of days (R30). */
public enum PurchaseModel {
    ON_DEMAND, SPOT, RESERVED, OWNED, BLOCK;

    /** The name as written in problem and plan files. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
