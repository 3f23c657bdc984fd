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
        long total = weights.values().stream().mapToLong(Long::longValue).sum();
        Map<YearMonth, Long> out = new LinkedHashMap<>();
        List<Map.Entry<YearMonth, Long>> remainders = new ArrayList<>();
        // cents × hours overflows a long for amounts above ~1e15 cents: those are split exactly in BigInteger (the
        // warm start splits every plan it tries, so the common case stays in longs).
        boolean exact = cents > Long.MAX_VALUE / Math.max(1, total);
        long assigned = 0;
        for (Map.Entry<YearMonth, Long> e : weights.entrySet()) {
            long share;
            long remainder;
            if (exact) {
                BigInteger[] q = BigInteger.valueOf(cents).multiply(BigInteger.valueOf(e.getValue()))
                        .divideAndRemainder(BigInteger.valueOf(total));
                share = q[0].longValueExact();
                remainder = q[1].longValueExact();
            } else {
                share = Math.floorDiv(cents * e.getValue(), total);
                remainder = cents * e.getValue() - share * total;
            }
            out.put(e.getKey(), share);
            assigned += share;
            remainders.add(Map.entry(e.getKey(), remainder));
        }
        remainders.sort(Comparator.comparing((Map.Entry<YearMonth, Long> e) -> e.getValue()).reversed()
                .thenComparing(Map.Entry::getKey));
        // Less than one cent per month is left over.
        for (int i = 0; assigned < cents; i++, assigned++) {
            out.merge(remainders.get(i % remainders.size()).getKey(), 1L, Long::sum);
        }
        return out;
    }
}
