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
     * unrounded price, half a cent per reserved offer (R18 rounds each line) and half a cent more for its R29 line
     * (rounded once, the LP sees it unrounded: one cent per reserved offer in all), and a cent is given up to floating
     * point.
     */
    public static long slackCents(long reservedOffers) {
        return 1 + reservedOffers;
    }

    /**
     * {@link #slackCents(long)} for the problem's pool lines: two per reserved offer (R18, and R29, which CP-SAT writes
     * linearly, up to a cent below the rule), two per owned one (R28's depreciation and operations).
     */
    public static long slackCents(Problem problem) {
        return slackCents(problem.offers().stream().mapToLong(o -> o.isOwned() || o.isReserved() ? 2 : 0).sum());
    }

    /** Nothing left out is minimal without proof; otherwise the bound must reach the plan's unplanned priority. */
    public boolean unplannedProven(long unplannedPriority) {
        return unplannedPriority == 0 || unplannedBy != null && unplannedPriority <= unplannedAtLeast;
    }

    public boolean provenOptimal(long unplannedPriority, long costCents, long slackCents) {
        return unplannedProven(unplannedPriority) && costBound >= 0 && withinSlack(costCents, slackCents);
    }

    /** Whether the cost is no more than {@code slackCents} above the bound: the cost level proven optimal. */
    private boolean withinSlack(long costCents, long slackCents) {
        return costCents - costBound <= slackCents;
    }

    /**
     * (cost − bound) / bound, rounded up at the fourth decimal, so "within X %" is never below the true gap (half-up
     * would state a gap of 0.974 % as "within 0.97 %", and a few dollars on millions as "within 0.00 %" of a plan that
     * is not proven optimal); 0 within {@code slackCents} of the bound, where the plan is proven optimal. Null without
     * a positive bound.
     */
    public BigDecimal gap(long costCents, long slackCents) {
        if (costBound <= 0) {
            return null;
        }
        long over = withinSlack(costCents, slackCents) ? 0 : costCents - costBound;
        return BigDecimal.valueOf(over).divide(BigDecimal.valueOf(costBound), 4, RoundingMode.CEILING);
    }

    /**
     * The gap a plan leaving {@code unplannedPriority} out may state: only when that priority is proven minimal, since
     * the cost bound holds for plans that leave as much out, and a plan that runs more may cost more (issue 11).
     */
    public BigDecimal gap(long unplannedPriority, long costCents, long slackCents) {
        return unplannedProven(unplannedPriority) ? gap(costCents, slackCents) : null;
    }

    /**
     * "proven optimal", "cost within X % of a proven bound; unplanned priority proven minimal", or, when the
     * unplanned priority is not proven minimal, that (first) and no gap.
     */
    public String statement(long unplannedPriority, long costCents, long slackCents) {
        if (unplannedBy == null && costBound < 0) {
            return "nothing proven: " + note;
        }
        if (provenOptimal(unplannedPriority, costCents, slackCents)) {
            return "proven optimal";
        }
        if (!unplannedProven(unplannedPriority)) {
            return "unplanned priority not proven minimal (at least " + unplannedAtLeast + " must stay unplanned, this"
                    + " plan leaves " + unplannedPriority + "); no cost gap stated: the cost bound holds only for plans"
                    + " that leave as much out";
        }
        BigDecimal gap = gap(costCents, slackCents);
        String cost = gap == null ? "no proven bound on cost" : "cost within "
                + gap.movePointRight(2).toPlainString() + " % of a proven bound";
        return cost + "; unplanned priority proven minimal";
    }
}
