package io.gpuplan.rules;

import java.time.YearMonth;
import java.util.Map;

/**
 * One rounded line item of plan cost (MODEL.md: lines are rounded half-up to the cent, totals are sums of lines).
 *
 * @param source      the job id, or the offer id for a reservation or an owned pool's depreciation and operations (R28)
 * @param provider    who bills it (the dataset's provider for transfer), or null for migration work
 * @param purchase    on-demand / spot / reserved / owned for compute, reservations and owned GPUs, else null
 * @param accelerator the accelerator of the offer the line belongs to
 * @param byMonth     the cents spread over calendar months (sums to {@code cents})
 */
public record CostLine(Kind kind, String source, String offer, String provider, String purchase, String accelerator,
                       long cents, Map<YearMonth, Long> byMonth) {
    public enum Kind {
        COMPUTE, RESERVATION, TRANSFER, MIGRATION, DEPRECIATION, OPERATIONS, POWER;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
