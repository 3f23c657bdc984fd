package io.gpuplan.fuzz;

import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Text-level mutations of a problem file, the kind of damage hand-edited YAML takes (and a few hostile ones). */
final class Mutations {
    private static final Pattern NUMBER = Pattern.compile("(?<=[:\\[,{ ])(-?\\d[\\d_.eE+-]*)(?=[,}\\] \\n])");
    private static final Pattern VALUE = Pattern.compile("(?<=: )([^\\s{\\[][^,}\\n]*)");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final List<String> NUMBERS = List.of("-1", "0", "1e400", "-1e400", ".nan", ".inf", "NaN",
            "99999999999999999999", "2_000_000_000_000", "-0.0", "1e-300", "0x1F", "1.5", "2147483648", "4e9");
    private static final List<String> VALUES = List.of("[1, 2]", "{a: 1}", "true", "\"text\"", "~", "😀🚀", "null",
            "\"\"", "-", "*nothing", "&a", "2027-02-30", "'unterminated", "\"\\u0000\"", "yes");

    private Mutations() {
    }

    /** Applies one to three random mutations. */
    static String mutate(String text, Random random) {
        String out = text;
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            out = ALL.get(random.nextInt(ALL.size())).apply(out, random);
        }
        return out;
    }

    private static final List<BiFunction<String, Random, String>> ALL = List.of(
            Mutations::deleteLine, Mutations::truncate, Mutations::replaceNumber, Mutations::replaceNumber,
            Mutations::replaceValue, Mutations::replaceValue, Mutations::longString, Mutations::duplicateLine,
            Mutations::deepNesting, Mutations::aliasBomb, Mutations::shiftIndent, Mutations::impossibleDate,
            Mutations::deleteChar, Mutations::unicodeKey, Mutations::hugeGpus);

    static String deleteLine(String t, Random r) {
        String[] lines = t.split("\n", -1);
        int i = r.nextInt(lines.length);
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < lines.length; j++) {
            if (j != i) {
                sb.append(lines[j]).append(j < lines.length - 1 ? "\n" : "");
            }
        }
        return sb.toString();
    }

    static String truncate(String t, Random r) {
        return t.substring(0, r.nextInt(t.length() + 1));
    }

    static String replaceNumber(String t, Random r) {
        return replaceOne(t, NUMBER, NUMBERS.get(r.nextInt(NUMBERS.size())), r);
    }

    static String replaceValue(String t, Random r) {
        return replaceOne(t, VALUE, VALUES.get(r.nextInt(VALUES.size())), r);
    }

    static String longString(String t, Random r) {
        return replaceOne(t, VALUE, "x".repeat(5_000 + r.nextInt(20_000)), r);
    }

    static String duplicateLine(String t, Random r) {
        String[] lines = t.split("\n", -1);
        int i = r.nextInt(lines.length);
        return t.replaceFirst(Pattern.quote(lines[i]), Matcher.quoteReplacement(lines[i] + "\n" + lines[i]));
    }

    static String deepNesting(String t, Random r) {
        int depth = 10 + r.nextInt(200);
        return t + "\nextra: " + "[".repeat(depth) + "]".repeat(depth) + "\n";
    }

    static String aliasBomb(String t, Random r) {
        StringBuilder sb = new StringBuilder(t).append("\nlol0: &l0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 8; i++) {
            sb.append("lol").append(i).append(": &l").append(i).append(" [").append(("*l" + (i - 1) + ", ").repeat(9))
                    .append("*l").append(i - 1).append("]\n");
        }
        return sb.toString();
    }

    static String shiftIndent(String t, Random r) {
        String[] lines = t.split("\n", -1);
        int i = r.nextInt(lines.length);
        lines[i] = r.nextBoolean() ? "  " + lines[i] : lines[i].replaceFirst("^ {1,2}", "");
        return String.join("\n", lines);
    }

    static String impossibleDate(String t, Random r) {
        return replaceOne(t, DATE, List.of("2027-02-30", "2027-13-01", "0000-00-00", "9999-12-31", "2026-12-31").get(r.nextInt(5)), r);
    }

    static String deleteChar(String t, Random r) {
        if (t.isEmpty()) {
            return t;
        }
        int i = r.nextInt(t.length());
        return t.substring(0, i) + t.substring(i + 1);
    }

    static String unicodeKey(String t, Random r) {
        return t + "\nñame✓: \u202e\u0007value\n";
    }

    static String hugeGpus(String t, Random r) {
        return t.replaceFirst("gpus: \\{min: (\\d+), max: (\\d+)}", "gpus: {min: $1, max: " + List.of("1000000", "65536", "2000000000").get(r.nextInt(3)) + "}");
    }

    private static String replaceOne(String t, Pattern p, String with, Random r) {
        Matcher m = p.matcher(t);
        List<int[]> spans = new java.util.ArrayList<>();
        while (m.find()) {
            spans.add(new int[] {m.start(), m.end()});
        }
        if (spans.isEmpty()) {
            return t;
        }
        int[] s = spans.get(r.nextInt(spans.size()));
        return t.substring(0, s[0]) + with + t.substring(s[1]);
    }
}
