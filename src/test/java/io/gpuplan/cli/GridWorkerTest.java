package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.engine.LocalEngine;
import io.gpuplan.engine.Outcome;
import io.gpuplan.grid.GridResult;
import io.gpuplan.grid.GridTask;
import io.gpuplan.grid.GridWorker;
import io.gpuplan.output.Outputs;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.solve.SolverSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A grid point as an engine task: it crosses a JVM boundary, and solves to exactly what {@code solve} writes. */
class GridWorkerTest {
    @TempDir
    Path dir;

    static final SolverSettings SETTINGS = SolverSettings.defaults().withMoveLimit(3000).withExactSeconds(1);

    static GridTask task(Path file, Path outDir) throws Exception {
        StringWriter err = new StringWriter();
        GridTask t = GridRun.task(ProblemReader.read(file), null, ScenarioRun.baseName(file), outDir, SETTINGS,
                new PrintWriter(err));
        assertEquals("", err.toString());
        return t;
    }

    @Test
    void aPointSolvesToTheFilesSolveWritesByteForByte() throws Exception {
        Path solved = dir.resolve("solve");
        CliTest.Run s = CliTest.run("solve", CompareTest.GOOD, "--move-limit", "3000", "--exact-effort", "1", "--out",
                solved.toString());
        assertEquals(0, s.code(), s.err());
        GridResult r = GridWorker.run(task(Path.of(CompareTest.GOOD), solved));
        assertTrue(r.solved(), r.error());
        assertEquals(0, r.code());
        assertEquals(Outputs.SUFFIXES.stream().sorted().toList(), List.copyOf(r.files().keySet()));
        for (String suffix : Outputs.SUFFIXES) {
            assertEquals(Files.readString(solved.resolve("good" + suffix)), r.files().get(suffix), suffix);
        }
        String plan = r.files().get(".plan.yaml");
        assertTrue(plan.contains("score: " + r.score()) || plan.contains("score: \"" + r.score() + "\""), r.score());
    }

    @Test
    void aPointContinuingAPreviousPlanCarriesItAsTextAndSolvesAsSolveDoes() throws Exception {
        // R31: the bundled Q2 continues the committed Q1 plan (previous.plan, relative to the problem file); the task
        // carries that plan's text, so a worker that cannot read the driver's files continues it all the same.
        Path q2 = Path.of("problems/quarterly-mixed-2027q2.yaml");
        Path solved = dir.resolve("q2");
        CliTest.Run s = CliTest.run("solve", q2.toString(), "--move-limit", "3000", "--exact-effort", "1", "--out",
                solved.toString());
        assertTrue(s.code() <= 1, s.err());
        GridTask t = task(q2, solved);
        assertEquals("quarterly-mixed-2027q1.plan.yaml", t.previous().name());
        assertEquals(Files.readString(Path.of("solutions/quarterly-mixed-2027q1.plan.yaml")), t.previous().text());
        GridResult r = GridWorker.run(t);
        assertTrue(r.solved(), r.error());
        for (String suffix : Outputs.SUFFIXES) {
            assertEquals(Files.readString(solved.resolve("quarterly-mixed-2027q2" + suffix)), r.files().get(suffix), suffix);
        }
    }

    @Test
    void tasksAndResultsSurviveSerialization() throws Exception {
        GridTask t = task(Path.of(CompareTest.BASE), dir);
        assertEquals(t, roundTrip(t));
        GridResult r = GridWorker.run(t);
        assertEquals(r, roundTrip(r));
    }

    @Test
    void aTaskWhoseProblemDoesNotReadComesBackFailedWithTheLocatedErrorNotThrown() throws Exception {
        GridTask good = task(Path.of(CompareTest.BASE), dir);
        GridTask bad = new GridTask("bad", "bad.yaml", good.problemText().replace("budget:", "budgets:"), good.sha256(),
                "bad.yaml", null, null, good.settings(), List.of());
        List<Outcome<GridResult>> out = new LocalEngine(2).map(List.of(bad, good), GridWorker::run, p -> {
        });
        assertFalse(out.get(0).failed(), "a bad problem is a result of its own, not a task for the engine to retry");
        GridResult r = out.get(0).value();
        assertFalse(r.solved());
        assertEquals(ExitCodes.BAD_INPUT, r.code());
        assertTrue(r.error().startsWith("bad input: bad.yaml:") && r.error().contains("budgets"), r.error());
        assertTrue(r.files().isEmpty());
        assertNull(r.score());
        assertTrue(out.get(1).value().solved(), "the other point still solves");
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(T value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
            o.writeObject(value);
        }
        try (ObjectInputStream i = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) i.readObject();
        }
    }
}
