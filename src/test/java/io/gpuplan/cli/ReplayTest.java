package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same problem, seed and move limit give byte-identical plan, CSV and reports for every bundled problem (how
 * long and how fast the run went is printed, not written).
 */
class ReplayTest {
    @TempDir
    Path dir;

    @Test
    void everyBundledProblemReplaysByteForByte() throws Exception {
        List<String> args = new ArrayList<>();
        args.add("solve");
        TestProblems.bundled().forEach(p -> args.add(p.toString()));
        args.addAll(List.of("--move-limit", "2000", "--parallel", "2"));
        List<String> first = new ArrayList<>(args);
        first.addAll(List.of("--out", dir.resolve("first").toString()));
        List<String> second = new ArrayList<>(args);
        second.addAll(List.of("--out", dir.resolve("second").toString(), "--seed", "42"));
        assertTrue(CliTest.run(first.toArray(String[]::new)).code() <= 1);
        assertTrue(CliTest.run(second.toArray(String[]::new)).code() <= 1);
        for (Path problem : TestProblems.bundled()) {
            String base = problem.getFileName().toString().replace(".yaml", "");
            for (String output : List.of(".focus.csv", ".report.html", ".report.md")) {
                assertEquals(Files.readString(dir.resolve("first").resolve(base + output)),
                        Files.readString(dir.resolve("second").resolve(base + output)), base + output);
            }
            // The whole plan, run: included: it records only what the seed and move limit reproduce.
            assertEquals(Files.readString(dir.resolve("first").resolve(base + ".plan.yaml")),
                    Files.readString(dir.resolve("second").resolve(base + ".plan.yaml")), base + ".plan.yaml");
        }
    }
}
