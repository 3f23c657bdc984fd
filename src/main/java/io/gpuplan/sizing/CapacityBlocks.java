package io.gpuplan.sizing;

import io.gpuplan.problem.Offer;
import java.util.List;

/**
 * R30 capacity blocks: one block per job placed on a block offer, from the job's start, holding its billed GPUs for
 * the shortest allowed length that covers the slots it occupies; paid upfront at the block's rate per GPU-hour.
 */
public final class CapacityBlocks {
    /** No allowed length is long enough. */
    public static final int NONE = -1;

    private CapacityBlocks() {
    }

    /**
     * The shortest allowed length L (days, ascending list) with {@code L × 24 >= occupiedHours}, or {@link #NONE}.
     * Occupied hours are whole slots (R11's d × slotHours), so the comparison is exact.
     */
    public static int days(List<Integer> allowed, double occupiedHours) {
        for (int d : allowed) {
            if (d * 24.0 >= occupiedHours) {
                return d;
            }
        }
        return NONE;
    }

    /** Hours a block of {@code days} runs: days × 24, paid whether the job uses them all or not. */
    public static double hours(int days) {
        return days * 24.0;
    }

    /** R30: {@code billedGpus × L × 24 × price} in the offer's currency, converted to the base once (R5), in cents. */
    public static long cents(Offer offer, int billedGpus, int days) {
        return Money.baseCents(offer, billedGpus, hours(days));
    }

    /** The same amount in cents of the offer's own currency (what its provider bills). */
    public static long ownCents(Offer offer, int billedGpus, int days) {
        return Money.ownCents(offer, billedGpus, hours(days));
    }
}
