package io.gpuplan.cli;

import static io.gpuplan.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14 item 3: a sweep of the bundled uncertain-demand example on the Spark engine (local mode, inside this JVM)
 * gives the local engine's outputs, file for file and byte for byte: same seeds and move limits, same results.
 */
class SparkSweepTest {
    @TempDir
    Path dir;

    static CliTest.Run sweep(Path out, String engine) {
        return run("sweep", SweepTest.EXAMPLE, "--scenarios", "6", "--seed", "7", "--move-limit", "3000", "--parallel", "2",
                "--engine", engine, "--out", out.toString());
    }

    @Test
    void aSweepOnSparkGivesTheLocalEnginesOutputsByteForByte() throws IOException {
        Path local = dir.resolve("local");
        Path spark = dir.resolve("spark");
        CliTest.Run l = sweep(local, "local");
        assertEquals(0, l.code(), l.err() + l.out());
        CliTest.Run s = sweep(spark, "spark");
        assertEquals(0, s.code(), s.err() + s.out());
        // Progress on Spark is the same line, counted from Spark's task ends.
        assertTrue(s.err().contains("stage 1: 6/6 solves") && s.err().contains("stage 2: "), s.err());
        assertFalse(s.err().contains("INFO") || s.err().contains("WARN"), "Spark's logging stays quiet:\n" + s.err());
        // The same summary lines, but for the directory each wrote to.
        assertEquals(l.out().replace(local.toString(), "OUT"), s.out().replace(spark.toString(), "OUT"));
        List<String> files = names(local);
        assertEquals(files, names(spark));
        assertTrue(files.contains(SweepTest.BASE + ".sweep.csv") && files.size() > 5, files.toString());
        for (String f : files) {
            assertArrayEquals(Files.readAllBytes(local.resolve(f)), Files.readAllBytes(spark.resolve(f)), f);
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
