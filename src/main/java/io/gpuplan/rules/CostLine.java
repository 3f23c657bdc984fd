package io.gpuplan.rules;

import java.time.YearMonth;
import java.util.Map;

/**
 * One rounded line item of plan cost (MODEL.md: lines are rounded half-up to the cent, totals are sums of lines).
 *
 * @param source      the job id, or the offer id for a reservation
 * @param provider    who bills it (the dataset's provider for transfer, the provider holding the copy for storage),
 *                    or null for migration work
 * @param purchase    on-demand / spot / reserved for compute and reservations, else null
 * @param accelerator the accelerator of the offer the line belongs to
 * @param byMonth     the cents spread over calendar months (sums to {@code cents})
 */
public record CostLine(Kind kind, String source, String offer, String provider, String purchase, String accelerator,
                       long cents, Map<YearMonth, Long> byMonth) {
    public enum Kind {
        COMPUTE, RESERVATION, TRANSFER, MIGRATION,
        /** R26: the dataset where it lives, billed by its provider. */
        STORAGE,
        /** R26: the copy at an offer elsewhere while the job runs, billed by the offer's provider. */
        STORAGE_COPY,
        /** R29: the expected idle part of a reserved pool's commitment past the horizon. */
        STRANDED;

        /** The category totals sum it under: both storage lines are "storage". */
        public String label() {
            if (this == STRANDED) {
                return "stranded-commitment";
            }
            return (this == STORAGE_COPY ? STORAGE : this).name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
