package io.gpuplan.output.compare;

import io.gpuplan.output.report.Markdown;
import java.util.List;
import java.util.Map;

/** Writes a comparison as Markdown, CSV (RFC 4180) and a self-contained HTML page. */
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
                    .append(String.join(" | ", r.values().stream().map(Markdown::cell).toList())).append(" |\n");
        }
        sb.append("\n## What changed, against ").append(Markdown.text(s.get(0))).append("\n");
        c.narratives().forEach((name, lines) -> {
            sb.append("\n### ").append(Markdown.text(name)).append("\n\n");
            lines.forEach(l -> sb.append("- ").append(Markdown.text(l)).append('\n'));
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

    public static String html(Comparison c) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(esc(c.title())).append("</title><style>")
                .append("body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#111}table{border-collapse:collapse}")
                .append("th,td{border:1px solid #bbb;padding:4px 8px}td.n{text-align:right;font-variant-numeric:tabular-nums}")
                .append("tr.group th{background:#eee;text-align:left}@media print{body{margin:0}}")
                .append("</style></head><body>\n<h1>").append(esc(c.title())).append("</h1>\n<table class=\"comparison\"><thead><tr><th></th>");
        c.table().scenarios().forEach(s -> sb.append("<th>").append(esc(s)).append("</th>"));
        sb.append("</tr></thead><tbody>\n");
        String group = null;
        for (ComparisonTable.Row r : c.table().rows()) {
            if (!r.group().equals(group)) {
                group = r.group();
                sb.append("<tr class=\"group\"><th colspan=\"").append(c.table().scenarios().size() + 1).append("\">")
                        .append(esc(group)).append("</th></tr>\n");
            }
            sb.append("<tr class=\"figure\"><td>").append(esc(r.label())).append("</td>");
            r.values().forEach(v -> sb.append("<td class=\"n\">").append(esc(v)).append("</td>"));
            sb.append("</tr>\n");
        }
        sb.append("</tbody></table>\n<h2>What changed, against ").append(esc(c.table().scenarios().get(0))).append("</h2>\n");
        c.narratives().forEach((name, lines) -> {
            sb.append("<h3>").append(esc(name)).append("</h3>\n<ul>");
            lines.forEach(l -> sb.append("<li>").append(esc(l).replaceAll("\\*\\*(.+?)\\*\\*", "<b>$1</b>")).append("</li>"));
            sb.append("</ul>\n");
        });
        return sb.append("</body></html>\n").toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    static String csvField(String s) {
        return io.gpuplan.output.CsvField.of(s);
    }
}
