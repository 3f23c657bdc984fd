package io.gpuplan.output.compare;

import io.gpuplan.output.CsvField;
import io.gpuplan.output.Numbers;
import io.gpuplan.output.report.Markdown;
import java.util.List;
import java.util.Map;

/** Writes a comparison as Markdown and CSV (RFC 4180); the HTML page is the report package's ComparisonPage. */
public final class ComparisonWriter {
    private ComparisonWriter() {
    }

    /** @param narratives per compared scenario (all but the first), the sentences on what changed */
    public record Comparison(String title, ComparisonTable table, Map<String, List<String>> narratives) {
    }

    public static String markdown(Comparison c) {
        // Scenario names come from file names and narratives name jobs: escaped, so no id becomes a link or image.
        StringBuilder sb = new StringBuilder("# ").append(Markdown.text(c.title())).append("\n\n");
        List<String> s = c.table().scenarios();
        sb.append("| | ").append(String.join(" | ", s.stream().map(Markdown::cell).toList())).append(" |\n|---|")
                .append("---:|".repeat(s.size())).append('\n');
        String group = null;
        for (ComparisonTable.Row r : c.table().rows()) {
            if (!r.group().equals(group)) {
                group = r.group();
                sb.append("| **").append(Markdown.cell(group)).append("** |").append(" |".repeat(s.size())).append('\n');
            }
            sb.append("| ").append(Markdown.cell(r.label())).append(" | ")
                    .append(String.join(" | ", r.values().stream().map(v -> Markdown.cell(Numbers.grouped(v))).toList())).append(" |\n");
        }
        sb.append("\n## What changed, against ").append(Markdown.text(s.get(0))).append("\n");
        c.narratives().forEach((name, lines) -> {
            sb.append("\n### ").append(Markdown.text(name)).append("\n\n");
            lines.forEach(l -> sb.append("- ").append(Markdown.text(Numbers.grouped(l))).append('\n'));
        });
        return sb.toString();
    }

    public static String csv(Comparison c) {
        StringBuilder sb = new StringBuilder("group,figure");
        c.table().scenarios().forEach(s -> sb.append(',').append(CsvField.of(s)));
        sb.append("\r\n");
        for (ComparisonTable.Row r : c.table().rows()) {
            sb.append(CsvField.of(r.group())).append(',').append(CsvField.of(r.label()));
            r.values().forEach(v -> sb.append(',').append(CsvField.of(v)));
            sb.append("\r\n");
        }
        return sb.toString();
    }
}
