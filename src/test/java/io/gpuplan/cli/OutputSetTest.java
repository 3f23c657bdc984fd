package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import io.gpuplan.output.OutputStamp;
import io.gpuplan.output.Outputs;
import io.gpuplan.problem.ProblemReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files of one solve are one set: each derived file carries the id of the plan it was made from (the plan
 * file's SHA-256), so a CSV or report beside another run's plan is caught; nothing is published before all is written.
 */
class OutputSetTest {
    @TempDir
    Path dir;

    private CliTest.Run solve(Path out, String... more) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("solve", TestProblems.TINY.toString(),
                "--out", out.toString(), "--move-limit", "1000"));
        args.addAll(java.util.List.of(more));
        return CliTest.run(args.toArray(String[]::new));
    }

    @Test
    void everyFileOfASolveCarriesThePlansId() throws Exception {
        Path out = dir.resolve("out");
        assertEquals(0, solve(out).code());
        String id = OutputStamp.planId(Files.readAllBytes(out.resolve("tiny.plan.yaml")));
        assertEquals(ProblemReader.sha256(Files.readAllBytes(out.resolve("tiny.plan.yaml"))).substring(0, 16), id);
        for (String suffix : Outputs.SUFFIXES.subList(1, Outputs.SUFFIXES.size())) {
            assertEquals(id, OutputStamp.read(out.resolve("tiny" + suffix)), "tiny" + suffix);
        }
        String csv = Files.readString(out.resolve("tiny.focus.csv"));
        String header = csv.substring(0, csv.indexOf("\r\n"));
        assertTrue(header.endsWith(",x_PlanId"), header);
        assertTrue(csv.lines().skip(1).allMatch(l -> l.endsWith("," + id)), csv);
        assertTrue(Files.readString(out.resolve("tiny.report.html")).contains("<meta name=\"gpuplan-plan\" content=\"" + id + "\">"));
        assertTrue(Files.readString(out.resolve("tiny.report.md")).endsWith("<!-- gpuplan-plan: " + id + " -->\n"));
    }

    @Test
    void verifyRefusesACsvOrReportFromAnotherRun() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertEquals(0, solve(a).code());
        assertEquals(0, solve(b, "--seed", "7").code());
        Path plan = a.resolve("tiny.plan.yaml");
        assertEquals(0, CliTest.run("verify", TestProblems.TINY.toString(), plan.toString()).code());
        Files.copy(b.resolve("tiny.focus.csv"), a.resolve("tiny.focus.csv"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        CliTest.Run verify = CliTest.run("verify", TestProblems.TINY.toString(), plan.toString());
        assertEquals(ExitCodes.PARTIAL, verify.code(), verify.out());
        assertTrue(verify.out().contains("tiny.focus.csv was made from another plan (plan id "), verify.out());
        assertTrue(verify.out().contains(": 1 difference (1 in the files beside it)"), verify.out());
        // report writes the set again from the plan: consistent once more
        CliTest.Run report = CliTest.run("report", plan.toString(), "--problem", TestProblems.TINY.toString());
        assertEquals(0, report.code(), report.err());
        assertEquals(0, CliTest.run("verify", TestProblems.TINY.toString(), plan.toString()).code());
    }

    @Test
    void twoProblemsOfOneNameIntoOneFolderAreRefusedBeforeSolving() throws Exception {
        Path first = Files.createDirectories(dir.resolve("A")).resolve("x.yaml");
        Path second = Files.createDirectories(dir.resolve("B")).resolve("x.yaml");
        Files.copy(TestProblems.TINY, first);
        Files.copy(TestProblems.TINY, second);
        Path out = dir.resolve("o");
        CliTest.Run r = CliTest.run("solve", first.toString(), second.toString(), "--out", out.toString(), "--move-limit", "1000");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains(first + " and " + second + " would both write " + out.resolve("x.plan.yaml")), r.err());
        assertFalse(Files.exists(out.resolve("x.plan.yaml")));
    }

    @Test
    void anOutputFolderThatCannotBeWrittenIsRefusedBeforeSolving() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        Path out = file.resolve("sub");
        CliTest.Run r = CliTest.run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "1000");
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue(r.err().contains("cannot write to " + out), r.err());
        assertFalse(r.err().contains(": best "), "it solved first:\n" + r.err());
    }

    @Test
    void staleTempFilesAreRemovedAndLiveOnesKept() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path stale = Files.writeString(out.resolve(".tiny.focus.csv.4711.tmp"), "half");
        Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(2, ChronoUnit.HOURS)));
        Path live = Files.writeString(out.resolve(".other.plan.yaml.4712.tmp"), "being written");
        assertEquals(0, solve(out).code());
        assertFalse(Files.exists(stale), "a temp file left by a killed run stays");
        assertTrue(Files.exists(live), "another run's temp file being written was removed");
    }

    @Test
    void outputsKeepTheModeOfTheFileTheyReplace() throws Exception {
        Path out = dir.resolve("out");
        assertEquals(0, solve(out).code());
        Path csv = out.resolve("tiny.focus.csv");
        Files.setPosixFilePermissions(csv, PosixFilePermissions.fromString("rw-r-----"));
        assertEquals(0, solve(out, "--seed", "7").code());
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(csv)));
    }
}
