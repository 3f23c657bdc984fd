package io.gpuplan.output.report;

/** The report's Markdown escaping for the other Markdown pages (comparison, frontier): ids and names as text. */
public final class Markdown {
    private Markdown() {
    }

    /** Text outside tables: no HTML, link, image or autolinked URL from it ({@link MarkdownWriter#text}). */
    public static String text(String s) {
        return MarkdownWriter.text(s);
    }

    /** A table cell: {@link #text} plus pipes; lines joined with {@code <br>}. */
    public static String cell(String s) {
        return MarkdownWriter.cell(s);
    }
}
