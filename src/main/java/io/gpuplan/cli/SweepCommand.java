package io.gpuplan.cli;

import io.gpuplan.previous.PreviousPlanText;
import io.gpuplan.engine.TaskEngine;
import io.gpuplan.output.AtomicFiles;
import io.gpuplan.output.Outputs;
import io.gpuplan.output.report.SweepPage;
import io.gpuplan.output.sweep.SweepTables;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.output.sweep.ScenarioFile;
import io.gpuplan.solve.SolverSettings;
import io.gpuplan.sweep.CandidateStats;
import io.gpuplan.sweep.Commitments;
import io.gpuplan.sweep.Objective;
import io.gpuplan.sweep.ScenarioResult;
import io.gpuplan.sweep.Scenarios;
import io.gpuplan.sweep.Sweep;
import io.gpuplan.sweep.SweepTask;
import io.gpuplan.sweep.SweepWorker;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "sweep", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, "2:bad input (nothing written)", ExitCodes.INTERNAL_TEXT},
        description = "Two-stage planning over sampled scenarios (R32): solves N scenarios of the problem's uncertain"
                + " demand and prices, proposes candidate commitments (reserved and owned GPUs) from their plans,"
                + " evaluates each candidate on every scenario with the jobs re-placed, and recommends one. Writes"
                + " DIR/X.sweep.md, .html, .csv, the median scenario's plan under it (X.sweep-median.*) and FOCUS"
                + " forecasts at P50 and P90 (X.sweep-p50.focus.csv, X.sweep-p90.focus.csv), each plan beside its"
                + " scenario file (X.sweep-median.yaml: the sampled figures and committedGpus, R32.8), which verify"
                + " checks it against. A problem continuing a previous plan (R31) is swept continuing it.",
        footer = {"", "Example:", "  gpuplan sweep problems/uncertain-demand-2027q3.yaml --scenarios 40 --seed 7"})
final class SweepCommand implements Callable<Integer> {
    /** Moves per scenario solve: 200 solves of a 60-job quarter on 2 cores take minutes, not hours. */
    static final long DEFAULT_MOVE_LIMIT = 20_000;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the problem (a problem file or an overlay)")
    Path file;

    @Option(names = "--scenarios", paramLabel = "N", required = true, description = "scenarios to sample (1 to 10000)")
    int scenarios;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "42", description = "which scenarios, and the solver's"
            + " seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Mixin
    EngineOptions engines;

