package io.gpuplan.cli;

import static io.gpuplan.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.engine.TaskEngine;
import io.gpuplan.grid.GridResult;
import io.gpuplan.grid.GridTask;
import io.gpuplan.grid.GridWorker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: the grids of {@code frontier} (budgets) and {@code compare} (overlays) run through the task engines: on
 * the Spark engine (local mode, inside this JVM) they write the local engine's files, name for name and byte for
 * byte; a point that fails in the worker is reported as failed, not dropped, and the others are still written.
 */
class SparkGridTest {
    @TempDir
    Path dir;

    @AfterEach
    void realWorker() {
        GridRun.worker = GridWorker::run;
    }

    static CliTest.Run compare(Path out, String engine) {
        return run("compare", CompareTest.BASE, CompareTest.GOOD, "--move-limit", "3000", "--exact-effort", "1",
                "--parallel", "2", "--engine", engine, "--out", out.toString());
    }

    static CliTest.Run frontier(Path out, String engine) {
        return run("frontier", CompareTest.BASE, "--budgets", "20k,60k", "--move-limit", "3000", "--exact-effort", "1",
                "--parallel", "2", "--engine", engine, "--out", out.toString());
    }

    @Test
    void aCompareOnSparkWritesTheLocalEnginesFilesByteForByte() throws IOException {
        assertSameOutputs(dir.resolve("local"), compare(dir.resolve("local"), "local"), dir.resolve("spark"),
                compare(dir.resolve("spark"), "spark"), "base.comparison.csv");
    }

    @Test
    void aFrontierOnSparkWritesTheLocalEnginesFilesByteForByte() throws IOException {
        assertSameOutputs(dir.resolve("local"), frontier(dir.resolve("local"), "local"), dir.resolve("spark"),
                frontier(dir.resolve("spark"), "spark"), "base.frontier.csv");
    }

    /** A worker that throws for one point (a bug), as a point failing for good on an engine does (Spark retries it first). */
    static final TaskEngine.Task<GridTask, GridResult> GOOD_FAILS = t -> {
        if (t.base().equals("good")) {
            throw new IllegalStateException("a bug while solving " + t.base());
        }
        return GridWorker.run(t);
    };

    @Test
    void aPointThatFailsInTheWorkerIsReportedAndTheOthersStillWriteOnBothEngines() throws IOException {
        GridRun.worker = GOOD_FAILS;
        for (String engine : List.of("local", "spark")) {
            Path out = dir.resolve(engine);
            CliTest.Run r = run("compare", CompareTest.BASE, CompareTest.GOOD, CompareTest.CHAINED, "--move-limit", "3000",
                    "--exact-effort", "1", "--parallel", "2", "--engine", engine, "--out", out.toString());
            assertEquals(ExitCodes.INTERNAL, r.code(), engine + ": " + r.err() + r.out());
            assertTrue(r.out().contains("good: FAILED: failed on the engine: java.lang.IllegalStateException: a bug while"
                    + " solving good"), engine + ": " + r.out());
            assertFalse(Files.exists(out.resolve("good.plan.yaml")), engine);
            assertTrue(Files.exists(out.resolve("base.plan.yaml")) && Files.exists(out.resolve("chained.plan.yaml")), engine);
            assertEquals("group,figure,base,chained", Files.readAllLines(out.resolve("base.comparison.csv")).get(0), engine);
        }
    }

    @Test
    void aFrontierBudgetThatFailsInTheWorkerIsReportedAndNoFrontierIsWrittenOnBothEngines() {
        GridRun.worker = t -> {
            if (t.base().equals("base.budget-60000")) {
                throw new IllegalStateException("a bug while solving " + t.base());
            }
            return GridWorker.run(t);
        };
        for (String engine : List.of("local", "spark")) {
            Path out = dir.resolve(engine);
            CliTest.Run r = frontier(out, engine);
            assertEquals(ExitCodes.INTERNAL, r.code(), engine + ": " + r.err() + r.out());
            assertTrue(r.out().contains("base.budget-60000: FAILED: failed on the engine: java.lang.IllegalStateException:"
                    + " a bug while solving base.budget-60000"), engine + ": " + r.out());
            assertTrue(r.err().contains("frontier: a budget failed to solve; no frontier written"), engine + ": " + r.err());
            // The budget that solved is written; a frontier with a hole in it is not.
            assertTrue(Files.exists(out.resolve("base.frontier/base.budget-20000.plan.yaml")), engine);
            assertFalse(Files.exists(out.resolve("base.frontier/base.budget-60000.plan.yaml")), engine);
            assertFalse(Files.exists(out.resolve("base.frontier.csv")), engine);
        }
    }

