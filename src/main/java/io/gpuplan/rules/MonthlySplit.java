package io.gpuplan.rules;

import io.gpuplan.problem.Horizon;
import java.math.BigInteger;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Spreads a line's cents over the calendar months of the slots it occupies, in proportion to the hours in each
 * month; remainders go by the largest-remainder method (ties to the earlier month) so the months sum to the line.
 */
public final class MonthlySplit {
    private MonthlySplit() {
    }

    /** Splits {@code cents} over slots {@code [fromSlot, toSlot)}. */
    public static Map<YearMonth, Long> split(long cents, Horizon horizon, int fromSlot, int toSlot) {
        Map<YearMonth, Long> hours = new LinkedHashMap<>();
        LocalDateTime from = horizon.slotStart(fromSlot);
        LocalDateTime to = horizon.slotStart(Math.max(fromSlot + 1, toSlot));
        LocalDateTime cursor = from;
        while (cursor.isBefore(to)) {
            YearMonth month = YearMonth.from(cursor);
            LocalDateTime next = month.plusMonths(1).atDay(1).atStartOfDay();
            LocalDateTime end = next.isBefore(to) ? next : to;
            hours.merge(month, java.time.Duration.between(cursor, end).toHours(), Long::sum);
            cursor = end;
        }
        return largestRemainder(cents, hours);
    }

    static Map<YearMonth, Long> largestRemainder(long cents, Map<YearMonth, Long> weights) {
        // Exact products: cents × hours overflows a long for amounts above ~1e15 cents (refused prices aside).
        BigInteger total = BigInteger.valueOf(weights.values().stream().mapToLong(Long::longValue).sum());
        BigInteger amount = BigInteger.valueOf(cents);
        Map<YearMonth, Long> out = new LinkedHashMap<>();
        List<Map.Entry<YearMonth, BigInteger>> remainders = new ArrayList<>();
        long assigned = 0;
        for (Map.Entry<YearMonth, Long> e : weights.entrySet()) {
            BigInteger[] share = amount.multiply(BigInteger.valueOf(e.getValue())).divideAndRemainder(total);
            out.put(e.getKey(), share[0].longValueExact());
            assigned += share[0].longValueExact();
            remainders.add(Map.entry(e.getKey(), share[1]));
        }
        remainders.sort(Comparator.comparing((Map.Entry<YearMonth, BigInteger> e) -> e.getValue()).reversed()
                .thenComparing(Map.Entry::getKey));
        // Fewer than one cent per month is left over.
        for (int i = 0; assigned < cents; i++, assigned++) {
            out.merge(remainders.get(i % remainders.size()).getKey(), 1L, Long::sum);
        }
        return out;
    }
}
