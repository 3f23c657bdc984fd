package io.gpuplan.bench;

import io.gpuplan.engine.Engines;
import io.gpuplan.engine.Outcome;
import io.gpuplan.engine.Progress;
import io.gpuplan.engine.TaskEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Engines side by side (issue 14): the same scenario solves on each engine, timed, as scenarios per minute. An
 * engine's start-up (Spark's context) is timed apart from its tasks. The first engine's results are the reference
 * the others must equal. One solve before any engine's, untimed, warms the JVM up.
 */
public final class EngineBench {
    private EngineBench() {
    }

    /** One engine's run: its start-up, the time its tasks took, how many failed and whether it equals the first. */
    public record Line(String engine, String where, int tasks, int parallel, double startSeconds, double taskSeconds, int failed,
                       Boolean sameAsFirst) {
        public double perMinute() {
            return taskSeconds <= 0 ? 0 : tasks * 60.0 / taskSeconds;
        }

        public String format() {
            return String.format(Locale.ROOT, "engine %s (%s): %d scenarios in %.1f s = %.1f scenarios/min, %d at once"
                            + " (start-up %.1f s, %d failed%s)",
                    engine, where, tasks, taskSeconds, perMinute(), parallel, startSeconds, failed,
                    sameAsFirst == null ? "" : sameAsFirst ? ", same results as the first engine" : ", RESULTS DIFFER from the first engine");
        }
    }

    /** @param progress told "engine: done/total" as tasks end */
    public static List<Line> run(List<String> engines, List<BenchSolve> tasks, int parallel, Consumer<String> progress) {
        // One untimed solve first: the JVM's compilers warm up on it, not on whichever engine comes first.
        tasks.get(0).solve();
        List<Line> lines = new ArrayList<>();
        List<Outcome<BenchSolve.Result>> first = null;
        for (String name : engines) {
            long t0 = System.nanoTime();
            try (TaskEngine engine = Engines.create(name, null, parallel)) {
                long t1 = System.nanoTime();
                Consumer<Progress> told = p -> progress.accept(String.format(Locale.ROOT, "%s: %d/%d scenarios, %.0f s, about %s s left",
                        name, p.done(), p.total(), p.elapsed().toMillis() / 1000.0,
                        p.remaining() == null ? "?" : Long.toString(p.remaining().toSeconds())));
                List<Outcome<BenchSolve.Result>> out = engine.map(tasks, BenchSolve.task(), told);
                long t2 = System.nanoTime();
                int failed = (int) out.stream().filter(Outcome::failed).count();
                lines.add(new Line(name, engine.where(), tasks.size(), parallel, (t1 - t0) / 1e9, (t2 - t1) / 1e9, failed,
                        first == null ? null : first.equals(out)));
                if (first == null) {
                    first = out;
                }
            }
        }
        return List.copyOf(lines);
    }
}
