package io.gpuplan.grid;

import ai.timefold.solver.core.config.solver.EnvironmentMode;
import io.gpuplan.solve.SolverSettings;
import java.io.Serializable;
import java.time.Duration;

/**
 * {@link SolverSettings} as plain numbers, to travel in a {@link GridTask} (durations in nanoseconds, the environment
 * mode by name): the same settings rebuilt on any engine.
 */
public record GridSettings(long seed, long moveLimit, long timeLimitNanos, Long unimprovedLimitNanos,
                           String environmentMode, boolean warmStart, double exactSeconds) implements Serializable {
    public static GridSettings of(SolverSettings s) {
        return new GridSettings(s.seed(), s.moveLimit(), s.timeLimit().toNanos(),
                s.unimprovedLimit() == null ? null : s.unimprovedLimit().toNanos(), s.environmentMode().name(),
                s.warmStart(), s.exactSeconds());
    }

    public SolverSettings settings() {
        return new SolverSettings(seed, moveLimit, Duration.ofNanos(timeLimitNanos),
                unimprovedLimitNanos == null ? null : Duration.ofNanos(unimprovedLimitNanos),
                EnvironmentMode.valueOf(environmentMode), warmStart, exactSeconds);
    }
}
