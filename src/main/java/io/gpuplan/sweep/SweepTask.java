package io.gpuplan.sweep;

import io.gpuplan.previous.PreviousPlanText;
import java.io.Serializable;
import java.util.TreeMap;

/**
 * R32: one scenario solve, all a worker needs to rebuild and solve it (the problem as text: {@code Problem} is not
 * Serializable, and a Spark executor has no access to the file).
 *
 * @param fileName  what error messages call the problem
 * @param scenario  the scenario's index (0: the median scenario)
 * @param seed      the sweep's seed (which scenarios)
 * @param fixed     stage 2: the candidate's GPUs per committed offer id; null in stage 1 (commitments free)
 * @param moveLimit moves per solve (never a wall-clock limit: the same task gives the same result everywhere)
 * @param solveSeed the solver's random seed
 * @param previous  R31: the previous plan the problem continues, or null
 */
public record SweepTask(String problemText, String fileName, int scenario, long seed, int candidate,
                        TreeMap<String, Integer> fixed, long moveLimit, long solveSeed, PreviousPlanText previous)
        implements Serializable {
    /** A task of a problem that continues no previous plan. */
    public SweepTask(String problemText, String fileName, int scenario, long seed, int candidate,
                     TreeMap<String, Integer> fixed, long moveLimit, long solveSeed) {
        this(problemText, fileName, scenario, seed, candidate, fixed, moveLimit, solveSeed, null);
    }

    public boolean stageOne() {
        return fixed == null;
    }
}
