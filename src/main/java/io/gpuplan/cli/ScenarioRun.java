package io.gpuplan.cli;

import io.gpuplan.output.Outputs;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.UnplannedReasons;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Solves one scenario and writes its outputs; what {@code solve}, {@code compare} and {@code frontier} share. */
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
        try {
            var problem = loaded.problem();
            ProgressLine progress = new ProgressLine(err, base, problem.currency(), liveLine);
            if (Interrupts.stopper().stopped()) {
                return Outcome.failed(base, ExitCodes.INTERRUPTED, "not solved: stopped by " + Interrupts.stopper().reason());
            }
            if (io.gpuplan.sweep.Commitments.fixesAny(problem)) {
                return solveFixed(loaded, base, outDir, settings, err, progress);
            }
            PlanSolver.Result result = PlanSolver.solve(problem, settings, progress, candidates, Interrupts.stopper());
            progress.finish();
            result.options().stream().filter(jo -> jo.options().isEmpty()).forEach(jo ->
                    err.println(base + ": " + jo.job().id() + " cannot be planned: " + UnplannedReasons.noOption(jo)));
            Decisions decisions = SolutionDecisions.of(result.plan());
            Evaluation evaluation = PlanEvaluator.evaluate(problem, decisions); // the plan and its files share it
            long worthStarted = System.nanoTime();
            var withoutIt = io.gpuplan.output.ProviderWorth.of(problem, settings, evaluation, Interrupts.stopper());
            if (!withoutIt.isEmpty()) {
                err.println(base + ": R27: re-solved without each of " + withoutIt.size() + " opened providers in "
                        + String.format(java.util.Locale.ROOT, "%.1f s", (System.nanoTime() - worthStarted) / 1e9));
            }
            PlanDocument doc = PlanDocumentBuilder.build(context(loaded, settings, result, outDir, withoutIt), evaluation);
            return written(loaded, base, outDir, result, true, doc, decisions, evaluation);
        } catch (IOException e) {
            return Outcome.failed(base, ExitCodes.BAD_INPUT, "cannot write the outputs: " + io.gpuplan.problem.IoFailure.writing(e));
        } catch (io.gpuplan.sizing.SizingStopped e) {
            return Outcome.failed(base, ExitCodes.BAD_INPUT, "not solved: the time limit (" + DurationConverter.format(settings.timeLimit())
                    + ") ran out while sizing the options (" + e.sized() + " of " + e.jobs() + " jobs sized); nothing is"
                    + " written. Give a longer --time-limit, or narrow the jobs' gpus ranges and the offers' maxGpus");
        } catch (RuntimeException e) {
            return Outcome.failed(base, ExitCodes.INTERNAL, "internal error: " + e);
        }
    }

    /**
     * R32.8: a problem with fixed levels (a sweep's scenario file) is solved as the sweep solves it, the pools free to
     * use ({@link io.gpuplan.sweep.FixedSolve}); its score is the rules' (the search's lacks the fixed R18), and R27's
     * re-solves without a provider are not run (they would not keep the levels).
     */
    private static Outcome solveFixed(ProblemReader.Loaded loaded, String base, Path outDir, SolverSettings settings,
                                      PrintWriter err, ProgressLine progress) throws IOException {
        var s = io.gpuplan.sweep.FixedSolve.solve(loaded.problem(), settings, progress, Interrupts.stopper());
        progress.finish();
        s.options().stream().filter(jo -> jo.options().isEmpty()).forEach(jo ->
                err.println(base + ": " + jo.job().id() + " cannot be planned: " + UnplannedReasons.noOption(jo)));
        PlanDocumentBuilder.Context c = context(loaded, settings, s.result(), outDir, java.util.Map.of());
        PlanDocument doc = PlanDocumentBuilder.build(new PlanDocumentBuilder.Context(c.problem(), c.problemRef(), c.solver(),
                c.run(), s.options(), s.certificate(), java.util.Map.of()), s.evaluation());
        return written(loaded, base, outDir, s.result(), false, doc, s.decisions(), s.evaluation());
    }

    /** Writes a solved plan's files; with {@code checkScore} the plan must have the search's score. */
    private static Outcome written(ProblemReader.Loaded loaded, String base, Path outDir, PlanSolver.Result result,
                                   boolean checkScore, PlanDocument doc, Decisions decisions, Evaluation evaluation)
            throws IOException {
        if (checkScore && result.score() != null && !doc.score().equals(result.score().toString())) {
            return Outcome.failed(base, ExitCodes.INTERNAL, "the rule checks score the plan " + doc.score()
                    + " but the solver scored it " + result.score() + "; the plan is not written");
        }
        Path planFile = Outputs.writeAll(outDir, base, loaded.problem(), doc, evaluation).get(0);
        // A feasible plan that leaves jobs unplanned is a result, not a failure (the console and report list
        // them); solve --fail-on-unplanned turns it into exit 1 for scripts that need every job placed.
        int code = result.terminatedEarly() ? ExitCodes.INTERRUPTED : doc.feasible() ? ExitCodes.OK : ExitCodes.PARTIAL;
        return new Outcome(base, code, doc, decisions, planFile, result.wallTime(), result.moveSpeed(), null);
    }

    static PlanDocumentBuilder.Context context(ProblemReader.Loaded loaded, SolverSettings s, PlanSolver.Result r,
                                               Path outDir, java.util.Map<String, PlanDocument.WithoutIt> withoutIt) {
        String name = loaded.file().getFileName().toString();
        return new PlanDocumentBuilder.Context(loaded.problem(),
                new PlanDocument.ProblemRef(name, PlanFiles.pathToStore(loaded.file(), outDir, name), loaded.sha256()),
                new PlanDocument.SolverRef(Version.solverEngine(), s.seed(), s.moveLimit(), s.timeLimit().toString(),
                        s.unimprovedLimit() == null ? null : s.unimprovedLimit().toString()),
                new PlanDocument.Run(r.termination(), r.moves(), r.terminatedEarly() ? Boolean.TRUE : null),
                r.options(), r.certificate(), withoutIt);
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
