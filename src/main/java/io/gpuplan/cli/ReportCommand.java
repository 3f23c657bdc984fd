package io.gpuplan.cli;

import io.gpuplan.output.Outputs;
import io.gpuplan.output.PlanVerifier;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "report", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, ExitCodes.BAD_INPUT_TEXT + " (also: a plan made for another version of its problem, or whose stated numbers were edited)", ExitCodes.INTERNAL_TEXT},
        description = "Writes the FOCUS forecast CSV and the finance report (HTML and Markdown) of an existing plan,"
                + " next to it. The plan must agree with its problem file: a plan whose stated numbers differ from what"
                + " its problem and decisions give (see verify) is refused.",
        footer = {"", "Example:", "  gpuplan report solutions/quarterly-mixed-2027q1.plan.yaml",
                "", "The problem file is --problem, else the plan's problem.file under problems/ or beside the plan."})
final class ReportCommand implements Callable<Integer> {
    /** Mismatches printed before "and N more": enough to see what was edited. */
    private static final int SHOWN_MISMATCHES = 10;

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
        PlanFiles files = PlanFiles.load(planFile, problemFile, err);
        if (files == null) {
            return ExitCodes.BAD_INPUT;
        }
        // The report shows what the plan states; it states only what its problem and decisions give (as verify
        // checks), so an edited total cannot reach finance beside a CSV that sums to something else.
        PlanVerifier.Report verified = PlanVerifier.verify(files.problem(), files.plan());
        List<String> mismatches = verified.mismatches();
        if (!mismatches.isEmpty()) {
            mismatches.stream().limit(SHOWN_MISMATCHES).forEach(m -> err.println(planFile + ": " + m));
            if (mismatches.size() > SHOWN_MISMATCHES) {
                err.println(planFile + ": ... and " + (mismatches.size() - SHOWN_MISMATCHES) + " more");
            }
            err.println(planFile + ": not reported: " + mismatches.size()
                    + (mismatches.size() == 1 ? " stated number disagrees" : " stated numbers disagree")
                    + " with what its problem and decisions give;"
                    + " gpuplan verify lists them all; solve the problem again for a plan to report");
            return ExitCodes.BAD_INPUT;
        }
        Path dir = out != null ? out : planFile.toAbsolutePath().getParent();
        String base = planFile.getFileName().toString().replaceAll("\\.plan\\.ya?ml$", "");
        try {
            byte[] planBytes = java.nio.file.Files.readAllBytes(planFile); // the id the files are stamped with
            for (Path written : Outputs.writeDerived(dir, base, files.problem().problem(), files.plan(), verified.evaluation(),
                    planBytes)) {
                stdout.println("wrote " + written);
            }
        } catch (IOException e) {
            err.println(planFile + ": cannot write the report: " + io.gpuplan.problem.IoFailure.writing(e));
            return ExitCodes.BAD_INPUT;
        }
        stdout.flush();
        return ExitCodes.OK;
    }
}
