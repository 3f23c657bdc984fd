package io.gpuplan.cli;

import io.gpuplan.output.AtomicFiles;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.compare.Frontier;
import io.gpuplan.rules.Decisions;
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
                + " DIR/X.frontier/, solved there; the table and chart go to DIR/X.frontier.md, .csv and .html.",
        footer = {"", "Example:", "  gpuplan frontier problems/quarterly-mixed-2027q1.yaml --budgets 150k..250k/6"})
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

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
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
        // From the smallest budget up, each solve may start from the previous plan, which a larger budget keeps
        // feasible: so planned priority never falls as the budget grows (the solves run one after the other).
        List<ScenarioRun.Outcome> outcomes = new ArrayList<>();
        for (Path overlay : overlays) {
            List<Decisions> previous = outcomes.isEmpty() || outcomes.get(outcomes.size() - 1).decisions() == null
                    ? List.of() : List.of(outcomes.get(outcomes.size() - 1).decisions());
            ScenarioRun.Outcome o = ScenarioRun.solveFile(overlay, dir, solver.settings(), err, false, previous);
            stdout.println(ScenarioRun.summary(o));
            stdout.flush();
            outcomes.add(o);
        }
        if (outcomes.stream().anyMatch(o -> o.plan() == null)) {
            err.println("frontier: a budget failed to solve; no frontier written");
            return outcomes.stream().mapToInt(ScenarioRun.Outcome::code).max().orElse(ExitCodes.INTERNAL);
        }
        List<PlanDocument> plans = outcomes.stream().map(ScenarioRun.Outcome::plan).toList();
        List<String> planFiles = outcomes.stream().map(o -> out.toAbsolutePath().relativize(o.planFile().toAbsolutePath()).toString()).toList();
        Frontier frontier = Frontier.of(base, budgets, planFiles, plans);
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
