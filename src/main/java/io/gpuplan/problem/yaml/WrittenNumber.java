package io.gpuplan.problem.yaml;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number as gpuplan reads it, in a problem file or on the command line: {@code 4.1}, {@code 2e12},
 * {@code 2_000_000}, and amounts in thousands or millions, {@code 250k} and {@code 1.5M}, as the README promises.
 * Lower-case {@code m} is not a million here: in a problem file {@code 30m} more likely means minutes.
 */
public final class WrittenNumber {
    /** The written form; the JSON Schema uses it too. */
    // The mantissa has a digit (before or just after the point): "e20" is no number (Double.parseDouble refuses it).
    public static final Pattern PATTERN = Pattern.compile("[-+]?(?=\\.?\\d)(\\d[\\d_]*)?(\\.\\d[\\d_]*)?([eE][-+]?\\d+)?[kKM]?");

    /** A number followed by a unit or preceded by a currency sign: {@code 80GB}, {@code 4.10 USD}, {@code $4.10}. */
    private static final Pattern WITH_UNIT = Pattern.compile(
            "[$€¥£]?\\s*([-+]?\\d[\\d_]*(?:\\.\\d[\\d_]*)?(?:[eE][-+]?\\d+)?)\\s*([A-Za-z%/$€¥£][A-Za-z%/$€¥£ .\\-]*)?");

    private WrittenNumber() {
    }

    /** The value, or null when the text is not a number or not finite. */
    public static Double parse(String text) {
        String t = text.trim();
        if (t.isEmpty() || !PATTERN.matcher(t).matches() || !t.matches(".*\\d.*")) {
            return null;
        }
        double d;
        if (t.endsWith("k") || t.endsWith("K") || t.endsWith("M")) {
            BigDecimal exact = exact(t);
            if (exact == null) {
                return null;
            }
            d = exact.doubleValue(); // 0.1k is 100, not 0.1 × 1000 in binary
        } else {
            try {
                d = Double.parseDouble(t.replace("_", ""));
            } catch (NumberFormatException e) {
                return null; // an exponent with no digits before it ("e20"): the pattern alone lets it through
            }
        }
        return Double.isFinite(d) ? d : null;
    }

    /** The value as an exact decimal, or null when the text is not a number. */
    public static BigDecimal exact(String text) {
        String t = text.trim().replace("_", "");
        if (t.isEmpty() || !PATTERN.matcher(t).matches() || !t.matches(".*\\d.*")) {
            return null;
        }
        int scale = t.endsWith("k") || t.endsWith("K") ? 3 : t.endsWith("M") ? 6 : 0;
        try {
            return new BigDecimal(scale == 0 ? t : t.substring(0, t.length() - 1)).scaleByPowerOfTen(scale);
        } catch (NumberFormatException | ArithmeticException e) {
            return null; // an exponent beyond what a decimal holds
        }
    }

    /**
     * {@code " (did you mean 80?)"} for a number written with its unit ({@code 80GB}, {@code 4.10 USD}, {@code $4.10},
     * {@code 8 GPUs}): the unit is in the field's name. Billions and trillions ({@code 300B}, {@code 1.5T}) are said in
     * digits ({@code 300e9}) rather than read, as B could as well be bytes. Empty when the text is no such thing.
     */
    public static String unitHint(String text) {
        Matcher m = WITH_UNIT.matcher(text.trim());
        if (!m.matches() || (m.group(2) == null && !text.trim().matches("^[$€¥£].*"))) {
            return "";
        }
        String number = m.group(1);
        String unit = m.group(2) == null ? "" : m.group(2).trim();
        String meant = switch (unit) {
            case "B", "bn" -> number + "e9";
            case "T" -> number + "e12";
            default -> number;
        };
        return " (did you mean " + meant + "?)";
    }
}
