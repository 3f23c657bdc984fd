package io.gpuplan.output.report;

import java.util.ArrayList;
import java.util.List;

/** One section of the report: a heading and blocks that both the HTML and the Markdown writer render. */
record Section(String id, String title, List<Block> blocks) {

    sealed interface Block {
    }

    record Paragraph(String text) implements Block {
    }

    /** Small print under a table or chart: caveats, what a number rests on. */
    record Note(String text) implements Block {
    }

    /** Key figures: large numbers in the HTML, a bullet list in Markdown. */
    record Figures(List<Figure> figures) implements Block {
    }

    record Figure(String label, String value, String detail) {
    }

    record TableBlock(Table table) implements Block {
    }

    /** Markup already escaped and built by a page of its own (the comparison table), HTML only. */
    record Markup(String html) implements Block {
    }

    /** Inline SVG, HTML only: the Markdown twin carries the same numbers in the table next to it. */
    record Chart(String svg) implements Block {
    }

    static Builder builder(String id, String title) {
        return new Builder(id, title);
    }

    static final class Builder {
        private final String id;
        private final String title;
        private final List<Block> blocks = new ArrayList<>();

        private Builder(String id, String title) {
            this.id = id;
            this.title = title;
        }

        Builder paragraph(String text) {
            blocks.add(new Paragraph(text));
            return this;
        }

        Builder note(String text) {
            blocks.add(new Note(text));
            return this;
        }

        Builder figures(List<Figure> figures) {
            blocks.add(new Figures(List.copyOf(figures)));
            return this;
        }

        Builder table(Table table) {
            blocks.add(new TableBlock(table));
            return this;
        }

        Builder markup(String html) {
            blocks.add(new Markup(html));
            return this;
        }

        Builder chart(String svg) {
            blocks.add(new Chart(svg));
            return this;
        }

        Section build() {
            return new Section(id, title, List.copyOf(blocks));
        }
    }
}
