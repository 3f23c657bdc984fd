package io.gpuplan.cli;

import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "resolve", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, ExitCodes.BAD_INPUT_TEXT, ExitCodes.INTERNAL_TEXT},
        description = "Prints the full problem a scenario overlay (extends: base.yaml) resolves to, after checking it."
                + " A plain problem file prints as it reads.",
        footer = {"", "Example:", "  gpuplan resolve problems/quarterly-mixed-2027q1.no-spot.yaml > /tmp/no-spot.yaml"})
final class ResolveCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "an overlay or problem file")
    Path file;

    @Override
    public Integer call() {
        try {
            spec.commandLine().getOut().print(ProblemReader.resolve(file));
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        } catch (InputErrors e) {
            e.errors().stream().map(InputError::format).forEach(spec.commandLine().getErr()::println);
            spec.commandLine().getErr().println(file + ": " + io.gpuplan.problem.Plural.count(e.errors().size(), "error"));
            return ExitCodes.BAD_INPUT;
        }
    }
}
