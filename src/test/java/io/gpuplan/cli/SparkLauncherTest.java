package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 14: ./gpuplan adds Spark's jars and the JDK packages Spark needs opened only when the arguments ask for the
 * Spark engine; every other command starts as before (plain -jar, no Spark on the classpath).
 */
class SparkLauncherTest {
    @Test
    void onlyArgumentsThatAskForTheSparkEngineBringSpark() throws Exception {
        assertTrue(wantsSpark("sweep", "p.yaml", "--scenarios", "10", "--engine", "spark"));
        assertTrue(wantsSpark("sweep", "p.yaml", "--engine=spark", "--master", "spark://h:7077"));
        assertTrue(wantsSpark("frontier", "p.yaml", "--budgets", "1k,2k", "--engine", "spark"));
        assertTrue(wantsSpark("compare", "a.yaml", "b.yaml", "--engine=spark", "--master", "local[2]"));
        assertTrue(wantsSpark("bench", "--engines", "local,spark"));
        assertTrue(wantsSpark("bench", "--engines=spark"));
        assertEquals(false, wantsSpark("sweep", "p.yaml", "--engine", "local"));
        assertEquals(false, wantsSpark("solve", "spark.yaml"));
        assertEquals(false, wantsSpark("compare", "spark.yaml", "b.yaml", "--engine", "local"));
        assertEquals(false, wantsSpark("bench", "--engines", "local", "--sizes", "S"));
        assertEquals(false, wantsSpark("solve", "--out", "spark", "p.yaml"));
    }

    @Test
    void theLauncherOpensTheSamePackagesToSparkAsTheTestsDo() throws Exception {
        Matcher m = Pattern.compile("<spark.flags>(.*?)</spark.flags>", Pattern.DOTALL).matcher(Files.readString(Path.of("pom.xml")));
        assertTrue(m.find());
        String launcher = bash(". bin/jdk.sh && echo $GPUPLAN_SPARK_FLAGS").trim();
        assertEquals(m.group(1).trim().replaceAll("\\s+", " "), launcher.replaceAll("\\s+", " "));
        assertTrue(launcher.contains("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED"), launcher);
    }

    @Test
    void benchOfAnUnknownEngineIsBadInput() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), "bench", "--engines", "local,dask", "--tasks", "1");
        assertEquals(ExitCodes.BAD_INPUT, code, err.toString());
        assertEquals("bench: --engines: unknown engine 'dask'; valid: local, spark", err.toString().trim());
        // The sweep's bench line takes --engines too, checked before its first solve.
        StringWriter err2 = new StringWriter();
        assertEquals(ExitCodes.BAD_INPUT, Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err2), "bench", "--sweep", "1",
                "--engines", "dask"));
        assertEquals("bench: --engines: unknown engine 'dask'; valid: local, spark", err2.toString().trim());
    }

    private static boolean wantsSpark(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "-c", ". bin/jdk.sh && gpuplan_wants_spark \"$@\"", "gpuplan"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor() == 0;
    }

    private static String bash(String script) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
