package io.gpuplan.cli;

import static io.gpuplan.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What every command owes its user: --help with an example and the exit codes, --version, shell completion. */
class CliConventionsTest {

    @Test
    void everyCommandHasHelpWithAnExampleAndItsExitCodes() {
        Map<String, CommandLine> commands = new CommandLine(new Main()).getSubcommands();
        assertTrue(commands.keySet().containsAll(java.util.List.of("solve", "validate", "verify", "report", "resolve",
                "compare", "frontier", "explain", "catalog", "schema", "completion")), commands.keySet().toString());
        for (String name : commands.keySet()) {
            if (name.equals("help")) {
                continue; // picocli's own help command: "gpuplan help X" prints X's help, checked here as X --help
            }
            CliTest.Run r = run(name, "--help");
            assertEquals(0, r.code(), name + " --help");
            assertTrue(r.out().contains("Example"), name + " --help has no example:\n" + r.out());
            assertTrue(r.out().contains("Exit codes:") && code(r.out(), 0), name + " --help states no exit codes:\n" + r.out());
            // Every command that reads input says what bad input gives; schema and completion read none.
            assertTrue(code(r.out(), 2) || name.equals("schema") || name.equals("completion"), name + ":\n" + r.out());
        }
        CliTest.Run top = run("--help");
        assertTrue(top.out().contains("Exit codes") && top.out().matches("(?s).*\\n +1 +solved, but the plan breaks a rule.*")
                && code(top.out(), 130), top.out());
    }

    /** Whether a help text's exit-code list has a line for this code. */
    private static boolean code(String help, int code) {
        return help.matches("(?s).*\\n +" + code + " +\\S.*");
    }

    @Test
    void versionNamesGpuplanAndTheSolver() {
        CliTest.Run r = run("--version");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("gpuplan " + Version.GPUPLAN) && r.out().contains("Timefold Solver"), r.out());
    }

    @Test
    void committedCompletionScriptIsTheGeneratedOne() throws IOException {
        String script = CompletionCommand.script();
        assertEquals(script, Files.readString(Path.of(CompletionCommand.FILE)),
                CompletionCommand.FILE + " is stale: regenerate it with ./gpuplan completion > " + CompletionCommand.FILE);
        // It completes the commands and their options, e.g. catalog's filters.
        assertTrue(script.contains("catalog") && script.contains("--max-price") && script.contains("--move-limit"));
        assertEquals(script, run("completion").out());
    }
}
