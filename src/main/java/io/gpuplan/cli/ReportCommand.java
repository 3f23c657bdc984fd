package io.gpuplan.cli;

import io.gpuplan.output.Outputs;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import io.gpuplan.output.PlanVerifier;
import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes the FOCUS forecast CSV and the finance report (HTML and Markdown) of an existing plan,"
                + " next to it. The plan must agree with its problem file (see verify).",
        footer = {"", "Example:", "  gpuplan report solutions/quarterly-mixed-2027q1.plan.yaml",
                "", "The problem file is --problem, else the plan's problem.file under problems/ or beside the plan."})
final class ReportCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PLAN", description = "plan files (X.plan.yaml)")
    List<Path> plans;

    @Option(names = "--problem", paramLabel = "FILE", description = "the problem file the plan was solved for")
    Path problemFile;

    @Option(names = "--out", paramLabel = "DIR", description = "where to write (default: beside the plan)")
    Path out;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int code = ExitCodes.OK;
        for (Path planFile : plans) {
            code = Math.max(code, reportOne(planFile, stdout, err));
        }
        return code;
    }

    private int reportOne(Path planFile, PrintWriter stdout, PrintWriter err) {
        PlanDocument plan;
        try {
            plan = PlanReader.read(planFile);
        } catch (InputErrors e) {
            e.errors().stream().map(InputError::format).forEach(err::println);
            return ExitCodes.BAD_INPUT;
        }
        Path problemPath = problemFile != null ? problemFile : findProblem(planFile, plan);
        if (problemPath == null) {
            err.println(planFile + ": cannot find its problem file \"" + (plan.problem() == null ? "?" : plan.problem().file())
                    + "\" under problems/ or beside the plan — give it with --problem FILE");
            return ExitCodes.BAD_INPUT;
        }
        ProblemReader.Loaded loaded = Problems.load(problemPath, err);
        if (loaded == null) {
            return ExitCodes.BAD_INPUT;
        }
        if (plan.problem() == null || !loaded.sha256().equals(plan.problem().sha256())) {
            err.println(planFile + ": was solved for another version of " + problemPath
                    + " (SHA-256 differs); solve it again, or check it with verify");
            return ExitCodes.BAD_INPUT;
        }
        List<String> problems = new ArrayList<>();
        Decisions decisions = PlanVerifier.decisions(loaded.problem(), plan, problems);
        if (!problems.isEmpty()) {
            problems.forEach(p -> err.println(planFile + ": " + p));
            return ExitCodes.BAD_INPUT;
        }
        Path dir = out != null ? out : planFile.toAbsolutePath().getParent();
        String base = planFile.getFileName().toString().replaceAll("\\.plan\\.ya?ml$", "");
        try {
            for (Path written : Outputs.writeDerived(dir, base, loaded.problem(), plan, decisions)) {
                stdout.println("wrote " + written);
            }
        } catch (IOException e) {
            err.println(planFile + ": cannot write the report: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        stdout.flush();
        return ExitCodes.OK;
    }

    private static Path findProblem(Path planFile, PlanDocument plan) {
        if (plan.problem() == null || plan.problem().file() == null) {
            return null;
        }
        Path parent = planFile.toAbsolutePath().getParent();
        for (Path candidate : List.of(Path.of("problems").resolve(plan.problem().file()),
                parent.resolve(plan.problem().file()), parent.resolveSibling("problems").resolve(plan.problem().file()))) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
