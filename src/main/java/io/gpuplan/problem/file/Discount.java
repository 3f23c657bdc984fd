package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.WrittenNumber;

/**
 * A reservation discount against on-demand, as written: a fraction ({@code 0.37}), a percentage ({@code 37%}), or
 * {@code typical}: the catalog's figure for the offer's provider and term (SOURCES.md §6).
 *
 * @param fraction null for {@code typical}
 */
public record Discount(Double fraction) {
    public static final Discount TYPICAL = new Discount(null);

    public boolean isTypical() {
        return fraction == null;
    }

    public static Discount parse(String text) {
        String t = text.trim();
        if (t.equals("typical")) {
            return TYPICAL;
        }
        boolean percent = t.endsWith("%");
        String number = percent ? t.substring(0, t.length() - 1).trim() : t;
        Double written = WrittenNumber.parse(number);
        if (written != null) {
            double v = written / (percent ? 100 : 1);
            if (v >= 0 && v < 1) {
                return new Discount(v);
            }
            throw new IllegalArgumentException("discount " + t + " is not between 0 and 100 %");
        }
        throw new IllegalArgumentException("\"" + t + "\" is not a discount");
    }

    public static String describe() {
        return "a fraction in [0, 1) such as 0.37, a percentage such as 37%, or typical (the catalog's figure)";
    }
}
