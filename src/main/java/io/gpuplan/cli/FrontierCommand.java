package io.gpuplan.cli;

import io.gpuplan.engine.TaskEngine;
import io.gpuplan.grid.GridTask;
import io.gpuplan.output.AtomicFiles;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.compare.Frontier;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "frontier", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, "2:bad input, or a budget failed to solve (no frontier written)", ExitCodes.INTERNAL_TEXT, ExitCodes.INTERRUPTED_TEXT},
        description = "Solves a scenario at several total budgets and shows what each extra unit of budget buys:"
                + " planned priority, jobs and cost. Each budget becomes an overlay of the scenario in"
                + " DIR/X.frontier/, solved there as one task on the engine (the budgets at once); a budget whose own"
                + " plan a smaller budget's plan beats is solved again from it, so priority never falls as the budget"
                + " grows. The table and chart go to DIR/X.frontier.md, .csv and .html.",
        footer = {"", "Example:", "  gpuplan frontier problems/quarterly-mixed-2027q1.yaml --budgets 150k..250k/6",
                "  gpuplan frontier problems/quarterly-mixed-2027q1.yaml --budgets 100k..300k/21 --engine spark"})
final class FrontierCommand implements Callable<Integer> {
    /** The first line of every overlay this command writes: only such files may be rewritten. */
    static final String MARK = "# Written by gpuplan frontier";

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "the scenario (a problem file or an overlay)")
    Path file;

    @Option(names = "--budgets", paramLabel = "A..B/N", required = true, converter = BudgetsConverter.class,
            description = "N total budgets evenly from A to B (e.g. 1.0M..2.0M/6), or a list (150k,200k,250k)")
    List<BigDecimal> budgets;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "solutions", description = "where to write (default: ${DEFAULT-VALUE})")
    Path out;

    @Mixin
    SolverOptions solver;

    @Mixin
    EngineOptions engines;

    /**
     * Keeps planned priority from falling as the budget grows: a plan that fits a smaller budget fits every larger
     * one, so where a smaller budget's plan scores better under a larger budget than that budget's own solve (R23:
     * priority first, then cost; both evaluated under the larger budget's problem), the larger budget is solved again
     * starting from that plan (a warm-start candidate, so its result is at least as good and all its figures are its
     * own). Repeated until no budget is beaten by a smaller one (each round only improves a plan).
     */
    private void monotone(TaskEngine eng, List<ProblemReader.Loaded> problems, List<GridTask> tasks,
                                 List<ScenarioRun.Outcome> outcomes, List<BigDecimal> startedFrom, Path dir, String base,
                                 PrintWriter err) {
        for (int round = 2; round <= tasks.size() + 1; round++) {
            if (Interrupts.stopper().stopped()) {
                return; // Ctrl-C: the plans found so far stand, as written
            }
            List<Integer> again = new ArrayList<>();
            List<GridTask> retasks = new ArrayList<>();
            for (int j = 1; j < tasks.size(); j++) {
                int better = FrontierPass.betterEarlier(problems.get(j).problem(), outcomes, j);
                if (better >= 0) {
                    again.add(j);
                    retasks.add(tasks.get(j).withCandidates(List.of(FrontierPass.planText(outcomes.get(better)))));
                    startedFrom.set(j, budgets.get(better));
                }
            }
            if (again.isEmpty()) {
                return;
            }
            List<ScenarioRun.Outcome> redone = GridRun.run(eng, retasks, dir, base, "frontier, round " + round, err);
            for (int k = 0; k < again.size(); k++) {
                outcomes.set(again.get(k), redone.get(k));
            }
        }
    }

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!engines.available("frontier", err)) {
            return ExitCodes.BAD_INPUT;
        }
        if (Problems.load(file, err) == null) {
            return ExitCodes.BAD_INPUT;
        }
        String base = ScenarioRun.baseName(file);
        Path dir = out.resolve(base + ".frontier");
        List<Path> overlays = new ArrayList<>();
        try {
            for (BigDecimal budget : budgets) {
                Path overlay = dir.resolve(base + ".budget-" + budget.toPlainString() + ".yaml");
                if (Files.exists(overlay) && !Files.readString(overlay).startsWith(MARK)) {
                    err.println("frontier: " + overlay + " exists and was not written by gpuplan frontier; not overwriting it");
                    return ExitCodes.BAD_INPUT;
                }
                String extendsPath = dir.toAbsolutePath().normalize().relativize(file.toAbsolutePath().normalize()).toString();
                AtomicFiles.write(overlay, MARK + ": " + base + " at a total budget of "
                        + budget.toPlainString() + ".\nextends: " + extendsPath + "\nname: " + base + " at budget "
                        + budget.toPlainString() + "\nbudget: {total: " + budget.toPlainString() + "}\n");
                overlays.add(overlay);
            }
        } catch (IOException e) {
            err.println("frontier: cannot write " + dir + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        // Every budget is one task, solved on its own (in parallel); then the monotone pass below.
        List<ProblemReader.Loaded> problems = new ArrayList<>();
        List<GridTask> tasks = new ArrayList<>();
        for (Path overlay : overlays) {
            ProblemReader.Loaded loaded = Problems.load(overlay, err);
            GridTask task = loaded == null ? null : GridRun.task(loaded, null, ScenarioRun.baseName(overlay), dir,
                    solver.settings(), err);
            if (task == null) {
                return ExitCodes.BAD_INPUT;
            }
            problems.add(loaded);
            tasks.add(task);
        }
        List<ScenarioRun.Outcome> outcomes;
        List<BigDecimal> startedFrom = new ArrayList<>(java.util.Collections.nCopies(budgets.size(), null));
        try (TaskEngine eng = engines.open(solver.workers())) {
            outcomes = new ArrayList<>(GridRun.run(eng, tasks, dir, base, "frontier", err));
            if (solver.settings().warmStart()) {
                monotone(eng, problems, tasks, outcomes, startedFrom, dir, base, err);
            }
        } catch (io.gpuplan.engine.UnavailableEngineException e) {
            err.println("frontier: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        for (int i = 0; i < outcomes.size(); i++) {
            stdout.println(ScenarioRun.summary(outcomes.get(i)));
            if (startedFrom.get(i) != null && outcomes.get(i).plan() != null) {
                stdout.println(outcomes.get(i).base() + ": solved again from the plan of budget "
                        + startedFrom.get(i).toPlainString() + ", which scored better at this budget than its own solve");
            }
        }
        stdout.flush();
        if (outcomes.stream().anyMatch(o -> o.plan() == null)) {
            err.println("frontier: a budget failed to solve; no frontier written");
            return outcomes.stream().mapToInt(ScenarioRun.Outcome::code).max().orElse(ExitCodes.INTERNAL);
        }
        List<PlanDocument> plans = outcomes.stream().map(ScenarioRun.Outcome::plan).toList();
        List<String> planFiles = outcomes.stream().map(o -> out.toAbsolutePath().relativize(o.planFile().toAbsolutePath()).toString()).toList();
        Frontier frontier = Frontier.of(base, budgets, planFiles, plans, startedFrom);
        try {
            AtomicFiles.write(out.resolve(base + ".frontier.md"), frontier.markdown());
            AtomicFiles.write(out.resolve(base + ".frontier.csv"), frontier.csv());
            AtomicFiles.write(out.resolve(base + ".frontier.html"), io.gpuplan.output.report.FrontierPage.html(frontier));
        } catch (IOException e) {
            err.println("frontier: cannot write the frontier: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        stdout.println("wrote " + out.resolve(base + ".frontier.md") + " (.csv, .html)");
        stdout.flush();
        return ExitCodes.OK;
    }
}
