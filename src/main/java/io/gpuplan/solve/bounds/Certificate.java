package io.gpuplan.solve.bounds;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What a solve proved, at both levels of the score (R23). Neither bound can exceed the true optimum: every plan
 * leaves at least {@code unplannedAtLeast} priority unplanned, and every plan that leaves no more unplanned priority
 * than the plan this certificate was made for costs at least {@code costBound}. What the certificate says of a plan
 * (proven optimal, the gap) is derived from these two facts and the plan's own figures.
 *
 * @param costBound   cents, or -1 when nothing is proven about cost
 * @param startedFrom how local search's final run began when not from the warm start (CP-SAT's plan), else null
 */
public record Certificate(long unplannedAtLeast, String unplannedBy, long costBound, String costBy, String startedFrom,
                          String note) {

    /** A certificate that proves nothing (a solve stopped early, or the solvers failed), saying why. */
    public static Certificate unavailable(String why) {
        return new Certificate(0, null, -1, null, null, why);
    }

    /**
     * Cents by which a proven cost bound may fall short of the optimum it proves: the LP sees each reservation at its
     * unrounded price, half a cent per reserved offer (R18 rounds each line), and a cent is given up to floating
     * point.
     */
    public static long slackCents(long reservedOffers) {
        return 1 + reservedOffers;
    }

    /** {@link #slackCents(long)} for the problem's reserved offers. */
    public static long slackCents(Problem problem) {
        return slackCents(problem.offers().stream().filter(Offer::isReserved).count());
    }

    public boolean unplannedProven(long unplannedPriority) {
        return unplannedBy != null && unplannedPriority <= unplannedAtLeast;
    }

    public boolean provenOptimal(long unplannedPriority, long costCents, long slackCents) {
        return unplannedProven(unplannedPriority) && costBound >= 0 && costCents - costBound <= slackCents;
    }

    /** (cost − bound) / bound, four decimals; null without a positive bound. */
    public BigDecimal gap(long costCents) {
        if (costBound <= 0) {
            return null;
        }
        return BigDecimal.valueOf(Math.max(0, costCents - costBound)).divide(BigDecimal.valueOf(costBound), 4, RoundingMode.HALF_UP);
    }

    /** "proven optimal", or "cost within X % of a proven bound; unplanned priority proven minimal / not proven". */
    public String statement(long unplannedPriority, long costCents, long slackCents) {
        if (unplannedBy == null && costBound < 0) {
            return "nothing proven: " + note;
        }
        if (provenOptimal(unplannedPriority, costCents, slackCents)) {
            return "proven optimal";
        }
        BigDecimal gap = gap(costCents);
        String cost = gap == null ? "no proven bound on cost" : "cost within "
                + gap.movePointRight(2).setScale(2, RoundingMode.HALF_UP).toPlainString() + " % of a proven bound";
        return cost + "; unplanned priority " + (unplannedProven(unplannedPriority) ? "proven minimal"
                : "not proven minimal (at least " + unplannedAtLeast + " must stay unplanned, this plan leaves " + unplannedPriority + ")");
    }
}
