package io.gpuplan.catalog;

import java.time.LocalDate;

/**
 * One source of catalog prices (resource {@code sources.csv}) and the date its prices are as of.
 *
 * @param key        how rows name it: {@code owner/repo@short-commit}
 * @param asOf       the date of its prices; see {@code noLaterThan}
 * @param noLaterThan true when the source is undated and {@code asOf} is only the latest date its data can have
 * @param asOfBasis  what the date rests on
 */
public record CatalogSource(String key, LocalDate asOf, boolean noLaterThan, String asOfBasis, String what,
                            String license) {
    /** "2026-01-21", or "no later than 2026-11-29" for an undated source. */
    public String asOfText() {
        return (noLaterThan ? "no later than " : "") + asOf;
    }
}
