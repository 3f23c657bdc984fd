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

    long moveLimit;

    @Option(names = "--move-limit", paramLabel = "N", defaultValue = "" + SolverSettings.DEFAULT_MOVE_LIMIT,
            description = "moves to evaluate, the reproducible limit; 0 for none (default: ${DEFAULT-VALUE})")
    void moveLimit(long moves) {
        // A negative count read as "no limit" and gave a solve that does not repeat, silently.
        if (moves < 0) {
            throw new ParameterException(mixee.commandLine(), "--move-limit must be 0 (none) or more, got " + moves);
        }
        moveLimit = moves;
    }

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + SolverSettings.DEFAULT_SEED,
            description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    double exactEffort;

    @Option(names = "--exact-effort", paramLabel = "S", defaultValue = "" + SolverSettings.DEFAULT_EXACT_SECONDS,
            description = "CP-SAT's work per level in deterministic seconds (about a second each): proves small quarters"
                    + " optimal, may find the plan local search starts from, and after a move-limited local search"
                    + " re-plans sets of jobs on twice it; 0 to skip it (default: ${DEFAULT-VALUE})")
    void exactEffort(double seconds) {
        if (!(seconds >= 0 && seconds <= 3_600)) {
            throw new ParameterException(mixee.commandLine(), "--exact-effort must be from 0 to 3600 (seconds), got " + seconds);
        }
        exactEffort = seconds;
    }

    @Option(names = "--no-warm-start", description = "start from Timefold's construction heuristic instead of the"
            + " reservation-aware greedy plan (for comparisons)")
    boolean noWarmStart;

    Integer parallel;

    @Option(names = "--parallel", paramLabel = "N", description = "scenarios solved at once (default: the number of cores)")
    void parallel(int scenarios) {
        if (scenarios < 1) {
            throw new ParameterException(mixee.commandLine(), "--parallel must be 1 or more, got " + scenarios);
        }
        parallel = scenarios;
    }

    SolverSettings settings() {
        return new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit, SolverSettings.defaults().environmentMode(),
                !noWarmStart, exactEffort);
    }

    int workers() {
        return parallel != null ? parallel : Batch.defaultParallelism();
    }
}
