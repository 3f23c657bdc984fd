package io.gpuplan.cli;

import static io.gpuplan.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 point 8: {@code --time-limit} bounds the whole solve, sizing included. The input sizes each job at
 * thousands of GPU counts on each uncapped spot offer (interruptions too rare for R10 to stop it): minutes of sizing.
 */
class TimeLimitTest {
    @TempDir
    Path dir;

    @Test
    void aTimeLimitStopsSizingWithAClearMessageAndWritesNothing() throws Exception {
        StringBuilder yaml = new StringBuilder("name: heavy\nhorizon: {start: 2027-01-01, end: 2027-04-01, slot: 1d}\noffers:\n");
        for (int i = 0; i < 40; i++) {
            yaml.append("  - {id: spot").append(i).append(", provider: aws, region: us-east-1, jurisdiction: US,")
                    .append(" accelerator: A100-80G, purchase: spot, price: ").append(1 + i / 100.0)
                    .append(", gpusPerInstance: 8, interruptionsPerDay: 0.0001}\n");
        }
        yaml.append("jobs:\n");
        for (int j = 0; j < 40; j++) {
            yaml.append("  - {id: job").append(j).append(", kind: training, memoryGb: 40, flops: ").append(j + 1)
                    .append("e24, gpus: {max: 100000}, interruptible: true}\n");
        }
        Path problem = dir.resolve("heavy.yaml");
        Files.writeString(problem, yaml);
        Path out = dir.resolve("out");
        long started = System.nanoTime();
        CliTest.Run r = run("solve", problem.toString(), "--out", out.toString(), "--time-limit", "1s");
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertEquals(ExitCodes.BAD_INPUT, r.code(), r.err());
        assertTrue((r.out() + r.err()).contains("time limit (1s) ran out while sizing"), r.out() + r.err());
        assertFalse((r.out() + r.err()).contains("Exception"), r.out() + r.err());
        // A limit honoured, not a speed target: sizing this input takes minutes.
        assertTrue(took.compareTo(Duration.ofSeconds(30)) < 0, "took " + took);
        assertFalse(Files.exists(out.resolve("heavy.plan.yaml")));
    }
}
