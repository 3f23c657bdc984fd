package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 11 point 8: the JVM flags {@code ./gpuplan} runs with (bin/jdk.sh) cap the heap at 2 GiB, where a large
 * quarter fits, instead of the JVM's default of a quarter of the machine's memory; a heap size the user gives wins.
 */
class LauncherTest {
    private static final long TWO_GIB = 2L << 30;

    @Test
    void theLauncherCapsTheHeapAtTwoGib() throws Exception {
        assertEquals(TWO_GIB, maxHeap(""));
    }

    @Test
    void aHeapSizeInGpuplanJavaOptsWins() throws Exception {
        assertEquals(3L << 30, maxHeap("-Xmx3g"));
    }

    /**
     * Issue 11 point 8: one-pass commands (no search) end before the optimizing compiler's work pays off; they run
     * on the quick compiler alone (verify of a 2000 × 400 plan: 8.6 s of CPU instead of 12.7). solve keeps both.
     */
    @Test
    void onePassCommandsRunOnTheQuickCompilerAndSolveOnBoth() throws Exception {
        for (String command : new String[] {"verify", "validate", "report", "explain"}) {
            assertEquals(1, flag("TieredStopAtLevel", command, ""), command);
        }
        for (String command : new String[] {"solve", "compare", "frontier", "bench", ""}) {
            assertEquals(4, flag("TieredStopAtLevel", command, ""), command);
        }
        assertEquals(4, flag("TieredStopAtLevel", "verify", "-XX:TieredStopAtLevel=4"), "GPUPLAN_JAVA_OPTS wins");
    }

    /** MaxHeapSize of a JVM started as ./gpuplan starts it (bin/jdk.sh's flags, then GPUPLAN_JAVA_OPTS). */
    private static long maxHeap(String userOpts) throws IOException, InterruptedException {
        return flag("MaxHeapSize", "solve", userOpts);
    }

    /** A JVM flag's value as ./gpuplan starts the JVM for a command (bin/jdk.sh's flags, then GPUPLAN_JAVA_OPTS). */
    private static long flag(String name, String command, String userOpts) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c",
                ". bin/jdk.sh && gpuplan_find_jdk && \"$JAVA_HOME/bin/java\" $GPUPLAN_JVM_FLAGS"
                        + " $(gpuplan_command_flags \"$0\") ${GPUPLAN_JAVA_OPTS:-} -XX:+PrintFlagsFinal -version", command);
        pb.environment().put("GPUPLAN_JAVA_OPTS", userOpts);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        Matcher m = Pattern.compile("\\b" + name + "\\s*=\\s*(\\d+)").matcher(out);
        assertTrue(m.find(), out);
        return Long.parseLong(m.group(1));
    }
}
