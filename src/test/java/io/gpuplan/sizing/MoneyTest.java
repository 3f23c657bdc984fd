package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Money: each line item rounded half-up to the cent, from the decimal the amount is written as. */
class MoneyTest {

    @Test
    void halfACentRoundsUp() {
        assertEquals(101, Money.cents(1.005)); // the double 1.005 is 1.00499999...; its decimal form is 1.005
        assertEquals(13, Money.cents(0.125));  // half-up, not half-even (which would give 12)
        assertEquals(268, Money.cents(2.675));
    }

    @Test
    void anExactHalfCentReachedThroughDoublesRoundsUp() {
        // 80 GPU-h × 1.03 / 6.4 is 12.875 exactly; in doubles 12.874999999999998, which rounded as is gives 12.87.
        assertEquals(1288, Money.cents(8 * 10.0 * (1.03 / 6.4)));
        assertEquals(1_297_341, Money.cents(12_973.405 / 3 * 3)); // 12973.404999999999: noise, not a value
    }

    @Test
    void largeAmountsKeepTheirCents() {
        // Taking an amount to 14 significant digits must never round coarser than the cent.
        assertEquals(123_456_789_012_345L, Money.cents(1_234_567_890_123.45));
        assertEquals(12_345_678_901_234_567L, Money.cents(new java.math.BigDecimal("123456789012345.67")));
        assertEquals(123_456_789_012_345L, Money.cents(new java.math.BigDecimal("1234567890123.445")), "half up, not even");
    }

    @Test
    void belowHalfACentRoundsDown() {
        assertEquals(100, Money.cents(1.004));
        assertEquals(0, Money.cents(0.004));
    }

    @Test
    void wholeAmountsAreExact() {
        assertEquals(311600, Money.cents(8 * 95 * 4.10)); // 3116.00
        assertEquals(3_000_000, Money.cents(30000));
        assertEquals(0, Money.cents(0));
    }

    @Test
    void formatsCentsAsDecimal() {
        assertEquals("1.01", Money.format(101));
        assertEquals("3116.00", Money.format(311600));
        assertEquals("0.05", Money.format(5));
    }

    @Test
    void aProductPricedFromDoublesIsTheCentItsExactDecimalGives() {
        // Sizing prices each option from doubles when they decide the cent (issue 11, point 8): it must give what
        // the exact decimals give, for amounts of every size, in the base currency and converted.
        Random random = new Random(11);
        double[] rates = {1.0, 7.1, 7.2345, 0.92, 155.3, 1e-3};
        for (int i = 0; i < 300_000; i++) {
            double gpus = 1 + random.nextInt(i % 2 == 0 ? 16 : 4096);
            double hours = random.nextDouble() * Math.pow(10, random.nextInt(5)) / (1 - random.nextDouble() * 0.5);
            double price = Math.round(random.nextDouble() * Math.pow(10, 2 + random.nextInt(4))) / 1000.0;
            double rate = rates[random.nextInt(rates.length)];
            assertSameCents(gpus, hours, price, rate);
        }
    }

    @Test
    void aProductNearAHalfCentIsWorkedOutExactly() {
        // Hours chosen so that the amount is a half cent give products a few ulps either side of it in doubles.
        Random random = new Random(12);
        for (int i = 0; i < 100_000; i++) {
            double gpus = 1 + random.nextInt(512);
            double price = (1 + random.nextInt(99_999)) / 1000.0;
            double rate = i % 3 == 0 ? 7.1 : 1.0;
            double halfCent = (random.nextInt(100_000_000) + 0.5) / 100 * rate;
            double hours = halfCent / gpus / price;
            for (double h : new double[] {hours, Math.nextUp(hours), Math.nextDown(hours)}) {
                assertSameCents(gpus, h, price, rate);
            }
        }
        assertEquals(1288, Money.productCents(8, 10.0, 1.03 / 6.4, 1.0)); // 12.875 exactly, half up
        assertEquals(1288, Money.productCents(8, 10.0, 1.03 / 6.4 * 7.1, 7.1));
    }

    private static void assertSameCents(double gpus, double hours, double price, double rate) {
        assertEquals(Money.exactProductCents(gpus, hours, price, rate), Money.productCents(gpus, hours, price, rate),
                () -> gpus + " × " + hours + " × " + price + " / " + rate);
    }

    @Test
    void notFiniteAmountIsAnError() {
        assertThrows(ArithmeticException.class, () -> Money.cents(Double.NaN));
        assertThrows(ArithmeticException.class, () -> Money.cents(Double.POSITIVE_INFINITY));
        assertThrows(ArithmeticException.class, () -> Money.productCents(8, Double.NaN, 2.0, 1.0));
        assertThrows(ArithmeticException.class, () -> Money.productCents(8, 10, Double.POSITIVE_INFINITY, 1.0));
    }
}
