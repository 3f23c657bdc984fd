package io.gpuplan.catalog;

/**
 * A typical reservation discount against on-demand for a provider and term (resource {@code discounts.csv},
 * SOURCES.md §6).
 *
 * @param discount a fraction: 0.37 means the reserved price is 63 % of on-demand
 */
public record TypicalDiscount(String provider, int termMonths, double discount, String source) {
}
