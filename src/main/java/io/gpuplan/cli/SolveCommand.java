package io.gpuplan.cli;

import io.gpuplan.solve.SolverSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "solve", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every scenario solved into a feasible plan (jobs left unplanned are listed; see --fail-on-unplanned)",
                "1:some plan breaks a rule (infeasible), or with --fail-on-unplanned some job is unplanned", ExitCodes.BAD_INPUT_TEXT + " (in any scenario; the others are still solved)", ExitCodes.INTERNAL_TEXT, ExitCodes.INTERRUPTED_TEXT},
        description = "Solves problem files (or overlays) into plans, several at once: what to reserve, where and when each job runs, at what cost."
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

    @Mixin
    SolverOptions solver;

    @Option(names = "--previous", paramLabel = "PLAN", description = "R31: last quarter's plan to continue (overrides"
            + " the problem's previous.plan; relative to the working directory; one problem file only)")
    Path previous;

    @Option(names = "--fail-on-unplanned", description = "exit 1 when any job is left unplanned (default: exit 0 for"
            + " every feasible plan; the unplanned jobs are listed either way)")
    boolean failOnUnplanned;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        SolverSettings settings = solver.settings();
        List<Path> inputs = Batch.expand(files);
        if (!outputsCanBeWritten(inputs, err)) {
            return ExitCodes.BAD_INPUT;
        }
        if (previous != null && inputs.size() != 1) {
            err.println("gpuplan: --previous " + previous + " names the previous plan of one problem, and " + inputs.size()
                    + " problem files were given; solve that one alone, or state previous.plan in each problem");
            return ExitCodes.BAD_INPUT;
        }
        int workers = solver.workers();
        boolean liveLine = inputs.size() == 1 || workers == 1;
        java.util.Map<Path, ScenarioRun.Outcome> byFile = new java.util.HashMap<>();
        // R31: a problem continuing the plan another one of the batch writes is solved after it (waves), so it reads
        // that new plan whole, never the one it replaces (AtomicFiles renames each file into place).
        for (List<Path> wave : PreviousOrder.waves(inputs, out, previous)) {
            List<ScenarioRun.Outcome> done = Batch.run(wave, workers, file -> {
                ScenarioRun.Outcome o = ScenarioRun.solveFile(file, out, settings, err, liveLine, List.of(), previous);
                synchronized (stdout) {
                    stdout.println(ScenarioRun.summary(o));
                    stdout.flush();
                }
                return o;
            });
            for (int i = 0; i < wave.size(); i++) {
                byFile.put(wave.get(i), done.get(i));
            }
        }
        List<ScenarioRun.Outcome> outcomes = inputs.stream().map(byFile::get).toList();
        if (outcomes.size() > 1) {
            Batch.printSummary(outcomes, stdout);
        }
        return outcomes.stream().mapToInt(this::exitCode).max().orElse(ExitCodes.OK);
    }

    /**
     * Before any solving: two inputs of one name would write the same files in {@code --out} (one plan silently
     * lost, or a mixed set), and a folder that cannot be written would only fail after the solve.
     */
    private boolean outputsCanBeWritten(List<Path> inputs, PrintWriter err) {
        java.util.Map<String, Path> byBase = new java.util.LinkedHashMap<>();
        boolean ok = true;
        for (Path input : inputs) {
            Path before = byBase.putIfAbsent(ScenarioRun.baseName(input), input);
            if (before != null && !before.toAbsolutePath().normalize().equals(input.toAbsolutePath().normalize())) {
                err.println("gpuplan: " + before + " and " + input + " would both write "
                        + out.resolve(ScenarioRun.baseName(input) + ".plan.yaml") + "; solve them into different --out"
                        + " folders, or rename one");
                ok = false;
            }
        }
        try {
            io.gpuplan.output.AtomicFiles.checkWritable(out);
        } catch (java.io.IOException e) {
            err.println("gpuplan: cannot write to " + out + " (" + io.gpuplan.problem.IoFailure.writing(e) + "); choose another --out folder");
            ok = false;
        }
        return ok;
    }

    private int exitCode(ScenarioRun.Outcome o) {
        boolean unplanned = o.plan() != null && o.plan().summary().unplanned() > 0;
        return o.code() == ExitCodes.OK && failOnUnplanned && unplanned ? ExitCodes.PARTIAL : o.code();
    }
}
