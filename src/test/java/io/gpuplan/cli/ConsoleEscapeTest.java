package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ids come from files anyone may have written: on the console their terminal control characters show as escapes. */
class ConsoleEscapeTest {
    @TempDir
    Path dir;

    private static boolean hasControl(String s) {
        return s.chars().anyMatch(c -> (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f)
                || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069));
    }

    @Test
    void controlCharactersAreEscapedAndLinesKept() {
        StringWriter sink = new StringWriter();
        PrintWriter console = ConsolePrintWriter.of(new PrintWriter(sink));
        console.println("job \u001b[2J\u001b]0;pwned\u0007 x\rfake\u0085\u202eevil\tok");
        console.flush();
        assertEquals("job \\x1b[2J\\x1b]0;pwned\\x07 x\\rfake\\x85\\u202eevil\tok" + System.lineSeparator(), sink.toString());
    }

    @Test
    void anIdWithAnEscapeSequenceReachesTheConsoleEscaped() throws Exception {
        Path problem = dir.resolve("evil.yaml");
        Files.writeString(problem, Files.readString(TestProblems.TINY) + """
                  - id: "jp\\e[2J\\e]0;owned\\a-only"
                    kind: training
                    work: {gpuHours: 100, accelerator: A100-80G}
                    memoryGb: 40
                    gpus: 8
                    residency: [JP]
                    priority: 1
                """);
        CliTest.Run r = CliTest.run("solve", problem.toString(), "--out", dir.resolve("out").toString(), "--move-limit", "1000");
        assertFalse(hasControl(r.out()) || hasControl(r.err()), r.out() + r.err());
        assertTrue((r.out() + r.err()).contains("jp\\x1b[2J\\x1b]0;owned\\x07-only"), r.out() + r.err());
    }
}
