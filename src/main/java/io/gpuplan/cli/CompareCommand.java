package io.gpuplan.cli;

import io.gpuplan.engine.TaskEngine;
import io.gpuplan.grid.GridTask;
import io.gpuplan.output.AtomicFiles;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import io.gpuplan.output.compare.ChangeNarrative;
import io.gpuplan.output.compare.ComparisonTable;
import io.gpuplan.output.compare.ComparisonWriter;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.solve.SolverSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "compare", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:compared (a scenario with unplanned jobs is still compared)", "2:bad input, or a scenario failed (the others are still compared)", ExitCodes.INTERNAL_TEXT, ExitCodes.INTERRUPTED_TEXT},
        description = "Compares scenarios side by side (the first is the base): checks them all, solves those without an"
                + " up-to-date plan in DIR (one task each on the engine), then writes DIR/NAME.comparison.md, .csv and"
                + " .html with the table and, against the base, what changed and why.",
        footer = {"", "Example:", "  gpuplan compare problems/quarterly-mixed-2027q1.yaml 'problems/quarterly-mixed-2027q1.*.yaml'",
                "", "A plan is up to date when it was solved for the scenario as it is now (same SHA-256) with the same seed and move limit."})
final class CompareCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "the base scenario, then the scenarios to compare with"
            + " it (with --previous: the one problem that continues the previous plan)")
    List<Path> files;

    @Option(names = "--previous", paramLabel = "PLAN", description = "R31: compare one problem's plan with the previous"
            + " plan it continues: what is carried, which jobs stay or move and why, at what cost (writes DIR/NAME.changes.md)")
    Path previous;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "solutions", description = "where plans and the comparison go (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "file name of the comparison (default: the base scenario's)")
    String name;

    @Mixin
    SolverOptions solver;

    @Mixin
    EngineOptions engines;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        SolverSettings settings = solver.settings();
        List<Path> inputs = Batch.expand(files);
        if (previous != null) {
            if (!engines.engine.equals("local")) {
                err.println("compare: --previous solves its one problem in this process; --engine " + engines.engine
                        + " is for grids of scenarios and is not used");
            }
            return againstPrevious(inputs, settings, stdout, err);
        }
        if (inputs.size() < 2) {
            err.println("compare: give the base scenario and at least one to compare with it (or one problem and"
                    + " --previous PLAN)");
            return ExitCodes.BAD_INPUT;
        }
        if (!engines.available("compare", err)) {
            return ExitCodes.BAD_INPUT;
        }
        // Every scenario is checked here first; those without an up-to-date plan become one task each.
        List<ScenarioRun.Outcome> outcomes = new ArrayList<>();
        List<Integer> solving = new ArrayList<>();
        List<GridTask> tasks = new ArrayList<>();
        for (Path file : inputs) {
            ScenarioRun.Outcome reused = upToDate(file, settings);
            ProblemReader.Loaded loaded = reused != null ? null : Problems.load(file, err);
            GridTask task = loaded == null ? null : GridRun.task(loaded, null, ScenarioRun.baseName(file), out, settings, err);
            if (task != null) {
                solving.add(outcomes.size());
                tasks.add(task);
            }
            outcomes.add(reused != null ? reused : ScenarioRun.Outcome.failed(ScenarioRun.baseName(file),
                    ExitCodes.BAD_INPUT, "bad input (see the errors above)"));
        }
        if (!tasks.isEmpty()) {
            String label = name != null ? name : ScenarioRun.baseName(inputs.get(0));
            try (TaskEngine eng = engines.open(solver.workers())) {
                List<ScenarioRun.Outcome> done = GridRun.run(eng, tasks, out, label, "compare", err);
                for (int k = 0; k < done.size(); k++) {
                    outcomes.set(solving.get(k), done.get(k));
                }
            } catch (io.gpuplan.engine.UnavailableEngineException e) {
                err.println("compare: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
        }
        for (int i = 0; i < outcomes.size(); i++) {
            stdout.println((solving.contains(i) ? "" : outcomes.get(i).plan() != null ? "up to date: " : "")
                    + ScenarioRun.summary(outcomes.get(i)));
        }
        stdout.flush();
        List<ScenarioRun.Outcome> solved = outcomes.stream().filter(o -> o.plan() != null).toList();
        int code = outcomes.stream().mapToInt(ScenarioRun.Outcome::code).max().orElse(ExitCodes.OK);
        if (solved.size() < 2) {
            err.println("compare: fewer than two scenarios solved, nothing to compare");
            return Math.max(code, ExitCodes.BAD_INPUT);
        }
        List<String> names = solved.stream().map(ScenarioRun.Outcome::base).toList();
        List<PlanDocument> plans = solved.stream().map(ScenarioRun.Outcome::plan).toList();
        Map<String, List<String>> narratives = new LinkedHashMap<>();
        for (int i = 1; i < solved.size(); i++) {
            narratives.put(names.get(i), ChangeNarrative.between(names.get(0), plans.get(0), names.get(i), plans.get(i)));
        }
        var comparison = new ComparisonWriter.Comparison("Scenario comparison: " + String.join(", ", names),
                ComparisonTable.of(names, plans), narratives);
        String file = (name != null ? name : names.get(0)) + ".comparison";
        try {
            AtomicFiles.write(out.resolve(file + ".md"), ComparisonWriter.markdown(comparison));
            AtomicFiles.write(out.resolve(file + ".csv"), ComparisonWriter.csv(comparison));
            AtomicFiles.write(out.resolve(file + ".html"), io.gpuplan.output.report.ComparisonPage.html(comparison));
        } catch (IOException e) {
            err.println("compare: cannot write the comparison: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        stdout.println("wrote " + out.resolve(file + ".md") + " (.csv, .html)");
        stdout.flush();
        return code == ExitCodes.PARTIAL ? ExitCodes.OK : code;
    }

    /**
     * R31: solves the problem continuing {@code --previous} (into DIR, as solve does) and lists what changes from the
     * previous plan and why, as the report's section "Changes from the previous plan" has it.
     */
    private int againstPrevious(List<Path> inputs, SolverSettings settings, PrintWriter stdout, PrintWriter err) {
        if (inputs.size() != 1) {
            err.println("compare: --previous compares one problem with the plan it continues; " + inputs.size() + " given");
            return ExitCodes.BAD_INPUT;
        }
        Path file = inputs.get(0);
        // Read once: the solve and the list of changes share the problem (and its warnings are printed once).
        ProblemReader.Loaded loaded = Problems.load(file, err, previous);
        if (loaded == null) {
            return ExitCodes.BAD_INPUT;
        }
        ScenarioRun.Outcome o = ScenarioRun.solve(loaded, ScenarioRun.baseName(file), out, settings, err, false, List.of());
        stdout.println(ScenarioRun.summary(o));
        if (o.plan() == null) {
            return o.code();
        }
        var problem = loaded.problem();
        var changes = io.gpuplan.output.compare.PreviousChanges.of(problem,
                io.gpuplan.rules.PlanEvaluator.evaluate(problem, o.decisions()));
        List<String> lines = io.gpuplan.output.compare.PreviousChangesText.lines(changes, problem.currency(),
                io.gpuplan.sizing.Money.cents(problem.previous().churnCostPerMove()));
        lines.forEach(stdout::println);
        Path md = out.resolve((name != null ? name : o.base()) + ".changes.md");
        try {
            AtomicFiles.write(md, "# " + lines.get(0) + "\n\n" + String.join("\n", lines.subList(1, lines.size())) + "\n");
        } catch (IOException e) {
            err.println("compare: cannot write " + md + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        stdout.println("wrote " + md);
        stdout.flush();
        return o.code() == ExitCodes.PARTIAL ? ExitCodes.OK : o.code();
    }

    /** The plan already in DIR for this scenario, when it was solved for the scenario as it is, with these settings. */
    private ScenarioRun.Outcome upToDate(Path file, SolverSettings settings) {
        String base = ScenarioRun.baseName(file);
        Path planFile = out.resolve(base + ".plan.yaml");
        if (!Files.isRegularFile(planFile)) {
            return null;
        }
        try {
            PlanDocument plan = PlanReader.read(planFile);
            String sha = ProblemReader.read(file).sha256();
            boolean same = plan.problem() != null && sha.equals(plan.problem().sha256()) && plan.solver() != null
                    && plan.solver().seed() == settings.seed() && plan.solver().moveLimit() == settings.moveLimit();
            return same ? new ScenarioRun.Outcome(base, plan.feasible() && plan.summary().unplanned() == 0 ? ExitCodes.OK
                    : ExitCodes.PARTIAL, plan, null, planFile, java.time.Duration.ZERO, 0, null) : null;
        } catch (InputErrors e) {
            return null;
        }
    }
}
