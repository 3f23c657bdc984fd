package io.gpuplan.solve.bounds;

import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.LinearSolve.Answer;
import io.gpuplan.solve.bounds.LinearSolve.Objective;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relaxation's bound on the cost of plans running at least a priority level: its LP's Lagrangian, or where no
 * LP optimum is read (too large for GLOP, or cut by the clock), the Lagrangian at multipliers climbed to from pool
 * prices ({@link LagrangianAscent}; above {@link #ASCENT_FIRST_COLUMNS} before GLOP starts).
 */
final class CostLp {
    private static final Logger LOG = LoggerFactory.getLogger(Certifier.class); // a step of the certifier's, logged as one
    /**
     * Columns above which the ascent runs before GLOP, so that its bound stands if the clock cuts the LP: at M (90,000-
     * 140,000 columns) a cost LP takes 10-20 s of a core beside local search, and cut short it left pool prices' bound
     * (M seed 7: 4.04 M where the ascent gives 5.49 M in a second and the LP 7.46 M).
     */
    static final int ASCENT_FIRST_COLUMNS = 50_000;

    private final Relaxation relaxation;
    /** Whether GLOP is not run at all ({@link Certifier#MAX_LP_COLUMNS}). */
    private final boolean lpTooLarge;
    private final String lpName;
    private final Stopper stopper;
    private final long deadline;
    /** The start plan's cost in cents, the target the ascent climbs towards (read only where it runs). */
    private final DoubleSupplier startCents;
    /** The LP's column values where GLOP solved it to optimality (null: not). */
    private double[] values;

    CostLp(Relaxation relaxation, boolean lpTooLarge, String lpName, Stopper stopper, long deadline, DoubleSupplier startCents) {
        this.relaxation = relaxation;
        this.lpTooLarge = lpTooLarge;
        this.lpName = lpName;
        this.stopper = stopper;
        this.deadline = deadline;
        this.startCents = startCents;
    }

    /** Multipliers of the cost relaxation, the Lagrangian bound they give and what found them. */
    private record Multipliers(double[] v, double w, double bound, String by) {
    }

    /** The bound at {@code level} in cents, valid for the plan's rounding, and what proved it; null when none is finite. */
    Certifier.LevelBound at(long level) {
        double[] prices = relaxation.poolPrices();
        double w = relaxation.levelMultiplier(prices, level);
        Multipliers best = new Multipliers(prices, w, relaxation.costBound(prices, w, level), "Lagrangian of the "
                + relaxation.kind() + " relaxation at pool prices, for plans running at least " + level + " priority");
        boolean climbFirst = lpTooLarge || relaxation.columns() > ASCENT_FIRST_COLUMNS;
        if (climbFirst) {
            best = climbed(best, level);
        }
        boolean solved = false;
        if (!stopper.stopped() && !lpTooLarge) {
            Answer lp = LinearSolve.solve(relaxation, Objective.COST, level, false, seconds(), null, stopper);
            solved = lp.optimal();
            values = solved ? lp.values() : null;
            double fromLp = relaxation.costBound(lp.multipliers(), lp.multiplierOfLevel(), level);
            if (fromLp >= best.bound()) {
                best = new Multipliers(lp.multipliers(), lp.multiplierOfLevel(), fromLp,
                        lpName + " of plans running at least " + level + " priority, certified by its Lagrangian");
            }
        }
        if (!solved && !climbFirst) {
            // No LP optimum to read (GLOP cut short): climb from the best multipliers so far.
            best = climbed(best, level);
        }
        LOG.debug("step 2: cost bound {} at {} priority ({})", Math.round(best.bound()), level, best.by());
        if (!Double.isFinite(best.bound())) {
            return null;
        }
        // The LP prices each pool's lines unrounded; the plan rounds each line half-up, so it may be half a cent
        // below per line: two lines per pool (R18 and R29, or R28's depreciation and operations).
        return new Certifier.LevelBound(level, Math.max(0, Certifier.floorDown(best.bound() - relaxation.pools())), best.by());
    }

    /** The LP's optimal column values at the last level bounded, or null. */
    double[] values() {
        return values;
    }

    /** {@code from}, or the multipliers {@link LagrangianAscent} climbs to from them when they bound higher. */
    private Multipliers climbed(Multipliers from, long level) {
        if (stopper.stopped()) {
            return from;
        }
        LagrangianAscent.Result r = LagrangianAscent.ascend(relaxation, from.v(), from.w(), level, startCents.getAsDouble(),
                stopper, deadline);
        return r.bound() > from.bound() ? new Multipliers(r.multipliers(), r.multiplierOfLevel(), r.bound(),
                "Lagrangian of the " + relaxation.kind() + " relaxation at multipliers found by subgradient ascent, "
                        + "for plans running at least " + level + " priority") : from;
    }

    /** What is left of the time cap, at least 10 ms (a solver given nothing may not stop at once). */
    private double seconds() {
        return Math.max(0.01, (deadline - System.nanoTime()) / 1e9);
    }
}
