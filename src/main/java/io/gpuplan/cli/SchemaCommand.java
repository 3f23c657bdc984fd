package io.gpuplan.cli;

import io.gpuplan.schema.ProblemSchema;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Prints the JSON Schema of problem files and scenario overlays, generated from the classes that read"
                + " them. The repository keeps it as " + ProblemSchema.FILE + "; a problem file points editors at it with"
                + " a first line '# yaml-language-server: $schema=../" + ProblemSchema.FILE + "'.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, ExitCodes.INTERNAL_TEXT},
        footer = {"", "Example:", "  gpuplan schema > " + ProblemSchema.FILE})
final class SchemaCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(ProblemSchema.json());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
