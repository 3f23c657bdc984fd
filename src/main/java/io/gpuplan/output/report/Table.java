package io.gpuplan.output.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One table of the report, written the same way to HTML and Markdown. Rows carry a CSS class and data attributes
 * so tests (and readers with devtools) can count them; a cell with several lines separates them with '\n'.
 *
 * @param rowClass  the class of every body row (e.g. "reservation"), also the table's data-rows name
 * @param emptyText what the report says instead of an empty table
 */
record Table(String caption, String rowClass, List<Column> columns, List<Row> rows, String emptyText) {

    /** @param prose long text that wraps; other text columns and numbers stay on one line */
    record Column(String name, boolean numeric, boolean prose) {
    }

    record Row(Map<String, String> data, List<String> cells) {
    }

    static Builder builder(String caption, String rowClass) {
        return new Builder(caption, rowClass);
    }

    /** Collects columns and rows. */
    static final class Builder {
        private final String caption;
        private final String rowClass;
        private final List<Column> columns = new ArrayList<>();
        private final List<Row> rows = new ArrayList<>();
        private String emptyText = "None.";

        private Builder(String caption, String rowClass) {
            this.caption = caption;
            this.rowClass = rowClass;
        }

        /** Short text kept on one line (ids, dates, labels). */
        Builder text(String... names) {
            for (String n : names) {
                columns.add(new Column(n, false, false));
            }
            return this;
        }

        /** Long text that wraps (reasons, notes, binding lines). */
        Builder prose(String... names) {
            for (String n : names) {
                columns.add(new Column(n, false, true));
            }
            return this;
        }

        /** Numbers, right-aligned. */
        Builder num(String... names) {
            for (String n : names) {
                columns.add(new Column(n, true, false));
            }
            return this;
        }

        Builder empty(String text) {
            this.emptyText = text;
            return this;
        }

        /** A row whose data attributes are given as name, value pairs before the cells (see {@link #data}). */
        Builder row(Map<String, String> data, String... cells) {
            if (cells.length != columns.size()) {
                throw new IllegalArgumentException(caption + ": " + cells.length + " cells for " + columns.size() + " columns");
            }
            rows.add(new Row(data, List.of(cells)));
            return this;
        }

        Builder row(String... cells) {
            return row(Map.of(), cells);
        }

        Table build() {
            return new Table(caption, rowClass, List.copyOf(columns), List.copyOf(rows), emptyText);
        }
    }

    /** Data attributes in the given order: {@code data("job", id, "offer", offer)}. */
    static Map<String, String> data(String... pairs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            out.put(pairs[i], pairs[i + 1] == null ? "" : pairs[i + 1]);
        }
        return out;
    }
}
