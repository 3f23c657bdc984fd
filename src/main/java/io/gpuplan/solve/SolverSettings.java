package io.gpuplan.solve;

import ai.timefold.solver.core.config.solver.EnvironmentMode;
import java.time.Duration;

/**
 * How long and how a solve runs. A solve stops at whichever limit comes first. Only the move-count limit gives the
 * same plan on every machine; the time limits are safety caps (MODEL.md reproducibility note in the README).
 *
 * @param moveLimit        moves evaluated before stopping; 0 for none
 * @param timeLimit        wall-clock cap, always set
 * @param unimprovedLimit  stop when the best score has not improved for this long; null for none
 * @param warmStart        start local search from {@link WarmStart}'s plan instead of Timefold's construction heuristic
 */
public record SolverSettings(long seed, long moveLimit, Duration timeLimit, Duration unimprovedLimit,
                             EnvironmentMode environmentMode, boolean warmStart) {
    public static final long DEFAULT_SEED = 42;
    public static final long DEFAULT_MOVE_LIMIT = 500_000;
    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(60);

    public static SolverSettings defaults() {
        return new SolverSettings(DEFAULT_SEED, DEFAULT_MOVE_LIMIT, DEFAULT_TIME_LIMIT, null, EnvironmentMode.PHASE_ASSERT, true);
    }

    public SolverSettings withMoveLimit(long moves) {
        return new SolverSettings(seed, moves, timeLimit, unimprovedLimit, environmentMode, warmStart);
    }

    public SolverSettings withWarmStart(boolean on) {
        return new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit, environmentMode, on);
    }

    public SolverSettings withEnvironmentMode(EnvironmentMode mode) {
        return new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit, mode, warmStart);
    }
}
