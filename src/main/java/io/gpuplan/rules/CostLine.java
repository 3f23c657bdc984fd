package io.gpuplan.rules;

import java.time.YearMonth;
import java.util.Map;

/**
 * One rounded line item of plan cost (MODEL.md: lines are rounded half-up to the cent, totals are sums of lines).
 *
 * @param source      the job id, the offer id for a reservation or an owned pool's depreciation and operations (R28),
 *                    the provider for its R27 overhead
 * @param provider    who bills it (the dataset's provider for transfer, the provider holding the copy for storage),
 *                    or null for migration work and an R27 fixed cost (the team's own work: {@code internal})
 * @param purchase    on-demand / spot / reserved / owned / block for compute, reservations, owned GPUs and capacity
 *                    blocks, else null
 * @param accelerator the accelerator of the offer the line belongs to (null for R27 overhead)
 * @param byMonth     the cents spread over calendar months (sums to {@code cents})
 */
public record CostLine(Kind kind, String source, String offer, String provider, String purchase, String accelerator,
                       long cents, Map<YearMonth, Long> byMonth) {
    public enum Kind {
        COMPUTE, RESERVATION, TRANSFER, MIGRATION, DEPRECIATION, OPERATIONS, POWER,
        /** R27: once per opened provider. */
        PROVIDER_FIXED,
        /** R27: the opened provider's support plan. */
        SUPPORT,
        /** R26: the dataset where it lives, billed by its provider. */
        STORAGE,
        /** R26: the copy at an offer elsewhere while the job runs, billed by the offer's provider. */
        STORAGE_COPY,
        /** R29: the expected idle part of a reserved pool's commitment past the horizon. */
        STRANDED,
        /** R30: a job's capacity block, paid upfront in the month it starts. */
        BLOCK,
        /** R31.2: moving a job still running from the previous plan, billed by no provider (internal). */
        CHURN;

        /** The category totals sum it under: both storage lines are "storage". */
        public String label() {
            if (this == STRANDED) {
                return "stranded-commitment";
            }
            return (this == STORAGE_COPY ? STORAGE : this).name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        /** R27's lines: no accelerator, no purchase model. */
        public boolean overhead() {
            return this == PROVIDER_FIXED || this == SUPPORT;
        }
    }
}
