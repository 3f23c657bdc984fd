package io.gpuplan.cli;

import io.gpuplan.bench.ScenarioGenerator;
import io.gpuplan.output.AtomicFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Writes a realistic generated scenario for benchmarks: catalog prices across providers (on-demand,"
                + " spot, reserved; Ascend in China), jobs of every kind with deadlines that bind, residency rules,"
                + " capacities and a budget that bind. The same arguments give the same file.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, ExitCodes.BAD_INPUT_TEXT, ExitCodes.INTERNAL_TEXT},
        footer = {"", "Example:", "  gpuplan generate --jobs 200 --offers 100 --seed 1 --out /tmp/m.yaml"})
final class GenerateCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--jobs", required = true, paramLabel = "N")
    int jobs;

    @Option(names = "--offers", required = true, paramLabel = "M")
    int offers;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "default: ${DEFAULT-VALUE}")
    long seed;

    @Option(names = "--days", defaultValue = "90", paramLabel = "D", description = "horizon in days (default: ${DEFAULT-VALUE})")
    int days;

    @Option(names = "--out", paramLabel = "FILE", description = "where to write (default: standard output)")
    Path out;

    @Override
    public Integer call() {
        if (jobs < 1 || offers < 4 || days < 7) {
            spec.commandLine().getErr().println("generate: need --jobs >= 1, --offers >= 4 and --days >= 7");
            return ExitCodes.BAD_INPUT;
        }
        String text = ScenarioGenerator.generate(jobs, offers, seed, days);
        if (out == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
        try {
            AtomicFiles.write(out, text);
        } catch (IOException e) {
            spec.commandLine().getErr().println("generate: cannot write " + out + ": " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        return ExitCodes.OK;
    }
}
