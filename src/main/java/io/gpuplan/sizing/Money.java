package io.gpuplan.sizing;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Money as whole cents of the base currency: each line item is rounded half-up to the cent (MODEL.md). */
public final class Money {
    private Money() {
    }

    /** Rounds an amount in base-currency units half-up to cents; the decimal shortest form of the double is used. */
    public static long cents(double amount) {
        if (!Double.isFinite(amount)) {
            throw new ArithmeticException("amount is not finite: " + amount);
        }
        return BigDecimal.valueOf(amount).setScale(2, RoundingMode.HALF_UP).movePointRight(2).longValueExact();
    }

    public static BigDecimal toDecimal(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    public static String format(long cents) {
        return toDecimal(cents).toPlainString();
    }
}
