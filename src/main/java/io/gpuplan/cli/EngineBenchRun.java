package io.gpuplan.cli;

import io.gpuplan.bench.EngineBench;
import io.gpuplan.bench.BenchSolve;
import io.gpuplan.engine.Engines;
import io.gpuplan.engine.UnavailableEngineException;
import java.io.PrintWriter;
import java.util.List;

/** {@code gpuplan bench --engines local,spark}: one line of scenarios per minute for each engine. */
final class EngineBenchRun {
    /** Each scenario: a generated quarter of the S60 size, solved with its seed and this many moves, no CP-SAT. */
    static final int JOBS = 60;
    static final int OFFERS = 24;
    static final long MOVES = 20_000;

    private EngineBenchRun() {
    }

    static int run(List<String> engines, int tasks, int parallel, int days, PrintWriter out, PrintWriter err) {
        if (tasks < 1 || parallel < 1) {
            err.println("bench: need --tasks >= 1 and --parallel >= 1");
            return ExitCodes.BAD_INPUT;
        }
        try {
            // Before the first solve: an unknown engine, or Spark missing, is said at once.
            engines.forEach(Engines::check);
        } catch (UnavailableEngineException e) {
            err.println("bench: --engines: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        List<BenchSolve> scenarios = BenchSolve.generated(tasks, JOBS, OFFERS, days, MOVES);
        try {
            List<EngineBench.Line> lines = EngineBench.run(engines, scenarios, parallel, line -> {
                err.println("bench: " + line);
                err.flush();
            });
            out.printf("gpuplan bench --engines %s --tasks %d --parallel %d (%d x %d quarters over %d days, %,d moves each, no CP-SAT; one untimed warm-up solve first)%n",
                    String.join(",", engines), tasks, parallel, JOBS, OFFERS, days, MOVES);
            lines.forEach(l -> out.println(l.format()));
            out.flush();
            return lines.stream().allMatch(l -> l.sameAsFirst() == null || l.sameAsFirst()) ? ExitCodes.OK : ExitCodes.INTERNAL;
        } catch (UnavailableEngineException e) {
            err.println("bench: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }
}
