package io.gpuplan.solve.bounds;

import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.LinearSolve.Answer;
import io.gpuplan.solve.bounds.LinearSolve.Objective;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Arrays;
import java.util.List;

/**
 * GLOP on the priority LP of a relaxation too large to hand it whole (at L, a million columns: minutes per level): the
 * LP of each job's few cheapest columns and a plan's, then, round by round, the columns its multipliers price best
 * added back. Every round's multipliers are priced over all columns ({@link Relaxation#priorityBound}), so each gives
 * a valid bound; the best one is kept, and the rounds stop when no column improves or the time is up. (For cost,
 * {@link LagrangianAscent} replaced it: at L its rounds' bound fell below pool prices'.)
 */
final class ColumnGeneration {
    /** Columns per job in the first LP, and added per job and round. */
    static final int FIRST = 6;
    static final int ADDED = 3;
    /**
     * Rounds per solve: a count, not a time, so that the bound is the same on every machine (the wall-clock cap
     * behind it only binds on a short time limit).
     */
    static final int MAX_ROUNDS = 4;

    /** The best multipliers found, the bound they give over all columns, and the rounds it took. */
    record Result(double[] multipliers, double bound, int rounds) {
    }

    private final Relaxation full;
    private final boolean[] in;

    ColumnGeneration(Relaxation full) {
        this.full = full;
        this.in = new boolean[full.jobColumns()];
        for (int j = 0; j < full.jobs(); j++) {
            Integer[] byCost = columnsOf(full, j);
            Arrays.sort(byCost, (a, b) -> Double.compare(full.cost()[a], full.cost()[b]));
            for (int k = 0; k < Math.min(FIRST, byCost.length); k++) {
                in[byCost[k]] = true;
            }
        }
    }

    /** Column generation that starts with {@code plan}'s columns besides each job's cheapest ({@link #include}). */
    static ColumnGeneration from(Relaxation full, Decisions plan) {
        ColumnGeneration out = new ColumnGeneration(full);
        out.include(plan);
        return out;
    }

    /** Adds the columns of a plan's placements: an LP at the plan's priority then has a solution. */
    private void include(Decisions plan) {
        Map<String, Integer> placed = new HashMap<>();
        for (Placement p : plan.placements()) {
            placed.put(p.job() + "|" + p.offer() + "|" + p.gpus(), p.startSlot());
        }
        for (int c = 0; c < full.jobColumns(); c++) {
            Option o = full.option()[c];
            Integer start = placed.get(o.job().id() + "|" + o.offer().id() + "|" + o.gpus());
            // Aggregated columns (start -1) stand for every start in the option's window.
            in[c] |= start != null && (full.start()[c] < 0 || full.start()[c] == start);
        }
    }

    /** The priority LP's multipliers, round by round, the best kept (by {@link Relaxation#priorityBound}). */
    Result solve(double seconds, Stopper stopper) {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        Result best = new Result(new double[full.rows()], Double.POSITIVE_INFINITY, 0);
        for (int round = 1; round <= MAX_ROUNDS && !stopper.stopped(); round++) {
            double left = (deadline - System.nanoTime()) / 1e9;
            if (left <= 0) {
                break;
            }
            Relaxation part = full.restrictedTo(in);
            Answer lp = LinearSolve.solve(part, Objective.PRIORITY, 0, false, left, null, stopper);
            if (!lp.optimal()) {
                break;
            }
            double[] v = lp.multipliers();
            double bound = full.priorityBound(v);
            if (bound < best.bound()) {
                best = new Result(v, bound, round);
            }
            if (add(v, lp.objective(), bound) == 0) {
                break;
            }
        }
        return best;
    }

    /** Adds each job's best-priced columns that beat its best column in the LP; returns how many. */
    private int add(double[] v, double lpValue, double bound) {
        // The LP's value equals the full bound when no column prices better: then it is the full LP's optimum.
        if (Math.abs(lpValue - bound) <= 1e-7 * Math.max(1, Math.abs(lpValue))) {
            return 0;
        }
        int added = 0;
        for (int j = 0; j < full.jobs(); j++) {
            double inBest = Double.POSITIVE_INFINITY;
            List<double[]> better = new ArrayList<>();
            for (int c = full.jobFirst()[j]; c < full.jobFirst()[j + 1]; c++) {
                double reduced = full.priced(c, v) - full.priority()[j];
                if (in[c]) {
                    inBest = Math.min(inBest, reduced);
                } else {
                    better.add(new double[] {reduced, c});
                }
            }
            double cut = Math.min(inBest, 0) - 1e-9;
            better.removeIf(b -> b[0] >= cut);
            better.sort((a, b) -> Double.compare(a[0], b[0]));
            for (int k = 0; k < Math.min(ADDED, better.size()); k++) {
                in[(int) better.get(k)[1]] = true;
                added++;
            }
        }
        return added;
    }

    private static Integer[] columnsOf(Relaxation r, int job) {
        Integer[] out = new Integer[r.jobFirst()[job + 1] - r.jobFirst()[job]];
        for (int k = 0; k < out.length; k++) {
            out[k] = r.jobFirst()[job] + k;
        }
        return out;
    }
}