    /**
     * Round one of the 60,000 budget stopped after one move from Timefold's construction heuristic (no warm start,
     * no CP-SAT): a plan no better than what 20,000 already buys. Every other solve is the real one.
     */
    static final TaskEngine.Task<GridTask, GridResult> WEAK_FIRST_SOLVE_AT_60K = t -> {
        if (t.base().equals("base.budget-60000") && t.candidates().isEmpty()) {
            var s = t.settings();
            return GridWorker.run(new GridTask(t.base(), t.fileName(), t.problemText(), t.sha256(), t.planName(),
                    t.storedPath(), t.previous(), new io.gpuplan.grid.GridSettings(s.seed(), 1, s.timeLimitNanos(), null,
                    s.environmentMode(), false, 0), List.of()));
        }
        return GridWorker.run(t);
    };

    @Test
    void aBudgetWhoseOwnPlanASmallerBudgetsPlanBeatsIsSolvedAgainFromIt() throws IOException {
        GridRun.worker = WEAK_FIRST_SOLVE_AT_60K;
        Path out = dir.resolve("weak");
        CliTest.Run r = frontier(out, "local");
        assertEquals(0, r.code(), r.err() + r.out());
        assertTrue(r.err().contains("frontier, round 2: 1/1 solves"), r.err());
        assertTrue(r.out().contains("base.budget-60000: solved again from the plan of budget 20000, which scored better"
                + " at this budget than its own solve"), r.out());
        List<String> rows = Files.readAllLines(out.resolve("base.frontier.csv"));
        long at20k = Long.parseLong(rows.get(1).split(",")[3]);
        long at60k = Long.parseLong(rows.get(2).split(",")[3]);
        assertTrue(at60k >= at20k, rows.toString());
        assertTrue(Files.readString(out.resolve("base.frontier.md")).contains("At 60,000 the plan found for 20,000 scored"
                + " better than this budget's own solve"), "the frontier says which budget took a smaller one's plan");
        // The re-solved plan is a plan of its own budget: verify recomputes every figure from its problem.
        CliTest.Run verify = run("verify", out.resolve("base.frontier/base.budget-60000.yaml").toString(),
                out.resolve("base.frontier/base.budget-60000.plan.yaml").toString());
        assertEquals(0, verify.code(), verify.out() + verify.err());
    }

    @Test
    void anUnknownEngineIsBadInputBeforeAnythingIsWritten() {
        for (String command : List.of("frontier", "compare")) {
            Path out = dir.resolve(command);
            CliTest.Run r = command.equals("frontier")
                    ? run("frontier", CompareTest.BASE, "--budgets", "20k,60k", "--engine", "dask", "--out", out.toString())
                    : run("compare", CompareTest.BASE, CompareTest.GOOD, "--engine", "dask", "--out", out.toString());
            assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
            assertEquals(command + ": --engine: unknown engine 'dask'; valid: local, spark", r.err().trim());
            assertFalse(Files.exists(out), command + " wrote " + out);
        }
    }

    private static void assertSameOutputs(Path local, CliTest.Run l, Path spark, CliTest.Run s, String table) throws IOException {
        assertEquals(0, l.code(), l.err() + l.out());
        assertEquals(0, s.code(), s.err() + s.out());
        assertFalse(s.err().contains("INFO") || s.err().contains("WARN"), "Spark's logging stays quiet:\n" + s.err());
        // Progress as a sweep prints it, counted from Spark's task ends.
        assertTrue(s.err().contains("2/2 solves"), s.err());
        List<String> files = names(local);
        assertEquals(files, names(spark));
        assertTrue(files.contains(table) && files.size() > 5, files.toString());
        for (String f : files) {
            assertArrayEquals(Files.readAllBytes(local.resolve(f)), Files.readAllBytes(spark.resolve(f)), f);
        }
    }

    /** Every file under the folder, by its path from there. */
    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }
}
