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
 * @param exactSeconds     CP-SAT's deterministic time per level for the certificate (and a plan); 0 for none
 */
public record SolverSettings(long seed, long moveLimit, Duration timeLimit, Duration unimprovedLimit,
                             EnvironmentMode environmentMode, boolean warmStart, double exactSeconds) {
    public static final long DEFAULT_SEED = 42;
    public static final long DEFAULT_MOVE_LIMIT = 500_000;
    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(300);
    public static final double DEFAULT_EXACT_SECONDS = 10;

    public SolverSettings(long seed, long moveLimit, Duration timeLimit, Duration unimprovedLimit,
                          EnvironmentMode environmentMode, boolean warmStart) {
        this(seed, moveLimit, timeLimit, unimprovedLimit, environmentMode, warmStart, DEFAULT_EXACT_SECONDS);
    }

    public static SolverSettings defaults() {
        return new SolverSettings(DEFAULT_SEED, DEFAULT_MOVE_LIMIT, DEFAULT_TIME_LIMIT, null, EnvironmentMode.PHASE_ASSERT, true);
    }

    /** A solve's safety cap when only its move limit may stop it: far beyond what any move limit here takes. */
    public static final Duration SAFETY_CAP = Duration.ofHours(6);

    /**
     * Settings that give the same plan on every machine and engine: stopped by {@code moveLimit} moves only (the
     * time limit is {@link #SAFETY_CAP}), CP-SAT off (its budget is not deterministic across machines).
     */
    public static SolverSettings reproducible(long seed, long moveLimit) {
        return new SolverSettings(seed, moveLimit, SAFETY_CAP, null, defaults().environmentMode(), true, 0);
    }

    public SolverSettings withMoveLimit(long moves) {
        return new SolverSettings(seed, moves, timeLimit, unimprovedLimit, environmentMode, warmStart, exactSeconds);
    }

    public SolverSettings withWarmStart(boolean on) {
        return new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit, environmentMode, on, exactSeconds);
    }

    public SolverSettings withEnvironmentMode(EnvironmentMode mode) {
        return new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit, mode, warmStart, exactSeconds);
    }

    public SolverSettings withTimeLimit(Duration limit) {
        return new SolverSettings(seed, moveLimit, limit, unimprovedLimit, environmentMode, warmStart, exactSeconds);
    }

    public SolverSettings withExactSeconds(double seconds) {
        return new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit, environmentMode, warmStart, seconds);
    }

    /**
     * For local search's run from the exact MIP's plan, a tenth of
     * the move limit and of the time limit (the plan is already good), at least one second.
     */
    SolverSettings polish() {
        long moves = moveLimit > 0 ? Math.max(1, moveLimit / 10) : 0;
        Duration time = timeLimit.dividedBy(10).compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : timeLimit.dividedBy(10);
        return new SolverSettings(seed, moves, time, null, environmentMode, true, exactSeconds);
    }
}
