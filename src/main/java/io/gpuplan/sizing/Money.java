package io.gpuplan.sizing;

import io.gpuplan.problem.Horizon;
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

    /** {@code gpus × hours × price} in cents of the offer's own currency (what its provider bills). */
    public static long ownCents(Offer offer, double gpus, double hours) {
        return productCents(gpus, hours, offer.price(), 1.0);
    }

    /** {@code gpus × hours × price} in cents of the base currency: the own-currency amount converted once (R5). */
    public static long baseCents(Offer offer, double gpus, double hours) {
        return productCents(gpus, hours, offer.price(), offer.exchangeRate());
    }

    /**
     * {@code gpus × hours × price / rate} in cents, as {@link #exactProductCents} gives it. Sizing prices millions of
     * options, and exact decimals cost a microsecond each: the product in doubles decides the cent whenever it is
     * clearly away from a half cent, and only an amount near one (such as an exact half cent) is worked out exactly.
     */
    static long productCents(double gpus, double hours, double price, double rate) {
        if (gpus >= 0 && hours >= 0 && price >= 0 && rate > 0) {
            // In cents; each input's decimal is within half an ulp of its double, and the three operations each
            // round once: y is within 1e-15·y of the exact amount. Taking it to 14 significant digits first (cents())
            // moves it by at most 5e-14·y. A margin of 2e-13·y covers both.
            double y = gpus * hours * price / rate * 100;
            if (y >= 1 && y < 1e12) {
                double whole = Math.floor(y);
                double fraction = y - whole;
                if (Math.abs(fraction - 0.5) > 2e-13 * y) {
                    return (long) whole + (fraction > 0.5 ? 1 : 0);
                }
            }
        }
        return exactProductCents(gpus, hours, price, rate);
    }

    /** {@code gpus × hours × price}, converted at {@code rate} once (R5), from their exact decimals. */
    static long exactProductCents(double gpus, double hours, double price, double rate) {
        BigDecimal own = decimal(gpus).multiply(decimal(hours)).multiply(decimal(price));
        return cents(rate == 1.0 ? own : own.divide(decimal(rate), MathContext.DECIMAL128));
    }

    /** R26: {@code GB × price per GB-month × hours / 730} in cents of the base currency, rounded half-up once. */
    public static long storageCents(double gb, double hours, double pricePerGbMonth) {
        return productCents(gb, hours, pricePerGbMonth, Horizon.HOURS_PER_MONTH);
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
