package io.gpuplan.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Month shares by the largest remainder: whole cents that sum to the line, exact for any amount. */
class MonthlySplitTest {
    static final YearMonth JAN = YearMonth.of(2027, 1);
    static final YearMonth FEB = YearMonth.of(2027, 2);

    @Test
    void sharesFollowTheHoursAndTheLeftoverCentGoesToTheLargestRemainder() {
        Map<YearMonth, Long> hours = new LinkedHashMap<>();
        hours.put(JAN, 2L);
        hours.put(FEB, 1L);
        // 100 × 2/3 = 66.67 and 100 × 1/3 = 33.33: 66 + 33, the leftover cent to January's remainder of 2/3.
        assertEquals(Map.of(JAN, 67L, FEB, 33L), MonthlySplit.largestRemainder(100, hours));
    }

    @Test
    void anAmountWhoseProductWithTheHoursOverflowsALongIsStillSplitExactly() {
        Map<YearMonth, Long> hours = new LinkedHashMap<>();
        hours.put(JAN, 744L);
        hours.put(FEB, 672L);
        long cents = 4_000_000_000_000_000L; // × 744 is far beyond Long.MAX_VALUE
        Map<YearMonth, Long> shares = MonthlySplit.largestRemainder(cents, hours);
        assertEquals(cents, shares.get(JAN) + shares.get(FEB));
        // 4e15 × 744 / 1416 = 2,101,694,915,254,237 remainder 408; February's remainder 1,008 takes the cent left over.
        assertEquals(2_101_694_915_254_237L, shares.get(JAN));
    }
}
