package io.gpuplan.sizing;

import io.gpuplan.problem.Offer;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Money as whole cents: each line item is rounded half-up to the cent (MODEL.md), from the exact decimal the amount
 * stands for. An amount priced in an offer's own currency is priced there (GPUs × hours × price) and converted to
 * the base currency once, at the problem's exchange rate (R5).
 */
public final class Money {
    /**
     * Significant digits an amount is taken to before rounding to the cent. Hours and prices reach here through a few
     * double operations, whose error (a few units in the 16th digit) would otherwise push an exact half cent such as
     * 12.875 (computed 12.874999999999998) below half; 14 digits are beyond what any input states and above that noise.
     */
    private static final MathContext SIGNIFICANT = new MathContext(14, RoundingMode.HALF_EVEN);

    private Money() {
    }

    /** Rounds an amount in currency units half-up to cents, from the decimal the double stands for. */
    public static long cents(double amount) {
        if (!Double.isFinite(amount)) {
            throw new ArithmeticException("amount is not finite: " + amount);
        }
        return cents(BigDecimal.valueOf(amount));
    }

    /** Rounds an amount in currency units half-up to cents. */
    public static long cents(BigDecimal amount) {
        // Never coarser than a tenth of a cent (so the half-up rounding below decides): an amount of 10^11 or
        // more keeps its digits down to there.
        int beyondCents = amount.precision() - amount.scale() + 3;
        MathContext digits = beyondCents > SIGNIFICANT.getPrecision()
                ? new MathContext(beyondCents, RoundingMode.HALF_EVEN) : SIGNIFICANT;
        return amount.round(digits).setScale(2, RoundingMode.HALF_UP).movePointRight(2).longValueExact();
    }

    /** {@code gpus × hours × price} in the offer's own currency, unrounded. */
    public static BigDecimal inOwnCurrency(Offer offer, double gpus, double hours) {
        return decimal(gpus).multiply(decimal(hours)).multiply(decimal(offer.price()));
    }

    /** {@code gpus × hours × price} in cents of the offer's own currency (what its provider bills). */
    public static long ownCents(Offer offer, double gpus, double hours) {
        return cents(inOwnCurrency(offer, gpus, hours));
    }

    /** {@code gpus × hours × price} in cents of the base currency: the own-currency amount converted once (R5). */
    public static long baseCents(Offer offer, double gpus, double hours) {
        BigDecimal own = inOwnCurrency(offer, gpus, hours);
        return cents(offer.exchangeRate() == 1.0 ? own
                : own.divide(decimal(offer.exchangeRate()), MathContext.DECIMAL128));
    }

    public static BigDecimal toDecimal(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    public static String format(long cents) {
        return toDecimal(cents).toPlainString();
    }

    private static BigDecimal decimal(double v) {
        if (!Double.isFinite(v)) {
            throw new ArithmeticException("amount is not finite: " + v);
        }
        return BigDecimal.valueOf(v);
    }
}
