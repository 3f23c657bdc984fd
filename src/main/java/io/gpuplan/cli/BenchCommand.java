package io.gpuplan.cli;

import io.gpuplan.bench.BenchTable;
import io.gpuplan.bench.Benchmark;
import io.gpuplan.output.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmarks the solver on generated scenarios (see generate): for each size and seed it prints the time"
                + " to the first feasible plan, the cost at each checkpoint, the gap to the best lower bound, the saving"
                + " against the greedy baseline, moves per second and peak heap, then the issue-5 targets and whether each"
                + " is met. Each run takes as long as the last checkpoint, plus bounds and baselines.",
                "Sizes: S = 20 jobs × 20 offers, M = 200 × 100, L = 2,000 × 400, or JOBSxOFFERS."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, ExitCodes.BAD_INPUT_TEXT, ExitCodes.INTERNAL_TEXT},
        footer = {"", "Examples:", "  gpuplan bench --doc docs/benchmarks.md        (S, M, L; seeds 1-3; about 16 minutes)",
                "  gpuplan bench --sizes 5x8 --seeds 1 --checkpoints 1,2,3"})
final class BenchCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--sizes", split = ",", defaultValue = "S,M,L", paramLabel = "SIZE", description = "default: ${DEFAULT-VALUE}")
    List<String> sizes;

    @Option(names = "--seeds", defaultValue = "3", paramLabel = "N", description = "seeds 1..N for each size (default: ${DEFAULT-VALUE})")
    int seeds;

    @Option(names = "--checkpoints", split = ",", defaultValue = "10,30,60", paramLabel = "SECONDS",
            description = "seconds after launch at which the cost is read; the last ends the run (default: ${DEFAULT-VALUE})")
    List<Integer> checkpoints;

    @Option(names = "--days", defaultValue = "90", paramLabel = "D", description = "daily slots (default: ${DEFAULT-VALUE})")
    int days;

    @Option(names = "--doc", paramLabel = "FILE", description = "also write the table into FILE between its bench markers")
    Path doc;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<Benchmark.Size> parsed = new ArrayList<>();
        try {
            for (String s : sizes) {
                parsed.add(Benchmark.Size.parse(s));
            }
        } catch (IllegalArgumentException e) {
            err.println("bench: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        if (seeds < 1 || days < 7 || checkpoints.stream().anyMatch(c -> c < 1) || !checkpoints.equals(checkpoints.stream().sorted().toList())
                || parsed.stream().anyMatch(s -> s.jobs() < 1 || s.offers() < 4)) {
            err.println("bench: need --seeds >= 1, --days >= 7, increasing --checkpoints >= 1 and sizes of at least 1 job x 4 offers");
            return ExitCodes.BAD_INPUT;
        }
        List<Duration> at = checkpoints.stream().map(Duration::ofSeconds).toList();
        List<Benchmark.Result> results = new ArrayList<>();
        for (Benchmark.Size size : parsed) {
            for (long seed = 1; seed <= seeds; seed++) {
                err.printf("bench: %s (%d jobs x %d offers), seed %d ...%n", size.name(), size.jobs(), size.offers(), seed);
                err.flush();
                results.add(Benchmark.run(size, seed, days, at));
            }
        }
        String table = BenchTable.markdown(results, "gpuplan " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
        out.print(table);
        out.flush();
        if (doc != null) {
            try {
                String old = Files.exists(doc) ? Files.readString(doc) : "";
                AtomicFiles.write(doc, BenchTable.replaceBetweenMarkers(old, table));
            } catch (IOException e) {
                err.println("bench: cannot write " + doc + ": " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
        }
        return ExitCodes.OK;
    }
}
