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

    /** The start of a slot: a date for daily and weekly slots, a date-time for hourly ones. */
    public static String slotTime(Horizon h, int slot) {
        var t = h.slotStart(slot);
        return h.slotHours() % 24 == 0 ? t.toLocalDate().toString() : t.toString();
    }
}
