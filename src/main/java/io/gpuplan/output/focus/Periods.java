package io.gpuplan.output.focus;

import io.gpuplan.problem.Horizon;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Months, charge periods, shares and number formats of the FOCUS CSV. */
final class Periods {
    private static final DateTimeFormatter INSTANT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss'Z'");

    private Periods() {
    }

    /** A line's time span {@code [from, to)} in slots, as {@link io.gpuplan.rules.MonthlySplit} spreads it. */
    record Span(int fromSlot, int toSlot) {
        LocalDateTime start(Horizon h) {
            return h.slotStart(fromSlot);
        }

        LocalDateTime end(Horizon h) {
            return h.slotStart(Math.max(fromSlot + 1, toSlot));
        }

        /** Hours of the span in each calendar month, in month order (the weights MonthlySplit uses). */
        Map<YearMonth, Long> hoursByMonth(Horizon h) {
            Map<YearMonth, Long> hours = new LinkedHashMap<>();
            LocalDateTime to = end(h);
            for (LocalDateTime cursor = start(h); cursor.isBefore(to); ) {
                YearMonth month = YearMonth.from(cursor);
                LocalDateTime next = monthStart(month.plusMonths(1));
                LocalDateTime stop = next.isBefore(to) ? next : to;
                hours.merge(month, Duration.between(cursor, stop).toHours(), Long::sum);
                cursor = stop;
            }
            return hours;
        }

        /** The part of the span that falls in {@code month}: ChargePeriodStart and ChargePeriodEnd. */
        LocalDateTime[] within(Horizon h, YearMonth month) {
            LocalDateTime from = max(start(h), monthStart(month));
            LocalDateTime to = min(end(h), monthStart(month.plusMonths(1)));
            return from.isBefore(to) ? new LocalDateTime[] {from, to}
                    : new LocalDateTime[] {monthStart(month), monthStart(month.plusMonths(1))};
        }
    }

    static LocalDateTime monthStart(YearMonth month) {
        return month.atDay(1).atStartOfDay();
    }

    /** ISO 8601 in UTC, as FOCUS's DateTimeFormat asks: {@code 2027-01-01T00:00:00Z}. */
    static String instant(LocalDateTime t) {
        return INSTANT.format(t);
    }

    /**
     * Splits {@code amount} (whole units: cents, GPU-hours, 1e-4 GPU-hours) over keys in proportion to their weights
     * by the largest-remainder method; ties go to the key that comes first. The shares sum to {@code amount}.
     * With no weight at all, everything goes to the first key.
     */
    static <K> Map<K, Long> apportion(long amount, Map<K, Long> weights) {
        Map<K, Long> out = new LinkedHashMap<>();
        long total = weights.values().stream().mapToLong(Long::longValue).sum();
        if (weights.isEmpty()) {
            return out;
        }
        if (total <= 0) {
            weights.keySet().forEach(k -> out.put(k, 0L));
            out.put(weights.keySet().iterator().next(), amount);
            return out;
        }
        List<Map.Entry<K, BigDecimal>> remainders = new ArrayList<>();
        long assigned = 0;
        BigDecimal big = BigDecimal.valueOf(amount);
        for (Map.Entry<K, Long> e : weights.entrySet()) {
            BigDecimal[] qr = big.multiply(BigDecimal.valueOf(e.getValue())).divideAndRemainder(BigDecimal.valueOf(total));
            long share = qr[0].longValueExact();
            out.put(e.getKey(), share);
            assigned += share;
            remainders.add(Map.entry(e.getKey(), qr[1]));
        }
        // A stable sort keeps ties in key order.
        remainders.sort(Comparator.comparing((Map.Entry<K, BigDecimal> e) -> e.getValue()).reversed());
        for (int i = 0; assigned < amount; i++, assigned++) {
            out.merge(remainders.get(i % remainders.size()).getKey(), 1L, Long::sum);
        }
        return out;
    }

    /** Money with two decimals: {@code 1234.50}. */
    static String money(long cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }

    /** A unit price or rate as given (the double's shortest decimal form), without trailing zeros. */
    static String number(double v) {
        return plain(BigDecimal.valueOf(v));
    }

    /** A quantity held in units of 1e-4 (four decimals), without trailing zeros. */
    static String quantity(long tenThousandths) {
        return plain(BigDecimal.valueOf(tenThousandths, 4));
    }

    /** A quantity in units of 1e-4, rounded half-up from a double. */
    static long tenThousandths(double v) {
        return BigDecimal.valueOf(v).setScale(4, RoundingMode.HALF_UP).movePointRight(4).longValueExact();
    }

    private static String plain(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        return (s.scale() < 0 ? s.setScale(0) : s).toPlainString();
    }

    private static LocalDateTime max(LocalDateTime a, LocalDateTime b) {
        return a.isAfter(b) ? a : b;
    }

    private static LocalDateTime min(LocalDateTime a, LocalDateTime b) {
        return a.isBefore(b) ? a : b;
    }
}
