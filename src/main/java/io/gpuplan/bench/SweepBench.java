package io.gpuplan.bench;

import io.gpuplan.engine.TaskEngine;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sweep.Objective;
import io.gpuplan.sweep.Sweep;
import java.util.ArrayList;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * R32's bench line: a sweep of the generated 60-job quarter ({@code generate --jobs 60 --offers 24 --seed 1}) with
 * every job's demand uncertain (probability 0.8, work factor p10 0.7 / p90 1.4), timed on an engine. It prints
 * numbers; no target lives here.
 */
public final class SweepBench {
    /** What every generated job is given: the demand a quarter's plan is typically unsure of. */
    static final String DEMAND = "demand: {probability: 0.8, workFactor: {p10: 0.7, p90: 1.4}}";
    private static final Pattern JOB_END = Pattern.compile("(?m)^(  - \\{id: job-\\d+, .*)}$");

    private SweepBench() {
    }

    /** The measured run: scenarios, solves (both stages), candidates and wall time. */
    public record Line(String engine, int threads, int jobs, int offers, int scenarios, int solves, int candidates,
                       long moveLimit, double seconds) {
        public double scenariosPerMinute() {
            return scenarios * 60 / seconds;
        }

        public String text() {
            return String.format(Locale.ROOT, "sweep bench: %d jobs x %d offers, %d scenarios (%d candidates, %d solves of"
                            + " %,d moves), %s engine on %d threads: %.1f s, %.1f scenarios per minute (%.1f solves per minute)",
                    jobs, offers, scenarios, candidates, solves, moveLimit, engine, threads, seconds, scenariosPerMinute(),
                    solves * 60 / seconds);
        }
    }

    /** The generated quarter with {@link #DEMAND} on every job. */
    public static String problem(int jobs, int offers, long seed, int days) {
        Matcher m = JOB_END.matcher(ScenarioGenerator.generate(jobs, offers, seed, days));
        return m.replaceAll(r -> Matcher.quoteReplacement(r.group(1) + ", " + DEMAND + "}"));
    }

    public static Line run(int jobs, int offers, int days, int scenarios, long moveLimit, TaskEngine engine, int threads,
                           BiConsumer<String, io.gpuplan.engine.Progress> progress) throws InputErrors {
        String text = problem(jobs, offers, 1, days);
        Problem p = ProblemReader.parse("generated.yaml", text, new ArrayList<>());
        long started = System.nanoTime();
        Sweep.Result r = Sweep.run(p, new Sweep.Request(text, "generated.yaml", scenarios, 1, moveLimit, Objective.EXPECTED),
                engine, progress);
        double seconds = (System.nanoTime() - started) / 1e9;
        int solves = scenarios + r.candidates().size() * r.own().size();
        return new Line(engine.name(), threads, jobs, offers, scenarios, solves, r.candidates().size(), moveLimit, seconds);
    }
}
