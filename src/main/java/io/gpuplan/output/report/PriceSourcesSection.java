package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument.PriceRef;
import io.gpuplan.problem.Plural;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Price provenance: each offer's price with where it comes from (catalog row and data file, or the problem file), the
 * date it is as of, the catalog's anomaly flags and what was assumed. Read from the plan's {@code prices} section.
 */
final class PriceSourcesSection {
    private PriceSourcesSection() {
    }

    static Section build(ReportInput in) {
        List<PriceRef> prices = in.plan().prices() == null ? List.of() : in.plan().prices();
        var s = Section.builder("price-sources", "Price sources");
        long catalog = prices.stream().filter(p -> "catalog".equals(p.origin())).count();
        long used = prices.stream().filter(PriceRef::used).count();
        s.paragraph(prices.isEmpty() ? "The plan records no price sources (it was written before gpuplan recorded them)."
                : Plural.count(prices.size(), "offer", "offers") + ", " + used + " used by the plan; " + catalog
                + " priced from gpuplan's bundled catalog, " + (prices.size() - catalog) + " from the problem file."
                + asOfRange(prices));
        var t = Table.builder("Where each price comes from", "price-source").text("offer", "used", "purchase")
                .num("price per GPU-hour").prose("source").text("as of").prose("derivation, flags and assumptions")
                .empty("None recorded.");
        for (PriceRef p : prices) {
            t.row(Table.data("offer", p.offer(), "origin", p.origin()), p.offer(), p.used() ? "yes" : "no", p.purchase(),
                    Fmt.exact(p.pricePerGpuHour()) + " " + p.currency(), source(p),
                    p.asOf() == null ? "—" : p.asOfNote() != null && p.asOfNote().startsWith("no later than")
                            ? "≤ " + p.asOf() : p.asOf(), details(p));
        }
        s.table(t.build());
        if (prices.stream().anyMatch(p -> p.flags() != null)) {
            s.note("Flags mark known anomalies of the catalog data, kept as read rather than corrected (SOURCES.md §5):"
                    + " check a flagged price before relying on it.");
        }
        if (prices.stream().anyMatch(p -> p.asOfNote() != null && p.asOfNote().startsWith("no later than"))) {
            s.note("≤ date: the source is undated (SOURCES.md records its commit, not the commit's date); the date is the"
                    + " latest its prices can be from.");
        }
        return s.build();
    }

    private static String source(PriceRef p) {
        if (p.catalogRow() == null) {
            return p.origin();
        }
        return p.origin() + ": " + p.catalogRow() + (p.reference() == null ? "" : "\n" + p.reference());
    }

    private static String details(PriceRef p) {
        List<String> lines = new ArrayList<>();
        if (p.derivation() != null) {
            lines.add(p.derivation());
        }
        if (p.flags() != null) {
            lines.add("flags: " + String.join(", ", p.flags()));
        }
        if (p.assumed() != null) {
            p.assumed().forEach(a -> lines.add("assumed: " + a));
        }
        return lines.isEmpty() ? "as written in the problem" : String.join("\n", lines);
    }

    /** " Catalog prices are as of 2026-01-21 to 2026-11-29." */
    private static String asOfRange(List<PriceRef> prices) {
        TreeMap<String, Boolean> dates = new TreeMap<>();
        prices.stream().filter(p -> p.asOf() != null).forEach(p -> dates.put(p.asOf(), true));
        if (dates.isEmpty()) {
            return "";
        }
        return " Catalog prices are as of " + (dates.size() == 1 ? dates.firstKey() : dates.firstKey() + " to " + dates.lastKey()) + ".";
    }
}
