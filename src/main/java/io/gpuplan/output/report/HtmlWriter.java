package io.gpuplan.output.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** Writes the sections as one self-contained HTML page: inline CSS and SVG, no scripts, no network. */
final class HtmlWriter {
    private static final String CSS = resource("report.css");
    private static final int SHORT = 12;

    private HtmlWriter() {
    }

    static String write(String title, String subtitle, List<Section> sections, String footer) {
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(Html.esc(title)).append("</title>\n<style>\n").append(CSS).append("</style>\n")
                .append("</head>\n<body>\n<header>\n<h1>").append(Html.esc(title)).append("</h1>\n<p class=\"subtitle\">")
                .append(Html.esc(subtitle)).append("</p>\n<nav><ol>");
        for (Section s : sections) {
            out.append("<li><a href=\"#").append(Html.esc(s.id())).append("\">").append(Html.esc(s.title())).append("</a></li>");
        }
        out.append("</ol></nav>\n</header>\n<main>\n");
        for (Section s : sections) {
            section(out, s);
        }
        out.append("</main>\n<footer><p>").append(Html.esc(footer)).append("</p></footer>\n</body>\n</html>\n");
        return out.toString();
    }

    private static void section(StringBuilder out, Section s) {
        out.append("<section").append(Html.attr("id", s.id())).append(Html.attr("class", "section " + s.id()))
                .append(">\n<h2>").append(Html.esc(s.title())).append("</h2>\n");
        for (Section.Block b : s.blocks()) {
            switch (b) {
                case Section.Paragraph p -> out.append("<p>").append(Html.esc(p.text())).append("</p>\n");
                case Section.Note n -> out.append("<p class=\"note\">").append(Html.esc(n.text())).append("</p>\n");
                case Section.Figures f -> figures(out, f);
                case Section.TableBlock t -> table(out, t.table());
                case Section.Chart c -> out.append("<figure class=\"chart-box\">").append(c.svg()).append("</figure>\n");
                case Section.Markup m -> out.append(m.html());
            }
        }
        out.append("</section>\n");
    }

    private static void figures(StringBuilder out, Section.Figures f) {
        out.append("<div class=\"figures\">\n");
        for (Section.Figure fig : f.figures()) {
            out.append("<div class=\"figure\"><div class=\"figure-label\">").append(Html.esc(fig.label()))
                    .append("</div><div class=\"figure-value\">").append(Html.esc(fig.value()))
                    .append("</div><div class=\"figure-detail\">").append(Html.esc(fig.detail())).append("</div></div>\n");
        }
        out.append("</div>\n");
    }

    private static void table(StringBuilder out, Table t) {
        if (t.rows().isEmpty()) {
            out.append("<div class=\"table-box\"><p class=\"table-caption\">").append(Html.esc(t.caption()))
                    .append("</p><p").append(Html.attr("class", "empty " + t.rowClass() + "-empty")).append('>')
                    .append(Html.esc(t.emptyText())).append("</p></div>\n");
            return;
        }
        // Short tables stay on one printed page with their caption and header.
        out.append(t.rows().size() <= SHORT ? "<div class=\"table-box short\">\n<table" : "<div class=\"table-box\">\n<table").append(Html.attr("class", "data " + t.rowClass() + "-table"))
                .append(Html.attr("data-rows", Integer.toString(t.rows().size()))).append(">\n<caption>")
                .append(Html.esc(t.caption())).append("</caption>\n<thead><tr>");
        for (Table.Column c : t.columns()) {
            out.append(c.numeric() ? "<th class=\"num\">" : "<th>").append(Html.esc(c.name())).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (Table.Row r : t.rows()) {
            out.append("<tr").append(Html.attr("class", t.rowClass()));
            for (Map.Entry<String, String> d : r.data().entrySet()) {
                out.append(Html.attr("data-" + d.getKey(), d.getValue()));
            }
            out.append('>');
            for (int i = 0; i < r.cells().size(); i++) {
                Table.Column c = t.columns().get(i);
                out.append(c.numeric() ? "<td class=\"num\">" : c.prose() ? "<td>" : "<td class=\"nw\">");
                String[] lines = r.cells().get(i).split("\n", -1);
                for (int l = 0; l < lines.length; l++) {
                    out.append(l > 0 ? "<br>" : "").append(Html.esc(lines[l]));
                }
                out.append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n</div>\n");
    }

    private static String resource(String name) {
        try (InputStream in = HtmlWriter.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("report resource " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
