package io.gpuplan.solve.bounds;

import io.gpuplan.solve.Stopper;
import java.util.Arrays;

/**
 * Multipliers for {@link Relaxation#costBound} where no LP solver gives good ones: at L the aggregated relaxation has
 * about a million columns, which GLOP solves whole in ten minutes, and column generation's restricted LPs gave
 * multipliers whose bound fell below pool prices' (37.8 M against 42.0 M USD on L seed 1, in 54 s). Subgradient ascent
 * climbs the Lagrangian itself, one pass over the columns per step: from pool prices it reached 66.3 M there in 13 s
 * (the LP's optimum, the most any multipliers give: 66.6 M; docs/benchmarks.md, issue 10's thirtieth session).
 *
 * <p>Each step moves the multipliers along the Lagrangian's subgradient ({@code A x - b} for its minimizer {@code x},
 * with the level's row), each row scaled by its largest coefficient (GPU-slot rows and budget rows in cents differ by
 * orders of magnitude), by Polyak's step towards a target cost, halved after {@link #PATIENCE} steps without a better
 * bound. Every step's multipliers are non-negative, so every value is a bound (weak duality); the best is kept. A
 * count of steps, not a time, so the bound is the same on every machine.
 */
final class LagrangianAscent {
    /**
     * Steps: at L 13 s on a core, within 0.5 % of the LP's optimum; on 60-job quarters 0.2 s, within 0.3 % (300 steps:
     * 1.5 % at L; docs/benchmarks.md).
     */
    static final int STEPS = 500;
    /** Steps without a better bound before the step length halves: 10 or 20 halved it too soon on small quarters. */
    static final int PATIENCE = 30;
    /** The target's least margin above the best bound so far (a target below it would step backwards). */
    private static final double MARGIN = 0.05;

    /** The best multipliers found and their bound. */
    record Result(double[] multipliers, double multiplierOfLevel, double bound) {
    }

    private LagrangianAscent() {
    }

    /**
     * Climbs from {@code v} and {@code w} (the level's multiplier) towards {@code target}, a cost at least the
     * relaxation's optimum at the level where one is known (a plan's), for {@link #STEPS} steps, or until stopped or
     * {@code deadline} (System.nanoTime) passes.
     */
    static Result ascend(Relaxation r, double[] v, double w, long level, double target, Stopper stopper, long deadline) {
        int rows = r.rows();
        double[] squaredScale = squaredRowScales(r);
        double[] use = new double[rows + 1];
        double[] now = v.clone();
        double levelMultiplier = w;
        Result best = new Result(now.clone(), w, Double.NEGATIVE_INFINITY); // the first step evaluates the start
        double step = 1;
        int unimproved = 0;
        for (int s = 0; s < STEPS && !stopper.stopped() && System.nanoTime() - deadline < 0; s++) {
            Arrays.fill(use, 0); // becomes A x - b below
            double value = r.costBound(now, levelMultiplier, level, use);
            if (!Double.isFinite(value)) {
                // A pool with no limit turned free: back to the best multipliers, with shorter steps.
                now = best.multipliers().clone();
                levelMultiplier = best.multiplierOfLevel();
                step /= 2;
                continue;
            }
            if (value > best.bound()) {
                best = new Result(now.clone(), levelMultiplier, value);
                unimproved = 0;
            } else if (++unimproved >= PATIENCE) {
                step /= 2;
                unimproved = 0;
            }
            double norm = 0;
            for (int k = 0; k < rows; k++) {
                use[k] -= r.rhs()[k];
                if (now[k] <= 0 && use[k] < 0) {
                    use[k] = 0; // the multiplier stays at 0
                }
                norm += use[k] * use[k] * squaredScale[k];
            }
            double levelUse = level - use[rows];
            if (levelMultiplier <= 0 && levelUse < 0) {
                levelUse = 0;
            }
            norm += levelUse * levelUse;
            if (norm == 0) {
                break; // the minimizer meets every row: the relaxation's optimum
            }
            double towards = Math.max(target, best.bound() + MARGIN * Math.abs(best.bound()));
            double length = step * (towards - value) / norm;
            for (int k = 0; k < rows; k++) {
                now[k] = Math.max(0, now[k] + length * use[k] * squaredScale[k]);
            }
            levelMultiplier = Math.max(0, levelMultiplier + length * levelUse);
        }
        return best;
    }

    /** Per row, the square of one over its largest coefficient in absolute value (1 for an empty row). */
    private static double[] squaredRowScales(Relaxation r) {
        double[] most = new double[r.rows()];
        for (int e = 0; e < r.entryRow().length; e++) {
            most[r.entryRow()[e]] = Math.max(most[r.entryRow()[e]], Math.abs(r.entryCoef()[e]));
        }
        for (int k = 0; k < most.length; k++) {
            most[k] = most[k] == 0 ? 1 : 1 / (most[k] * most[k]);
        }
        return most;
    }
}
