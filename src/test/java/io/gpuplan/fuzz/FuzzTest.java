package io.gpuplan.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.gpuplan.TestProblems;
import io.gpuplan.cli.Main;
import io.gpuplan.output.PlanReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutates the bundled problems a few thousand times (fixed seed) and runs {@code gpuplan solve} on each: every case
 * ends in a clear error (exit 2, each message located as file:line:column, no stack trace, nothing written) or in a
 * plan that reads back, each within 10 s, in one JVM (so no case may run out of memory).
 */
class FuzzTest {
    static final int CASES = 2_000;
    static final long SEED = 20_271_129;
    private static final Pattern LOCATED = Pattern.compile("^\\S+:\\d+:\\d+: .+");

    @TempDir
    Path dir;

    @Test
    void everyMutatedProblemEndsInALocatedErrorOrAPlan() throws Exception {
        List<String> originals = new ArrayList<>();
        for (Path p : TestProblems.bundled()) {
            String text = Files.readString(p);
            if (!text.contains("\nextends:") && !text.startsWith("extends:")) {
                originals.add(text);
            }
        }
        Random random = new Random(SEED);
        ExecutorService runner = Executors.newSingleThreadExecutor();
        int errors = 0;
        int plans = 0;
        try {
            for (int i = 0; i < CASES; i++) {
                String text = Mutations.mutate(originals.get(random.nextInt(originals.size())), random);
                Path file = dir.resolve("case-" + i + ".yaml");
                Files.writeString(file, text);
                Path out = dir.resolve("out-" + i);
                StringWriter stdout = new StringWriter();
                StringWriter stderr = new StringWriter();
                Future<Integer> run = runner.submit(() -> Main.run(new PrintWriter(stdout, true), new PrintWriter(stderr, true),
                        "solve", file.toString(), "--out", out.toString(), "--move-limit", "200", "--time-limit", "8s",
                        "--parallel", "1"));
                int code;
                try {
                    code = run.get(10, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    run.cancel(true);
                    fail("case " + i + " took more than 10 s:\n" + text);
                    return;
                }
                String err = stderr.toString();
                assertFalse(err.contains("Exception") || err.contains("\tat ") || err.contains("internal error"),
                        "case " + i + ": " + err + "\n" + text);
                if (code == 2) {
                    errors++;
                    assertFalse(Files.exists(out.resolve("case-" + i + ".plan.yaml")), "case " + i + " wrote a plan");
                    for (String line : err.split("\n")) {
                        if (!line.isBlank() && !line.contains("errors, nothing written") && !line.contains("error, nothing written")
                                && !line.startsWith("warning: ") && !line.contains("cannot be planned")) {
                            assertTrue(LOCATED.matcher(line).matches(), "case " + i + ": not located: " + line + "\n" + text);
                        }
                    }
                } else {
                    assertTrue(code == 0 || code == 1, "case " + i + ": exit " + code + "\n" + err + "\n" + text);
                    plans++;
                    PlanReader.read(out.resolve("case-" + i + ".plan.yaml"));
                }
                deleteTree(out);
                Files.delete(file);
            }
        } finally {
            runner.shutdownNow();
        }
        assertEquals(CASES, errors + plans);
        assertTrue(errors > CASES / 3 && plans > CASES / 20, "a fuzz worth its name hits both: " + errors + " errors, " + plans + " plans");
    }

    private static void deleteTree(Path p) throws java.io.IOException {
        if (Files.exists(p)) {
            try (var walk = Files.walk(p)) {
                for (Path q : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(q);
                }
            }
        }
    }
}
