package io.gpuplan.output.focus;

import java.time.YearMonth;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/** One line of the FOCUS CSV: its cells by column name (absent = null) and where it sorts. */
final class FocusRow {
    /** The rows of one resource in one month, in this order. */
    enum Line { PURCHASE, USAGE, UNUSED, TRANSFER, MIGRATION, STORAGE, STORAGE_COPY, OPERATIONS, POWER, FIXED, SUPPORT, STRANDED, CHURN }

    /** Jobs first, then reservations, then owned pools (R28), then providers' R27 overhead, within a month. */
    enum Group { JOB, RESERVATION, OWNED, PROVIDER }

    /** Month, then jobs before reservations, then by job id or commitment id, then by line, then by offer. */
    static final Comparator<FocusRow> ORDER = Comparator.comparing((FocusRow r) -> r.month)
            .thenComparing(r -> r.group).thenComparing(r -> r.id).thenComparing(r -> r.line)
            .thenComparing(r -> r.offer);

    private static final Set<String> COLUMNS = Set.copyOf(FocusColumns.ALL);

    private final YearMonth month;
    private final Group group;
    private final String id;
    private final Line line;
    private final String offer;
    private final Map<String, String> cells = new HashMap<>();

    FocusRow(YearMonth month, Group group, String id, Line line, String offer) {
        this.month = month;
        this.group = group;
        this.id = id;
        this.line = line;
        this.offer = offer == null ? "" : offer;
    }

    /** Sets a cell; a null value leaves it null. Unknown column names are a programming error. */
    FocusRow set(String column, String value) {
        if (!COLUMNS.contains(column)) {
            throw new IllegalArgumentException("not a column of the FOCUS CSV: " + column);
        }
        if (value != null) {
            cells.put(column, value);
        }
        return this;
    }

    FocusRow set(String column, Object value) {
        return set(column, value == null ? null : value.toString());
    }

    String get(String column) {
        return cells.get(column);
    }

    YearMonth month() {
        return month;
    }
}
