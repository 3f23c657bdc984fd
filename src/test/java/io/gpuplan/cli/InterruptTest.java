package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C sent to a real gpuplan process: the best plan so far is written whole; a second Ctrl-C quits at once. */
class InterruptTest {
    @TempDir
    Path dir;

    /** A solve that would run for a minute, started in its own JVM with SIGINT at its default (a test JVM may ignore it). */
    private Process start(Path out, CountDownLatch solving) throws Exception {
        String javaBin = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
        Process p = new ProcessBuilder("env", "--default-signal=INT", javaBin, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "solve", TestProblems.TINY.toString(), "--out", out.toString(),
                "--move-limit", "0", "--time-limit", "60s").redirectOutput(dir.resolve("stdout.txt").toFile()).start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    Files.writeString(dir.resolve("stderr.txt"), line + "\n", StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                    if (line.contains(": best ")) {
                        solving.countDown();
                    }
                }
            } catch (java.io.IOException e) {
                // the process ended
            }
        });
        reader.setDaemon(true);
        reader.start();
        return p;
    }

    private static void interrupt(Process p) throws Exception {
        signal(p, "INT");
    }

    private static void signal(Process p, String name) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, String.valueOf(p.pid())).start().waitFor());
    }

    private static List<Path> tempFiles(Path out) throws Exception {
        if (!Files.exists(out)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(out)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    @Test
    void ctrlCWritesTheBestPlanSoFarMarkedAsTerminatedEarly() throws Exception {
        Path out = dir.resolve("out");
        CountDownLatch solving = new CountDownLatch(1);
        Process p = start(out, solving);
        assertTrue(solving.await(60, TimeUnit.SECONDS), "the solve did not start");
        Thread.sleep(1_000);
        interrupt(p);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "still running 30 s after Ctrl-C");
        assertEquals(ExitCodes.INTERRUPTED, p.exitValue(), Files.readString(dir.resolve("stderr.txt")));
        PlanDocument plan = PlanReader.read(out.resolve("tiny.plan.yaml"));
        assertEquals(Boolean.TRUE, plan.run().terminatedEarly());
        assertEquals("interrupted (Ctrl-C)", plan.run().termination());
        CliTest.Run verify = CliTest.run("verify", TestProblems.TINY.toString(), out.resolve("tiny.plan.yaml").toString());
        assertEquals(0, verify.code(), verify.out());
        for (String derived : List.of("tiny.focus.csv", "tiny.report.html", "tiny.report.md")) {
            assertTrue(Files.exists(out.resolve(derived)), derived);
        }
        assertEquals(List.of(), tempFiles(out));
    }

    /** A service manager's stop (SIGTERM) is a Ctrl-C: the best plan so far is written, and the exit code is 143. */
    @Test
    void sigtermWritesTheBestPlanSoFarAndExits143() throws Exception {
        Path out = dir.resolve("out");
        CountDownLatch solving = new CountDownLatch(1);
        Process p = start(out, solving);
        assertTrue(solving.await(60, TimeUnit.SECONDS), "the solve did not start");
        Thread.sleep(1_000);
        signal(p, "TERM");
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "still running 30 s after SIGTERM");
        assertEquals(ExitCodes.TERMINATED, p.exitValue(), Files.readString(dir.resolve("stderr.txt")));
        assertEquals(143, ExitCodes.TERMINATED);
        PlanDocument plan = PlanReader.read(out.resolve("tiny.plan.yaml"));
        assertEquals(Boolean.TRUE, plan.run().terminatedEarly());
        assertEquals("interrupted (SIGTERM)", plan.run().termination());
        for (String derived : List.of("tiny.focus.csv", "tiny.report.html", "tiny.report.md")) {
            assertTrue(Files.exists(out.resolve(derived)), derived);
        }
        assertEquals(List.of(), tempFiles(out));
    }

    @Test
    void aSecondCtrlCQuitsAtOnceAndLeavesNoHalfWrittenFile() throws Exception {
        Path out = dir.resolve("out");
        CountDownLatch solving = new CountDownLatch(1);
        Process p = start(out, solving);
        assertTrue(solving.await(60, TimeUnit.SECONDS), "the solve did not start");
        interrupt(p);
        interrupt(p);
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "still running after a second Ctrl-C");
        assertEquals(ExitCodes.INTERRUPTED, p.exitValue());
        assertEquals(List.of(), tempFiles(out));
        if (Files.exists(out.resolve("tiny.plan.yaml"))) {
            PlanReader.read(out.resolve("tiny.plan.yaml")); // whole, or not there at all
        }
    }
}
