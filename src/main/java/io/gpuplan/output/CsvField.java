package io.gpuplan.output;

import java.util.regex.Pattern;

/**
 * One cell of every CSV gpuplan writes (FOCUS, catalog, comparison, frontier): RFC 4180 quoting, and text that a
 * spreadsheet would run as a formula — starting with {@code = + - @}, a tab or a CR, as an id from someone's problem
 * file may — is written as text: an apostrophe first, quoted (the usual "CSV injection" defence). Numbers, negative
 * ones included, are left as numbers.
 */
public final class CsvField {
    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");

    private CsvField() {
    }

    /** The cell for {@code value}; null is an empty cell. */
    public static String of(String value) {
        if (value == null || value.isEmpty()) {
            return "";
        }
        if (startsAFormula(value) && !NUMBER.matcher(value).matches()) {
            return quoted("'" + value);
        }
        boolean plain = value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\r') < 0 && value.indexOf('\n') < 0;
        return plain ? value : quoted(value);
    }

    private static boolean startsAFormula(String value) {
        char c = value.charAt(0);
        return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
    }

    private static String quoted(String value) {
        return '"' + value.replace("\"", "\"\"") + '"';
    }
}
