package io.gpuplan.output.compare;

import io.gpuplan.output.Numbers;
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
        StringBuilder sb = new StringBuilder("# ").append(c.title()).append("\n\n");
        List<String> s = c.table().scenarios();
        sb.append("| | ").append(String.join(" | ", s)).append(" |\n|---|").append("---:|".repeat(s.size())).append('\n');
        String group = null;
        for (ComparisonTable.Row r : c.table().rows()) {
            if (!r.group().equals(group)) {
                group = r.group();
                sb.append("| **").append(group).append("** |").append(" |".repeat(s.size())).append('\n');
            }
            sb.append("| ").append(r.label()).append(" | ")
                    .append(String.join(" | ", r.values().stream().map(Numbers::grouped).toList())).append(" |\n");
        }
        sb.append("\n## What changed, against ").append(s.get(0)).append("\n");
        c.narratives().forEach((name, lines) -> {
            sb.append("\n### ").append(name).append("\n\n");
            lines.forEach(l -> sb.append("- ").append(Numbers.grouped(l)).append('\n'));
        });
        return sb.toString();
    }

    public static String csv(Comparison c) {
        StringBuilder sb = new StringBuilder("group,figure");
        c.table().scenarios().forEach(s -> sb.append(',').append(csvField(s)));
        sb.append("\r\n");
        for (ComparisonTable.Row r : c.table().rows()) {
            sb.append(csvField(r.group())).append(',').append(csvField(r.label()));
            r.values().forEach(v -> sb.append(',').append(csvField(v)));
            sb.append("\r\n");
        }
        return sb.toString();
    }

    static String csvField(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
