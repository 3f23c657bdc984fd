package io.gpuplan.problem;

import java.time.LocalDate;
import java.util.List;

/**
 * Where an offer's price comes from, and what was assumed to get it (price provenance): the plan records it for
 * every offer, the report lists it.
 *
 * @param origin     "catalog" or "problem file"
 * @param catalogRow the catalog row, e.g. "aws us-east-1 p4d.24xlarge"; null for a price from the problem file
 * @param reference  the data file the catalog read the price from, as SOURCES.md names it
 * @param asOf       the date the price is as of; null when the problem file states the price
 * @param asOfText   the date as the report shows it ("no later than ..." for an undated source) and what it rests on
 * @param derivation how the price per GPU-hour follows from what the source states
 * @param flags      the catalog's anomaly flags for this row and purchase model (kept, not corrected)
 * @param assumed    what gpuplan or the problem assumed: a reservation discount, an interruption band, an override
 */
public record PriceSource(String origin, String catalogRow, String reference, LocalDate asOf, String asOfText,
                          String derivation, List<String> flags, List<String> assumed) {
    public static final String CATALOG = "catalog";
    public static final String PROBLEM_FILE = "problem file";

    public PriceSource {
        flags = List.copyOf(flags);
        assumed = List.copyOf(assumed);
    }

    public PriceSource withAssumed(List<String> all) {
        return new PriceSource(origin, catalogRow, reference, asOf, asOfText, derivation, flags, all);
    }

    public static PriceSource problemFile(List<String> assumed) {
        return new PriceSource(PROBLEM_FILE, null, null, null, null, null, List.of(), assumed);
    }
}
