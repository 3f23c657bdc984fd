package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command as a new user meets it: a solve that leaves a job unplanned by design still succeeds,
 * and solving again writes the very same bytes, so committed plans stay clean in git.
 */
class FirstRunTest {
    @TempDir
    Path dir;

    /** TINY plus a job that must stay in Japan, where no offer is: it is unplanned whatever the solver does. */
    private Path withAnUnservableJob() throws Exception {
        Path file = dir.resolve("partial.yaml");
        Files.writeString(file, Files.readString(TestProblems.TINY) + """
                  - id: jp-only
                    kind: training
                    work: {gpuHours: 100, accelerator: A100-80G}
                    memoryGb: 40
                    gpus: 8
                    residency: [JP]
                    priority: 1
                """);
        return file;
    }

    @Test
    void aFeasiblePlanWithUnplannedJobsExitsZeroAndSaysSo() throws Exception {
        Path problem = withAnUnservableJob();
        CliTest.Run r = CliTest.run("solve", problem.toString(), "--out", dir.resolve("out").toString(), "--move-limit", "2000");
        assertEquals(ExitCodes.OK, r.code(), r.err());
        assertTrue(r.out().contains("4/5 jobs planned"), r.out());
        assertTrue(r.err().contains("jp-only cannot be planned"), r.err());
    }

    @Test
    void failOnUnplannedMakesAnUnplannedJobExitOne() throws Exception {
        Path problem = withAnUnservableJob();
        CliTest.Run r = CliTest.run("solve", problem.toString(), "--out", dir.resolve("out").toString(), "--move-limit", "2000",
                "--fail-on-unplanned");
        assertEquals(ExitCodes.PARTIAL, r.code(), r.err());
        CliTest.Run all = CliTest.run("solve", TestProblems.TINY.toString(), "--out", dir.resolve("all").toString(),
                "--move-limit", "2000", "--fail-on-unplanned");
        assertEquals(ExitCodes.OK, all.code(), all.err());
    }

    @Test
    void solvingAgainWritesTheSameBytesAndTheTimingsGoToTheConsole() throws Exception {
        CliTest.Run first = CliTest.run("solve", TestProblems.TINY.toString(), "--out", dir.resolve("a").toString(), "--move-limit", "2000");
        CliTest.Run second = CliTest.run("solve", TestProblems.TINY.toString(), "--out", dir.resolve("b").toString(), "--move-limit", "2000");
        assertEquals(0, first.code(), first.err());
        assertEquals(0, second.code(), second.err());
        for (String suffix : io.gpuplan.output.Outputs.SUFFIXES) {
            assertEquals(Files.readString(dir.resolve("a").resolve("tiny" + suffix)),
                    Files.readString(dir.resolve("b").resolve("tiny" + suffix)), "tiny" + suffix);
        }
        String plan = Files.readString(dir.resolve("a").resolve("tiny.plan.yaml"));
        assertFalse(plan.contains("wallSeconds") || plan.contains("movesPerSecond"), plan);
        assertTrue(first.out().matches("(?s).*tiny: .* in \\d+\\.\\d s \\([\\d,]+ moves/s\\).*"), first.out());
    }
}
