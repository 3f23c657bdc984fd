package io.gpuplan.output.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/** How the report writes numbers: money with thousands separators and two decimals, shares as percentages. */
final class Fmt {
    private static final DecimalFormatSymbols SYMBOLS = DecimalFormatSymbols.getInstance(Locale.US);

    private Fmt() {
    }

    /** 225260.09 → "225,260.09"; null → "—". */
    static String money(BigDecimal v) {
        if (v == null) {
            return "—";
        }
        return new DecimalFormat("#,##0.00", SYMBOLS).format(v.setScale(2, RoundingMode.HALF_UP));
    }

    static String money(long cents) {
        return money(BigDecimal.valueOf(cents, 2));
    }

    /** A fraction as a percentage: 0.0681 → "6.81 %". */
    static String fraction(BigDecimal v) {
        return v == null ? "—" : percent(v.movePointRight(2));
    }

    /** A value that already is a percentage: 4.21 → "4.21 %". */
    static String percent(BigDecimal v) {
        return v == null ? "—" : new DecimalFormat("#,##0.00", SYMBOLS).format(v) + " %";
    }

    /** Hours and other measures, two decimals with thousands separators. */
    static String measure(BigDecimal v) {
        return v == null ? "—" : new DecimalFormat("#,##0.00", SYMBOLS).format(v);
    }

    /** A number as written (prices, rates): no rounding, no exponent. */
    static String exact(BigDecimal v) {
        return v == null ? "—" : v.stripTrailingZeros().toPlainString();
    }

    static String exact(double v) {
        return exact(BigDecimal.valueOf(v));
    }

    /**
     * A derived rate (an interruption rate from a band, say) to 5 significant digits: the double's full
     * representation (0.0025987180489903936) claims a precision nobody measured.
     */
    static String rate(double v) {
        return exact(new BigDecimal(v).round(new java.math.MathContext(5, RoundingMode.HALF_UP)));
    }

    /** Short axis labels: 1 500 000 → "1.5M", 50 000 → "50k", 800 → "800". */
    static String compact(double v) {
        double a = Math.abs(v);
        if (a >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (a >= 1e3) {
            return trim(v / 1e3) + "k";
        }
        return trim(v);
    }

    private static String trim(double v) {
        return new DecimalFormat("#,##0.#", SYMBOLS).format(v);
    }
}
