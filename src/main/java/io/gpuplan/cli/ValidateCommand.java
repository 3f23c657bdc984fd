package io.gpuplan.cli;

import io.gpuplan.problem.Plural;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.rules.UnplannedReasons;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "validate", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every file is valid", ExitCodes.BAD_INPUT_TEXT, ExitCodes.INTERNAL_TEXT},
        description = "Checks problem files and reports every problem in them, as file:line:column: field: what is wrong"
                + " — what would be valid. Also says which jobs no offer can serve, and why.",
        footer = {"", "Example:", "  gpuplan validate problems/*.yaml"})
final class ValidateCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "problem files (YAML)")
    List<Path> files;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        int code = ExitCodes.OK;
        for (Path f : files) {
            ProblemReader.Loaded loaded = Problems.load(f, err);
            if (loaded == null) {
                code = ExitCodes.BAD_INPUT;
                continue;
            }
            List<JobOptions> options = OptionEnumerator.enumerate(loaded.problem());
            out.println(f + ": ok (" + Plural.count(loaded.problem().jobs().size(), "job") + ", "
                    + Plural.count(loaded.problem().offers().size(), "offer") + ", "
                    + Plural.count(JobOptions.count(options), "option") + ")");
            options.stream().filter(jo -> jo.options().isEmpty()).forEach(jo ->
                    out.println("  " + jo.job().id() + " cannot be planned: " + UnplannedReasons.noOption(jo)));
        }
        out.flush();
        return code;
    }
}
