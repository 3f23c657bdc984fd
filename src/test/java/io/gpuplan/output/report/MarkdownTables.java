package io.gpuplan.output.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads the body rows of a Markdown table back by its caption line ({@code **caption**}). */
final class MarkdownTables {
    private MarkdownTables() {
    }

    static List<List<String>> rows(String md, String caption) {
        return rowsAfter(md, "**" + caption + "**", true);
    }

    /** Rows of the table whose caption starts with the given text. */
    static List<List<String>> rowsStartingWith(String md, String captionStart) {
        return rowsAfter(md, "**" + captionStart, false);
    }

    private static List<List<String>> rowsAfter(String md, String marker, boolean exact) {
        List<String> lines = md.lines().toList();
        int i = 0;
        while (i < lines.size() && !(exact ? lines.get(i).equals(marker) : lines.get(i).startsWith(marker))) {
            i++;
        }
        if (i == lines.size()) {
            throw new AssertionError("no table " + marker + " in the Markdown");
        }
        i++;
        while (i < lines.size() && lines.get(i).isBlank()) {
            i++;
        }
        List<List<String>> out = new ArrayList<>();
        if (i >= lines.size() || !lines.get(i).startsWith("|")) {
            return out;
        }
        for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String line = lines.get(i);
            String[] cells = line.substring(1, line.length() - 1).split("(?<!\\\\)\\|", -1);
            out.add(Arrays.stream(cells).map(String::trim).toList());
        }
        return out;
    }
}
