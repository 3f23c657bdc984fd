package io.gpuplan.cli;

import io.gpuplan.output.Outputs;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.UnplannedReasons;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "solve", mixinStandardHelpOptions = true,
        description = "Solves problem files into plans: what to reserve, where and when each job runs, at what cost."
                + " Writes DIR/X.plan.yaml, X.focus.csv, X.report.html and X.report.md for each problems/X.yaml.",
        footer = {"", "Example:", "  gpuplan solve problems/reserved-vs-on-demand.yaml --out solutions/",
                "", "The same problem, seed and --move-limit give the same plan on every machine, as long",
                "as the move limit stops the solve before the time limit (see run.termination in the plan)."})
final class SolveCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "problem files (YAML)")
    List<Path> files;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "solutions", description = "where plans go (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--time-limit", paramLabel = "D", converter = DurationConverter.class, defaultValue = "60s",
            description = "wall-clock cap per problem (default: ${DEFAULT-VALUE})")
    Duration timeLimit;

    @Option(names = "--unimproved-limit", paramLabel = "D", converter = DurationConverter.class,
            description = "stop when the best plan has not improved for this long (not reproducible)")
    Duration unimprovedLimit;

    @Option(names = "--move-limit", paramLabel = "N", defaultValue = "" + SolverSettings.DEFAULT_MOVE_LIMIT,
            description = "moves to evaluate, the reproducible limit; 0 for none (default: ${DEFAULT-VALUE})")
    long moveLimit;

    @Option(names = "--no-warm-start", description = "start from Timefold's construction heuristic instead of the"
            + " reservation-aware greedy plan (for comparisons)")
    boolean noWarmStart;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + SolverSettings.DEFAULT_SEED,
            description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        SolverSettings settings = new SolverSettings(seed, moveLimit, timeLimit, unimprovedLimit,
                SolverSettings.defaults().environmentMode(), !noWarmStart);
        int code = ExitCodes.OK;
        for (Path file : files) {
            ProblemReader.Loaded loaded = Problems.load(file, err);
            if (loaded == null) {
                code = ExitCodes.BAD_INPUT;
                continue;
            }
            try {
                code = Math.max(code, solveOne(loaded, settings, stdout, err));
            } catch (IOException e) {
                err.println(file + ": cannot write the plan: " + e.getMessage());
                code = Math.max(code, ExitCodes.BAD_INPUT);
            }
        }
        return code;
    }

    private int solveOne(ProblemReader.Loaded loaded, SolverSettings settings, PrintWriter stdout, PrintWriter err)
            throws IOException {
        var problem = loaded.problem();
        String base = baseName(loaded.file());
        ProgressLine progress = new ProgressLine(err, base, problem.currency());
        PlanSolver.Result result = PlanSolver.solve(problem, settings, progress);
        progress.finish();
        result.options().stream().filter(jo -> jo.options().isEmpty()).forEach(jo ->
                err.println(base + ": " + jo.job().id() + " cannot be planned: " + UnplannedReasons.noOption(jo)));
        Decisions decisions = SolutionDecisions.of(result.plan());
        PlanDocument doc = PlanDocumentBuilder.build(context(loaded, settings, result), decisions);
        if (!doc.score().equals(result.score().toString())) {
            err.println(base + ": internal error: the rule checks score the plan " + doc.score()
                    + " but the solver scored it " + result.score() + "; the plan is not written");
            return ExitCodes.INTERNAL;
        }
        Path target = Outputs.writeAll(out, base, problem, doc, decisions).get(0);
        stdout.println(summary(base, doc, target));
        stdout.flush();
        return doc.feasible() && doc.summary().unplanned() == 0 ? ExitCodes.OK : ExitCodes.PARTIAL;
    }

    static PlanDocumentBuilder.Context context(ProblemReader.Loaded loaded, SolverSettings s, PlanSolver.Result r) {
        return new PlanDocumentBuilder.Context(loaded.problem(),
                new PlanDocument.ProblemRef(loaded.file().getFileName().toString(), loaded.sha256()),
                new PlanDocument.SolverRef(Version.solverEngine(), s.seed(), s.moveLimit(), s.timeLimit().toString(),
                        s.unimprovedLimit() == null ? null : s.unimprovedLimit().toString()),
                new PlanDocument.Run(r.termination(), r.moves(), r.moveSpeed(),
                        BigDecimal.valueOf(r.wallTime().toMillis(), 3), null),
                r.options());
    }

    static String baseName(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".yaml") ? name.substring(0, name.length() - 5)
                : name.endsWith(".yml") ? name.substring(0, name.length() - 4) : name;
    }

    private static String summary(String base, PlanDocument doc, Path target) {
        var t = doc.totals();
        StringBuilder sb = new StringBuilder();
        sb.append(base).append(": ").append(doc.feasible() ? "feasible" : "INFEASIBLE").append(", ")
                .append(doc.summary().planned()).append('/').append(doc.summary().jobs()).append(" jobs planned, cost ")
                .append(t.cost().toPlainString()).append(' ').append(doc.currency());
        if (t.lowerBound() != null && t.lowerBound().gap() != null) {
            sb.append(", within ").append(t.lowerBound().gap().movePointRight(2).stripTrailingZeros().toPlainString())
                    .append(" % of the lower bound");
        }
        PlanDocument.Baseline greedy = t.baselines().get("greedy");
        if (greedy != null && greedy.savingsPercent() != null) {
            sb.append(", saves ").append(greedy.savingsPercent().toPlainString()).append(" % vs greedy");
            if (!greedy.feasible() || greedy.planned() != doc.summary().planned()) {
                sb.append(" (which runs ").append(greedy.planned()).append(" jobs")
                        .append(greedy.feasible() ? "" : " and breaks a rule").append(")");
            }
        }
        sb.append(" -> ").append(target);
        return sb.toString();
    }
}
