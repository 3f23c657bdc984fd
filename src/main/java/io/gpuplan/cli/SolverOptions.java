package io.gpuplan.cli;

import io.gpuplan.solve.SolverSettings;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The solver options shared by {@code solve}, {@code compare} and {@code frontier}. */
final class SolverOptions {
    @Option(names = "--time-limit", paramLabel = "D", converter = DurationConverter.class, defaultValue = "300s",
            description = "wall-clock cap per scenario (default: ${DEFAULT-VALUE})")
    Duration timeLimit;

    @Option(names = "--unimproved-limit", paramLabel = "D", converter = DurationConverter.class,
            description = "stop when the best plan has not improved for this long (not reproducible)")
    Duration unimprovedLimit;

    @Option(names = "--move-limit", paramLabel = "N", defaultValue = "" + SolverSettings.DEFAULT_MOVE_LIMIT,
            converter = CountConverters.NonNegative.class,
            description = "moves to evaluate, the reproducible limit; 0 for none (default: ${DEFAULT-VALUE})")
    long moveLimit;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + SolverSettings.DEFAULT_SEED,
            description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    double exactEffort;

    @Option(names = "--exact-effort", paramLabel = "S", defaultValue = "" + SolverSettings.DEFAULT_EXACT_SECONDS,
            description = "CP-SAT's work per level in deterministic seconds (each several of the clock): proves small"
                    + " quarters optimal, may find the plan local search starts from, and after a move-limited local"
                    + " search re-plans sets of jobs on twice it; 0 to skip it (default: ${DEFAULT-VALUE})")
    void exactEffort(double seconds) {
        if (!(seconds >= 0 && seconds <= 3_600)) {
            throw new ParameterException(mixee.commandLine(), "--exact-effort must be from 0 to 3600 (seconds), got " + seconds);
        }
        exactEffort = seconds;
    }

    @Option(names = "--no-warm-start", description = "start from Timefold's construction heuristic instead of the"
            + " reservation-aware greedy plan (for comparisons)")
    boolean noWarmStart;

    @Option(names = "--parallel", paramLabel = "N", converter = CountConverters.Positive.class,
            description = "scenarios solved at once (default: the number of cores)")
    Integer parallel;

    SolverSettings settings() {
        return new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit, SolverSettings.defaults().environmentMode(),
                !noWarmStart, exactEffort);
    }

    int workers() {
        return parallel != null ? parallel : Batch.defaultParallelism();
    }
}
