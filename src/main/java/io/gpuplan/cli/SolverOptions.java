package io.gpuplan.cli;

import io.gpuplan.solve.SolverSettings;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The solver options shared by {@code solve}, {@code compare} and {@code frontier}. */
final class SolverOptions {
    @Option(names = "--time-limit", paramLabel = "D", converter = DurationConverter.class, defaultValue = "60s",
            description = "wall-clock cap per scenario (default: ${DEFAULT-VALUE})")
    Duration timeLimit;

    @Option(names = "--unimproved-limit", paramLabel = "D", converter = DurationConverter.class,
            description = "stop when the best plan has not improved for this long (not reproducible)")
    Duration unimprovedLimit;

    @Option(names = "--move-limit", paramLabel = "N", defaultValue = "" + SolverSettings.DEFAULT_MOVE_LIMIT,
            description = "moves to evaluate, the reproducible limit; 0 for none (default: ${DEFAULT-VALUE})")
    long moveLimit;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + SolverSettings.DEFAULT_SEED,
            description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--no-warm-start", description = "start from Timefold's construction heuristic instead of the"
            + " reservation-aware greedy plan (for comparisons)")
    boolean noWarmStart;

    @Option(names = "--parallel", paramLabel = "N", description = "scenarios solved at once (default: the number of cores)")
    Integer parallel;

    SolverSettings settings() {
        return new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit, SolverSettings.defaults().environmentMode(),
                !noWarmStart);
    }

    int workers() {
        return parallel != null ? Math.max(1, parallel) : Batch.defaultParallelism();
    }
}
