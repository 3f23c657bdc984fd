package io.gpuplan.output.report;

import java.util.List;

/**
 * Writes the sections as Markdown (GitHub flavour) for diffs: the same sections and tables as the HTML page; charts
 * are left out, their numbers are in the tables beside them.
 */
final class MarkdownWriter {
    private MarkdownWriter() {
    }

    static String write(String title, String subtitle, List<Section> sections, String footer) {
        StringBuilder out = new StringBuilder(32 * 1024);
        out.append("# ").append(text(title)).append("\n\n").append(text(subtitle)).append("\n");
        for (Section s : sections) {
            out.append("\n## ").append(text(s.title())).append("\n");
            for (Section.Block b : s.blocks()) {
                switch (b) {
                    case Section.Paragraph p -> out.append('\n').append(text(p.text())).append('\n');
                    case Section.Note n -> out.append('\n').append('_').append(text(n.text()).replace("_", "\\_"))
                            .append("_\n");
                    case Section.Figures f -> {
                        out.append('\n');
                        for (Section.Figure fig : f.figures()) {
                            out.append("- **").append(text(fig.label())).append(":** ").append(text(fig.value()))
                                    .append(fig.detail().isEmpty() ? "" : " — " + text(fig.detail())).append('\n');
                        }
                    }
                    case Section.TableBlock t -> table(out, t.table());
                    case Section.Chart c -> {
                    }
                    case Section.Markup m -> {
                    }
                }
            }
        }
        out.append("\n---\n\n").append(text(footer)).append('\n');
        return out.toString();
    }

    private static void table(StringBuilder out, Table t) {
        out.append("\n**").append(text(t.caption())).append("**\n\n");
        if (t.rows().isEmpty()) {
            out.append(text(t.emptyText())).append('\n');
            return;
        }
        out.append('|');
        t.columns().forEach(c -> out.append(' ').append(cell(c.name())).append(" |"));
        out.append("\n|");
        t.columns().forEach(c -> out.append(c.numeric() ? " ---: |" : " --- |"));
        out.append('\n');
        for (Table.Row r : t.rows()) {
            out.append('|');
            r.cells().forEach(c -> out.append(' ').append(cell(c)).append(" |"));
            out.append('\n');
        }
    }

    /**
     * Text from the plan, ids included: no raw HTML gets through (the twin must not render markup the HTML escapes),
     * and no link or image either — brackets are escaped, and so are the {@code ://} and {@code www.} that GitHub
     * would turn into a link — so an id such as {@code ![x](https://…)} or {@code [x](javascript:…)} shows as written.
     */
    static String text(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("\\", "\\\\").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("[", "\\[").replace("]", "\\]").replace("://", "\\://").replace("www.", "www\\.")
                .replace("\n", " ");
    }

    /** A table cell: text escaping plus pipes; lines within a cell are joined with {@code <br>}. */
    static String cell(String s) {
        String[] lines = (s == null ? "" : s).split("\n", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            out.append(i > 0 ? "<br>" : "").append(text(lines[i]).replace("|", "\\|"));
        }
        return out.toString();
    }
}
