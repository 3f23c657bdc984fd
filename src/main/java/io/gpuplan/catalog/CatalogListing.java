package io.gpuplan.catalog;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Writes catalog lines as an aligned text table (with a legend of dates and flags) or as CSV (RFC 4180, CRLF). */
public final class CatalogListing {
    private static final List<String> HEADER = List.of("provider", "region", "instance type", "accelerator", "GPUs",
            "GB/GPU", "purchase", "USD/h", "USD/GPU-h", "as of", "flags");

    private CatalogListing() {
    }

    public static String table(List<CatalogEntry> entries) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (CatalogEntry e : entries) {
            CatalogRow r = e.row();
            rows.add(List.of(r.provider(), r.region().isBlank() ? "-" : r.region(), r.instanceType(), r.accelerator(),
                    Integer.toString(r.gpusPerInstance()), plain(r.gpuMemoryGb()), e.purchase().label()
                            + (e.derivation().isEmpty() ? "" : "*"), plain(e.perInstanceHour()), price(e.perGpuHour()),
                    (e.source().noLaterThan() ? "<=" : "") + e.source().asOf(), flagCodes(e)));
        }
        int[] width = new int[HEADER.size()];
        rows.forEach(row -> {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        });
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                boolean number = i == 4 || i == 5 || i == 7 || i == 8;
                String cell = row.get(i);
                String pad = " ".repeat(width[i] - cell.length());
                line.append(number ? pad + cell : cell + pad).append(i + 1 < row.size() ? "  " : "");
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        out.append(legend(entries));
        return out.toString();
    }

    public static String csv(List<CatalogEntry> entries) {
        StringBuilder out = new StringBuilder("provider,region,instance_type,accelerator,gpus_per_instance,gpu_memory_gb,"
                + "purchase,usd_per_instance_hour,usd_per_gpu_hour,as_of,as_of_kind,source,flags,derivation\r\n");
        for (CatalogEntry e : entries) {
            CatalogRow r = e.row();
            List<String> f = List.of(r.provider(), r.region(), r.instanceType(), r.accelerator(),
                    Integer.toString(r.gpusPerInstance()), plain(r.gpuMemoryGb()), e.purchase().label(),
                    plain(e.perInstanceHour()), plain(e.perGpuHour()), e.source().asOf().toString(),
                    e.source().noLaterThan() ? "no-later-than" : "updated", e.source().key(), flagCodes(e), e.derivation());
            out.append(f.stream().map(io.gpuplan.output.CsvField::of).collect(Collectors.joining(","))).append("\r\n");
        }
        return out.toString();
    }

    /** Which dates the lines rest on, and what their flags mean. */
    private static String legend(List<CatalogEntry> entries) {
        StringBuilder out = new StringBuilder("\n").append(entries.size()).append(entries.size() == 1 ? " line" : " lines")
                .append("; prices in USD, cheapest per GPU-hour first.\n");
        Set<CatalogSource> sources = new LinkedHashSet<>();
        entries.forEach(e -> sources.add(e.source()));
        for (CatalogSource s : sources) {
            out.append("as of ").append(s.asOfText()).append(": ").append(s.key()).append(" (").append(s.asOfBasis()).append(")\n");
        }
        if (entries.stream().anyMatch(e -> !e.derivation().isEmpty())) {
            out.append("reserved*: derived, ").append(entries.stream().filter(e -> !e.derivation().isEmpty())
                    .map(CatalogEntry::derivation).findFirst().orElse("")).append("; not a quoted price\n");
        }
        Set<Flag> flags = new LinkedHashSet<>();
        entries.forEach(e -> flags.addAll(flagsOf(e)));
        for (Flag f : flags) {
            out.append("flag ").append(f.code()).append(": ").append(f.meaning()).append('\n');
        }
        return out.toString();
    }

    /** A row's flags that concern this line: "spot not below on-demand" only on its spot line. */
    static List<Flag> flagsOf(CatalogEntry e) {
        return e.row().flagsFor(e.purchase());
    }

    private static String flagCodes(CatalogEntry e) {
        return flagsOf(e).stream().map(Flag::code).collect(Collectors.joining(" "));
    }

    private static String plain(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** Per GPU-hour to four decimals in the table, enough to compare; the CSV keeps every digit. */
    private static String price(double v) {
        return BigDecimal.valueOf(v).setScale(4, java.math.RoundingMode.HALF_UP).toPlainString();
    }
}