    @Option(names = "--parallel", paramLabel = "N", description = "solves at once (default: the machine's cores)")
    Integer parallel;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "solutions", description = "where to write (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--move-limit", paramLabel = "N", defaultValue = "" + DEFAULT_MOVE_LIMIT,
            description = "moves per scenario solve (default: ${DEFAULT-VALUE})")
    long moveLimit;

    @Option(names = "--objective", paramLabel = "expected|p90", defaultValue = "expected",
            description = "recommend the least expected cost or the least P90 cost (default: ${DEFAULT-VALUE})")
    String objective;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> bad = new ArrayList<>();
        if (scenarios < 1 || scenarios > 10_000) {
            bad.add("--scenarios: " + scenarios + " is not a number of scenarios; give 1 to 10000");
        }
        if (moveLimit < 1) {
            bad.add("--move-limit: " + moveLimit + " moves; give at least 1 (a sweep's solves stop on moves, never on time)");
        }
        Objective obj = switch (objective) {
            case "expected" -> Objective.EXPECTED;
            case "p90" -> Objective.P90;
            default -> {
                bad.add("--objective: \"" + objective + "\"; give expected or p90");
                yield null;
            }
        };
        if (parallel != null && parallel < 1) {
            bad.add("--parallel: " + parallel + "; give at least 1");
        }
        if (!bad.isEmpty()) {
            bad.forEach(b -> err.println("sweep: " + b));
            return ExitCodes.BAD_INPUT;
        }
        // R31: a problem continuing a previous plan is swept continuing it: its carried pools stay carried (price 0,
        // no candidate), its continuing jobs follow R31 in every scenario; the candidates are the new commitments.
        ProblemReader.Loaded loaded = Problems.load(file, err, null);
        if (loaded == null) {
            return ExitCodes.BAD_INPUT;
        }
        String text;
        PreviousPlanText previous = null;
        try {
            text = ProblemReader.resolve(file);
            if (loaded.problem().previous().present()) {
                previous = PreviousPlanText.read(io.gpuplan.previous.PreviousPlans.planFile(loaded, null));
            }
        } catch (InputErrors | IOException e) {
            // The load above read these a moment ago: only a file changed or removed since gets here.
            err.println(file + ": cannot read it again: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        String base = ScenarioRun.baseName(file);
        String name = file.getFileName().toString();
        Sweep.Request q = new Sweep.Request(text, name, scenarios, seed, moveLimit, obj, previous);
        try (TaskEngine eng = engines.open(parallel == null ? Runtime.getRuntime().availableProcessors() : parallel)) {
            Sweep.Result r = Sweep.run(loaded.problem(), q, eng, new SweepProgress(err, base, false));
            write(r, loaded, base, stdout);
            return ExitCodes.OK;
        } catch (IllegalArgumentException e) {
            err.println("sweep: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        } catch (IOException e) {
            err.println("sweep: cannot write the outputs: " + io.gpuplan.problem.IoFailure.writing(e));
            return ExitCodes.BAD_INPUT;
        } catch (RuntimeException e) {
            err.println("sweep: internal error: " + e);
            return ExitCodes.INTERNAL;
        }
    }

    private void write(Sweep.Result r, ProblemReader.Loaded loaded, String base, PrintWriter stdout) throws IOException {
        Problem problem = loaded.problem();
        CandidateStats best = r.recommended();
        List<String> files = new ArrayList<>();
        files.add(planUnder(r, loaded, 0, base + ".sweep-median"));
        files.add(planUnder(r, loaded, percentileScenario(best, 50), base + ".sweep-p50"));
        files.add(planUnder(r, loaded, percentileScenario(best, 90), base + ".sweep-p90"));
        Map<Path, String> sweep = new LinkedHashMap<>();
        sweep.put(out.resolve(base + ".sweep.csv"), SweepTables.csv(r));
        sweep.put(out.resolve(base + ".sweep.html"), SweepPage.html(r, problem.name(), problem.currency()));
        sweep.put(out.resolve(base + ".sweep.md"), SweepTables.markdown(r, problem.name(), problem.currency(), files));
        AtomicFiles.publish(sweep);
        r.failures().forEach(f -> stdout.println(base + ": scenario " + f.scenario() + " FAILED (" + f.stage() + "): " + f.error()));
        stdout.println(base + ": recommended " + best.candidate().describe() + ": " + r.recommendation().reason());
        stdout.println("wrote " + out.resolve(base + ".sweep.md") + " (.html, .csv) and, in " + out + ", "
                + String.join(", ", files) + " (with their FOCUS and reports)");
        stdout.flush();
    }

    /** The scenario whose cost under the recommendation is its P_q (nearest rank; the lowest index among equals). */
    static int percentileScenario(CandidateStats s, int q) {
        long cents = q == 50 ? s.p50Cents() : s.p90Cents();
        return s.rows().stream().filter(row -> row.costCents() == cents).mapToInt(ScenarioResult::scenario).min().orElseThrow();
    }

    /**
     * Writes scenario {@code index} under the recommended commitment as a problem file (R32.6: an overlay of the swept
     * problem with the sampled figures and the levels fixed, R32.8), solves that file as the sweep solved the scenario
     * (the same task: the same plan) and writes its plan, which {@code verify} checks against the file.
     */
    private String planUnder(Sweep.Result r, ProblemReader.Loaded loaded, int index, String outBase) throws IOException {
        Sweep.Request q = r.request();
        CandidateStats best = r.recommended();
        Problem scenario = Commitments.commit(Scenarios.of(loaded.problem(), q.seed(), index), best.candidate().levels());
        Path file = out.resolve(outBase + ".yaml");
        String extendsPath = out.toAbsolutePath().normalize().relativize(loaded.file().toAbsolutePath().normalize())
                .toString().replace('\\', '/');
        String previousPath = !loaded.problem().previous().present() ? null : out.toAbsolutePath().normalize()
                .relativize(io.gpuplan.previous.PreviousPlans.planFile(loaded, null).toAbsolutePath().normalize()).toString().replace('\\', '/');
        AtomicFiles.write(file, ScenarioFile.text(loaded.problem(), scenario, extendsPath, previousPath, scenario.name(), List.of(
                "R32: scenario " + index + (index == 0 ? " (the median scenario)" : "") + " of `gpuplan sweep "
                        + loaded.file().getFileName() + " --scenarios " + q.scenarios() + " --seed " + q.seed() + "`,",
                "under the recommended commitment, " + best.candidate().describe() + " (committedGpus, R32.8).",
                "Its plan is " + outBase + ".plan.yaml: `gpuplan verify " + outBase + ".yaml " + outBase + ".plan.yaml`.")));
        ProblemReader.Loaded fixed;
        try {
            fixed = io.gpuplan.previous.PreviousPlans.apply(ProblemReader.read(file), null);
        } catch (InputErrors e) {
            throw new IllegalStateException(file + " does not read back: " + e.getMessage(), e);
        }
        // Solved as solve plans a scenario file (the same task as the sweep's: the same plan).
        io.gpuplan.grid.ScenarioSolve.Solved s;
        try {
            s = io.gpuplan.grid.ScenarioSolve.solve(fixed.problem(), outBase, ScenarioRun.refs(fixed, out),
                    SolverSettings.reproducible(q.seed(), q.moveLimit()), x -> {
                    }, () -> {
                    }, List.of(), new io.gpuplan.solve.Stopper(), m -> {
                    });
        } catch (io.gpuplan.grid.ScenarioSolve.Failed e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
        long swept = best.rows().stream().filter(row -> row.scenario() == index).mapToLong(ScenarioResult::costCents).findFirst().orElseThrow();
        if (s.evaluation().costCents() != swept) {
            throw new IllegalStateException(file + " plans at " + io.gpuplan.sizing.Money.format(s.evaluation().costCents())
                    + ", the sweep's scenario " + index + " at " + io.gpuplan.sizing.Money.format(swept) + ": the file does not"
                    + " state the scenario exactly");
        }
        Path plan = Outputs.writeAll(out, outBase, s.problem(), s.plan(), s.evaluation()).get(0);
        return plan.getFileName().toString(); // the file name alone: the report is the same wherever it is written
    }
}
