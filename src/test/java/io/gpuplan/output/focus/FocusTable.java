package io.gpuplan.output.focus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** The FOCUS CSV read back with an independent RFC 4180 parser: the header, and each row by column (empty = null). */
record FocusTable(List<String> header, List<Map<String, String>> rows) {

    static FocusTable parse(String csv) {
        List<List<String>> records = records(csv);
        List<String> header = records.get(0);
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> r : records.subList(1, records.size())) {
            assertEquals(header.size(), r.size(), "fields in " + r);
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), r.get(i).isEmpty() ? null : r.get(i));
            }
            rows.add(row);
        }
        return new FocusTable(header, rows);
    }

    /** Sum of a money column over the rows that match; every value must have exactly two decimals. */
    BigDecimal sum(String column, Predicate<Map<String, String>> which) {
        BigDecimal total = BigDecimal.ZERO;
        for (Map<String, String> row : rows) {
            if (which.test(row)) {
                BigDecimal v = new BigDecimal(row.get(column));
                assertEquals(2, v.scale(), column + " " + row.get(column));
                total = total.add(v);
            }
        }
        return total;
    }

    BigDecimal sum(String column) {
        return sum(column, r -> true);
    }

    List<Map<String, String>> where(String column, String value) {
        return rows.stream().filter(r -> value.equals(r.get(column))).toList();
    }

    /** Records of RFC 4180 CSV: CRLF line ends, quoted fields with doubled quotes. */
    private static List<List<String>> records(String csv) {
        assertTrue(csv.endsWith("\r\n"), "the last record ends with CRLF");
        List<List<String>> out = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        while (i < csv.length()) {
            char ch = csv.charAt(i);
            if (ch == '"' && field.isEmpty()) {
                int j = i + 1;
                while (true) {
                    char q = csv.charAt(j);
                    if (q == '"' && j + 1 < csv.length() && csv.charAt(j + 1) == '"') {
                        field.append('"');
                        j += 2;
                    } else if (q == '"') {
                        break;
                    } else {
                        field.append(q);
                        j++;
                    }
                }
                i = j + 1;
            } else if (ch == ',') {
                record.add(field.toString());
                field.setLength(0);
                i++;
            } else if (ch == '\r') {
                assertEquals('\n', csv.charAt(i + 1), "CR without LF at " + i);
                record.add(field.toString());
                field.setLength(0);
                out.add(record);
                record = new ArrayList<>();
                i += 2;
            } else {
                assertTrue(ch != '\n' && ch != '"', "bare LF or quote at " + i);
                field.append(ch);
                i++;
            }
        }
        return out;
    }
}
