package io.gpuplan.cli;

import io.gpuplan.grid.ScenarioSolve;
import io.gpuplan.output.Outputs;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.solve.SolverSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Solves one scenario in this process and writes its outputs ({@code solve}, {@code compare --previous}); grids run through {@link GridRun}. */
final class ScenarioRun {
    private ScenarioRun() {
    }

    /**
     * How one scenario ended.
     *
     * @param plan   the plan written, or null when the scenario failed ({@code error} says why)
     * @param code   its exit code ({@link ExitCodes})
     */
    record Outcome(String base, int code, PlanDocument plan, Decisions decisions, Path planFile, Duration wallTime,
                   long movesPerSecond, String error) {
        static Outcome failed(String base, int code, String error) {
            return new Outcome(base, code, null, null, null, Duration.ZERO, 0, error);
        }
    }

    /** Reads, solves and writes one problem file; never throws for a bad scenario. */
    static Outcome solveFile(Path file, Path outDir, SolverSettings settings, PrintWriter err, boolean liveLine) {
        return solveFile(file, outDir, settings, err, liveLine, List.of());
    }

    /** @param candidates plans to start from if they beat the warm start's own (see {@code WarmStart}) */
    static Outcome solveFile(Path file, Path outDir, SolverSettings settings, PrintWriter err, boolean liveLine,
                             List<Decisions> candidates) {
        return solveFile(file, outDir, settings, err, liveLine, candidates, null);
    }

    /** @param previous R31: {@code --previous PLAN}, or null for the problem's own {@code previous.plan} */
    static Outcome solveFile(Path file, Path outDir, SolverSettings settings, PrintWriter err, boolean liveLine,
                             List<Decisions> candidates, Path previous) {
        String base = baseName(file);
        ProblemReader.Loaded loaded = Problems.load(file, err, previous);
        if (loaded == null) {
            return Outcome.failed(base, ExitCodes.BAD_INPUT, "bad input (see the errors above)");
        }
        return solve(loaded, base, outDir, settings, err, liveLine, candidates);
    }

    static Outcome solve(ProblemReader.Loaded loaded, String base, Path outDir, SolverSettings settings, PrintWriter err,
                         boolean liveLine, List<Decisions> candidates) {
        var problem = loaded.problem();
        ProgressLine progress = new ProgressLine(err, base, problem.currency(), liveLine);
        try {
            ScenarioSolve.Solved s = ScenarioSolve.solve(problem, base, refs(loaded, outDir), settings, progress,
                    progress::finish, candidates, Interrupts.stopper(), err::println);
            Path planFile = Outputs.writeAll(outDir, base, problem, s.plan(), s.evaluation()).get(0);
            return new Outcome(base, s.code(), s.plan(), s.decisions(), planFile, s.result().wallTime(),
                    s.result().moveSpeed(), null);
        } catch (ScenarioSolve.Failed e) {
            return Outcome.failed(base, e.code(), e.getMessage());
        } catch (IOException e) {
            return Outcome.failed(base, ExitCodes.BAD_INPUT, "cannot write the outputs: " + io.gpuplan.problem.IoFailure.writing(e));
        }
    }

    /** What the plan of {@code loaded} written to {@code outDir} records as its problem and solver. */
    static ScenarioSolve.Refs refs(ProblemReader.Loaded loaded, Path outDir) {
        String name = loaded.file().getFileName().toString();
        return new ScenarioSolve.Refs(new PlanDocument.ProblemRef(name, PlanFiles.pathToStore(loaded.file(), outDir, name),
                loaded.sha256()), Version.solverEngine());
    }

    /**
     * X for X.yaml (or X.yml); other names are kept whole. Outputs add a suffix to X ({@link Outputs#SUFFIXES}), so
     * they can never be the problem file itself: x.plan.yaml solves into x.plan.plan.yaml.
     */
    static String baseName(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".yaml") ? name.substring(0, name.length() - 5)
                : name.endsWith(".yml") ? name.substring(0, name.length() - 4) : name;
    }

    /** One line for the console: feasibility, jobs planned, cost, distance to the bound, saving against greedy. */
    static String summary(Outcome o) {
        if (o.plan() == null) {
            return o.base() + ": FAILED: " + o.error();
        }
        PlanDocument doc = o.plan();
        var t = doc.totals();
        StringBuilder sb = new StringBuilder();
        sb.append(o.base()).append(": ");
        if (doc.summary().unplanned() > 0) {
            // Jobs left out come first: "feasible" alone would hide a missing top-priority job.
            PlanDocument.Assignment top = doc.assignments().stream().filter(a -> "unplanned".equals(a.status()))
                    .max(java.util.Comparator.comparingInt(PlanDocument.Assignment::priority)
                            .thenComparing(PlanDocument.Assignment::job, java.util.Comparator.reverseOrder()))
                    .orElse(null);
            sb.append(doc.summary().unplanned()).append(" of ").append(io.gpuplan.problem.Plural.count(doc.summary().jobs(), "job"))
                    .append(" UNPLANNED (priority ")
                    .append(doc.summary().unplannedPriority())
                    .append(top == null ? "" : "; top: " + top.job() + ", priority " + top.priority()).append("), ");
        }
        sb.append(doc.feasible() ? "feasible" : "INFEASIBLE").append(", ")
                .append(doc.summary().planned()).append('/').append(doc.summary().jobs()).append(" jobs planned, cost ")
                .append(t.cost().toPlainString()).append(' ').append(doc.currency());
        if (t.lowerBound() != null && t.lowerBound().statement() != null) {
            sb.append(", ").append(t.lowerBound().statement());
        }
        PlanDocument.Baseline greedy = t.baselines().get("greedy");
        if (greedy != null && greedy.savings() == null) {
            // R25 on the plan's jobs: greedy could not run them all, so no saving is stated.
            sb.append(", greedy not comparable (runs ").append(greedy.planned()).append(" of its ")
                    .append(doc.summary().planned()).append(" jobs)");
        } else if (greedy != null && greedy.savingsPercent() != null) {
            sb.append(", saves ").append(greedy.savingsPercent().toPlainString()).append(" % vs greedy");
            if (!greedy.feasible()) {
                sb.append(" (which breaks a rule)");
            }
        }
        if (!o.wallTime().isZero()) {
            // Timings live here, not in the plan: they differ per run and would make committed plans churn.
            sb.append(String.format(java.util.Locale.ROOT, "; solved in %.1f s (%,d moves/s)", o.wallTime().toMillis() / 1000.0,
                    o.movesPerSecond()));
        }
        return sb.append(" -> ").append(o.planFile()).toString();
    }
}
