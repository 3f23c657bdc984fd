package io.gpuplan.engine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.bench.BenchSolve;
import io.gpuplan.engine.LocalEngine;
import io.gpuplan.engine.Outcome;
import io.gpuplan.engine.Progress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.TaskContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Spark engine in local mode (local[2,4]: two cores, four attempts per task), as the default suite runs it. */
class SparkEngineTest {
    private static SparkEngine spark;

    @BeforeAll
    static void start() {
        spark = new SparkEngine(null, 2);
    }

    @AfterAll
    static void stop() {
        spark.close();
    }

    @Test
    void localModeRetriesEachTaskUpToFourAttempts() {
        assertEquals("local[2,4]", spark.master());
        assertEquals("spark", spark.name());
        assertEquals("Spark 4.2.0 on local[2,4]", spark.where());
    }

    @Test
    void scenarioSolvesGiveTheSameScoresAndPlansAsTheLocalEngine() {
        // Three generated quarters of 6 jobs x 5 offers, each solved with its own seed and a 3,000-move limit, no CP-SAT:
        // the task ships to Spark's executor threads serialized and back, and must give the very same plans.
        List<BenchSolve> tasks = BenchSolve.generated(3, 6, 5, 28, 3_000);
        List<Outcome<BenchSolve.Result>> local;
        try (LocalEngine engine = new LocalEngine(2)) {
            local = engine.map(tasks, BenchSolve.task(), p -> {
            });
        }
        List<Progress> seen = new CopyOnWriteArrayList<>();
        List<Outcome<BenchSolve.Result>> onSpark = spark.map(tasks, BenchSolve.task(), seen::add);
        assertEquals(local, onSpark);
        assertTrue(local.stream().noneMatch(Outcome::failed), local.toString());
        assertEquals(List.of("6x5 seed 1", "6x5 seed 2", "6x5 seed 3"), onSpark.stream().map(o -> o.value().name()).toList());
        // Progress: one step per task that ended, the last with every task done.
        assertEquals(List.of(1, 2, 3), seen.stream().map(Progress::done).toList());
        assertTrue(seen.stream().allMatch(p -> p.total() == 3));
    }

    @Test
    void aTaskThatFailsOnItsFirstAttemptOnlyIsRetriedAndSucceeds() {
        List<Progress> seen = new CopyOnWriteArrayList<>();
        List<Outcome<Integer>> out = spark.map(List.of(5, 7, 9), x -> {
            if (x == 7 && TaskContext.get().attemptNumber() == 0) {
                throw new IllegalStateException("first attempt of 7 fails");
            }
            return x * 10;
        }, seen::add);
        assertEquals(List.of(Outcome.ok(50), Outcome.ok(70), Outcome.ok(90)), out);
        // The failed attempt is not progress: three tasks, three steps.
        assertEquals(3, seen.size());
        assertEquals(3, seen.get(seen.size() - 1).done());
    }

    @Test
    void aTaskThatFailsOnEveryAttemptIsReportedAndTheOthersStillComeBack() {
        List<Outcome<Integer>> out = spark.map(List.of(4, 0, 2), x -> 12 / x, p -> {
        });
        assertEquals(3, out.size());
        assertEquals(Outcome.ok(3), out.get(0));
        assertTrue(out.get(1).failed(), out.get(1).toString());
        assertTrue(out.get(1).error().contains("ArithmeticException") && out.get(1).error().contains("after 4 attempts"),
                out.get(1).error());
        assertFalse(out.get(2).failed());
        assertEquals(6, out.get(2).value());
    }

    @Test
    void anErrorInATaskAbortsTheRunLoudlyAsOnTheLocalEngine() {
        // An Error is not a task's failure but the JVM's: Spark retries it, then aborts the job; map does not return
        // fewer outcomes than tasks, it throws.
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> spark.map(List.of(1, 2), x -> {
            if (x == 2) {
                throw new AssertionError("broken worker");
            }
            return x;
        }, p -> {
        }));
        assertTrue(e.getMessage().startsWith("the Spark job was aborted: ") && e.getMessage().contains("broken worker"),
                e.getMessage());
        // The engine is still usable afterwards.
        assertEquals(List.of(Outcome.ok(1)), spark.map(List.of(1), x -> x, p -> {
        }));
    }

    @Test
    void anEmptyListGivesNoOutcomes() {
        assertEquals(List.of(), spark.map(List.<Integer>of(), x -> x, p -> {
        }));
    }
}
