package io.gpuplan.output;

import io.gpuplan.problem.Horizon;
import io.gpuplan.sizing.Money;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** How numbers and slot times are written in plans and reports. */
public final class Numbers {
    private Numbers() {
    }

    public static BigDecimal money(long cents) {
        return Money.toDecimal(cents);
    }

    /** Hours and other measures: four decimals, half-up. */
    public static BigDecimal measure(double v) {
        return BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_UP);
    }

    /** A price as written in the problem (no rounding beyond the double's shortest form). */
    public static BigDecimal exact(double v) {
        return BigDecimal.valueOf(v);
    }

    private static final java.util.regex.Pattern PLAIN_NUMBER =
            java.util.regex.Pattern.compile("(?<![\\w.,/-])(-?)(\\d{4,})(\\.\\d+)?(?![\\w/-])");

    /**
     * Plain numbers in a cell written for people, with thousands separators: "8 GPUs, 30069.57" → "8 GPUs,
     * 30,069.57". Numbers glued to words or slashes (scores like "0hard/-500medium", dates, ids) stay as they are.
     */
    public static String grouped(String cell) {
        java.util.regex.Matcher m = PLAIN_NUMBER.matcher(cell);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            // A bare 4-digit whole number may be a year; amounts have cents or five digits and more.
            String number = m.group(3) == null && m.group(2).length() < 5 ? m.group() : m.group(1) + group(m.group(2))
                    + (m.group(3) == null ? "" : m.group(3));
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(number));
        }
        return m.appendTail(out).toString();
    }

    /** A decimal as written (no rounding) with thousands separators: 150000 → "150,000", 30069.57 → "30,069.57". */
    public static String grouped(BigDecimal v) {
        if (v == null) {
            return "-";
        }
        String plain = v.toPlainString();
        boolean negative = plain.startsWith("-");
        String digits = negative ? plain.substring(1) : plain;
        int dot = digits.indexOf('.');
        String whole = dot < 0 ? digits : digits.substring(0, dot);
        return (negative ? "-" : "") + group(whole) + (dot < 0 ? "" : digits.substring(dot));
    }

    private static String group(String digits) {
        StringBuilder g = new StringBuilder();
        for (int i = 0; i < digits.length(); i++) {
            if (i > 0 && (digits.length() - i) % 3 == 0) {
                g.append(',');
            }
            g.append(digits.charAt(i));
        }
        return g.toString();
    }

    /** The start of a slot: a date for daily and weekly slots, a date-time for hourly ones. */
    public static String slotTime(Horizon h, int slot) {
        var t = h.slotStart(slot);
        return h.slotHours() % 24 == 0 ? t.toLocalDate().toString() : t.toString();
    }
}
