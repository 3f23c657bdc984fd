package io.gpuplan.sweep;

import io.gpuplan.sizing.Money;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * R32.5: among the candidates that leave the least expected priority unplanned (priority first, as R23), the one of
 * least {@link Objective} cost; ties go to the earlier candidate. The reason compares it with the median scenario's
 * own commitment (candidate 0) at P50 and P90.
 */
public record Recommendation(int index, String reason) {
    public static Recommendation of(List<CandidateStats> all, Objective objective, String currency) {
        long leastPriority = all.stream().mapToLong(CandidateStats::unplannedPrioritySum).min().orElse(0);
        CandidateStats best = all.stream().filter(s -> s.unplannedPrioritySum() == leastPriority)
                .min(Comparator.comparingLong((CandidateStats s) -> s.cents(objective))
                        .thenComparingLong(CandidateStats::expectedCents).thenComparingInt(CandidateStats::index))
                .orElseThrow();
        CandidateStats median = all.get(0);
        StringBuilder sb = new StringBuilder();
        if (best.index() == median.index()) {
            sb.append("the median scenario's own commitment (").append(best.candidate().describe()).append(") has the least ")
                    .append(objective.label()).append(" of the ").append(all.size()).append(" candidates: ")
                    .append(Money.format(best.cents(objective))).append(' ').append(currency);
        } else {
            double p50 = percent(best.p50Cents(), median.p50Cents());
            double p90 = percent(best.p90Cents(), median.p90Cents());
            sb.append("buying ").append(buying(best.candidate())).append(" instead of ")
                    .append(buying(median.candidate())).append(" (the median scenario's own) costs ")
                    .append(change(p50)).append(" at P50 ").append(Math.signum(p50) * Math.signum(p90) < 0 ? "but " : "and ")
                    .append(change(p90)).append(" at P90 (expected cost ")
                    .append(change(percent(best.expectedCents(), median.expectedCents()))).append("), so it has the least ")
                    .append(objective.label()).append(": ").append(Money.format(best.cents(objective))).append(' ')
                    .append(currency).append(" against ").append(Money.format(median.cents(objective))).append(' ').append(currency);
        }
        long excluded = all.stream().filter(s -> s.unplannedPrioritySum() > leastPriority).count();
        if (excluded > 0) {
            sb.append("; ").append(excluded).append(excluded == 1 ? " candidate leaves" : " candidates leave")
                    .append(" more priority unplanned on average and ").append(excluded == 1 ? "is" : "are")
                    .append(" not recommended whatever it costs (priority first, R23)");
        }
        return new Recommendation(best.index(), sb.toString());
    }

    /** What "buying X" says of a candidate: its levels, or "nothing". */
    static String buying(Candidate c) {
        return c.totalGpus() == 0 ? "nothing" : c.describe();
    }

    /** (a − b) / b × 100; 0 when b is 0. */
    static double percent(long a, long b) {
        return b == 0 ? 0 : (a - b) * 100.0 / b;
    }

    static String change(double pct) {
        String v = String.format(Locale.ROOT, "%.1f %%", Math.abs(pct));
        return pct > 0 ? v + " more" : pct < 0 ? v + " less" : "the same";
    }
}
