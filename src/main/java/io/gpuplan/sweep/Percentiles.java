package io.gpuplan.sweep;

import java.util.Arrays;
import java.util.List;

/** R32.4: the statistics of a sample, the percentile by nearest rank: P_q = the ceil(q/100 × N)-th smallest value. */
public final class Percentiles {
    private Percentiles() {
    }

    public static long nearestRank(List<Long> values, int q) {
        long[] v = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(v);
        int rank = (int) Math.ceil(q / 100.0 * v.length);
        return v[Math.max(1, rank) - 1];
    }

    public static int nearestRankInt(List<Integer> values, int q) {
        return (int) nearestRank(values.stream().map(Integer::longValue).toList(), q);
    }

    /** The mean, rounded half up to a whole unit (cents). */
    public static long mean(List<Long> values) {
        java.math.BigDecimal sum = java.math.BigDecimal.ZERO;
        for (long x : values) {
            sum = sum.add(java.math.BigDecimal.valueOf(x));
        }
        return sum.divide(java.math.BigDecimal.valueOf(values.size()), 0, java.math.RoundingMode.HALF_UP).longValueExact();
    }
}
