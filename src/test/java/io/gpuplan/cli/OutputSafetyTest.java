package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs never clobber an input, and solves writing into one folder at once leave whole files. */
class OutputSafetyTest {
    @TempDir
    Path dir;

    @Test
    void twoSolvesIntoOneFolderAtOnceLeaveWholeFiles() throws Exception {
        Path out = dir.resolve("out");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<CliTest.Run>> runs = List.of(
                    pool.submit(() -> CliTest.run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "3000")),
                    pool.submit(() -> CliTest.run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "3000",
                            "--seed", "7")));
            for (Future<CliTest.Run> r : runs) {
                assertEquals(0, r.get().code(), r.get().err());
            }
        } finally {
            pool.shutdown();
        }
        PlanReader.read(out.resolve("tiny.plan.yaml"));
        CliTest.Run verify = CliTest.run("verify", TestProblems.TINY.toString(), out.resolve("tiny.plan.yaml").toString());
        assertEquals(0, verify.code(), verify.out());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".tmp")).toList());
        }
    }

    /** Ids become FOCUS cells (ResourceId, SkuId): one written as a formula must reach a spreadsheet as text. */
    @Test
    void aJobIdWrittenAsAFormulaIsTextInTheFocusCsv() throws Exception {
        Path problem = dir.resolve("formula.yaml");
        Files.writeString(problem, Files.readString(TestProblems.TINY).replace("id: pretrain-7b", "id: \"=HYPERLINK(1)\"")
                .replace("id: cn-risk", "id: \"@cn-risk\""));
        CliTest.Run r = CliTest.run("solve", problem.toString(), "--out", dir.toString(), "--move-limit", "1000");
        assertEquals(0, r.code(), r.err());
        String csv = Files.readString(dir.resolve("formula.focus.csv"));
        assertTrue(csv.contains(",\"'=HYPERLINK(1)\","), csv);
        assertTrue(csv.contains(",\"'@cn-risk\","), csv);
        for (String line : csv.split("\r\n")) {
            assertFalse(line.startsWith("=") || line.contains(",=") || line.contains(",@") || line.contains(",+"), line);
        }
    }

    /**
     * An id written as Markdown — an image from a remote server, a javascript: link, a bare URL — is text in the
     * Markdown report: brackets escaped, URLs not autolinked (GitHub flavour), HTML already escaped.
     */
    @Test
    void idsWrittenAsMarkdownAreTextInTheMarkdownReport() throws Exception {
        Path problem = dir.resolve("md.yaml");
        Files.writeString(problem, Files.readString(TestProblems.TINY)
                .replace("id: pretrain-7b", "id: \"![pixel](https://evil.example/p.png)\"")
                .replace("id: cn-risk", "id: \"[click](javascript:alert(1))\"")
                .replace("id: serve-70b", "id: \"see www.evil.example or <b>x</b>\""));
        CliTest.Run r = CliTest.run("solve", problem.toString(), "--out", dir.toString(), "--move-limit", "1000");
        assertEquals(0, r.code(), r.err());
        String md = Files.readString(dir.resolve("md.report.md"));
        assertTrue(md.contains("!\\[pixel\\](https\\://evil.example/p.png)"), md);
        assertTrue(md.contains("\\[click\\](javascript:alert(1))"), md);
        assertTrue(md.contains("see www\\.evil.example or &lt;b&gt;x&lt;/b&gt;"), md);
        assertFalse(md.matches("(?s).*(?<!\\\\)\\[.*"), "an unescaped [ in:\n" + md);
        assertFalse(md.matches("(?s).*(?<!\\\\)://.*") || md.contains("www."), "a URL GitHub would link in:\n" + md);
    }

    @Test
    void anOutputNeverOverwritesTheProblemFile() throws Exception {
        Path problem = dir.resolve("odd.focus.csv");
        Files.copy(TestProblems.TINY, problem);
        String before = Files.readString(problem);
        // Outputs add a suffix to the base name, so even a problem named like an output is never written over:
        // odd.focus.csv (no .yaml to strip) solves into odd.focus.csv.plan.yaml, odd.focus.csv.focus.csv, ...
        CliTest.Run r = CliTest.run("solve", problem.toString(), "--out", dir.toString(), "--move-limit", "1000");
        assertEquals(0, r.code(), r.err());
        assertEquals(before, Files.readString(problem));
        // A problem named like an output of its own base: x.plan.yaml has base "x.plan", so it writes x.plan.plan.yaml.
        Path named = dir.resolve("x.plan.yaml");
        Files.copy(TestProblems.TINY, named);
        assertEquals(0, CliTest.run("solve", named.toString(), "--out", dir.toString(), "--move-limit", "1000").code());
        assertEquals(Files.readString(TestProblems.TINY), Files.readString(named));
    }

    @Test
    void theFrontierDoesNotOverwriteAFileItDidNotWrite() throws Exception {
        Path out = dir.resolve("out");
        Path mine = out.resolve("tiny.frontier").resolve("tiny.budget-100000.yaml");
        Files.createDirectories(mine.getParent());
        Files.writeString(mine, "# my own notes\n");
        CliTest.Run r = CliTest.run("frontier", TestProblems.TINY.toString(), "--budgets", "100k,200k", "--out", out.toString(),
                "--move-limit", "1000");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("was not written by gpuplan frontier; not overwriting it"), r.err());
        assertEquals("# my own notes\n", Files.readString(mine));
    }
}
