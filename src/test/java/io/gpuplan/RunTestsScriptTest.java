package io.gpuplan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ./run-tests as CI and a developer see it: Maven's quiet mode hides surefire's summary, so the script prints its own
 * count at the end, and no colour codes. It runs here on a copy, with a stand-in {@code mvn} that prints colour
 * codes and writes surefire reports like the real one (the real suite cannot run inside itself), including one whose
 * tests="0" (surefire's count for a class of @Nested tests) and captured output that looks like test cases.
 */
class RunTestsScriptTest {
    @TempDir
    Path dir;

    /** A report as surefire writes it: a testcase per test, its outcome as a child, captured output as CDATA. */
    private static String suite(String name, int passed, int failed, int errors, int skipped, int testsAttribute) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" + name
                + "\" time=\"1.0\" tests=\"" + testsAttribute + "\" errors=\"0\" skipped=\"0\" failures=\"0\">\n");
        for (int i = 0; i < passed; i++) {
            sb.append("  <testcase name=\"p").append(i).append("\" classname=\"").append(name).append("\" time=\"0.1\">\n")
                    .append("    <system-out><![CDATA[<testcase name=\"printed\"> <failure> <error/> ]]></system-out>\n  </testcase>\n");
        }
        for (int i = 0; i < failed; i++) {
            sb.append("  <testcase name=\"f").append(i).append("\"><failure message=\"no\" type=\"x\">at x</failure></testcase>\n");
        }
        for (int i = 0; i < errors; i++) {
            sb.append("  <testcase name=\"e").append(i).append("\"><error message=\"boom\" type=\"x\">at y</error></testcase>\n");
        }
        for (int i = 0; i < skipped; i++) {
            sb.append("  <testcase name=\"s").append(i).append("\"><skipped/></testcase>\n");
        }
        return sb.append("</testsuite>\n").toString();
    }

    private Path copyOfTheScripts() throws Exception {
        Path root = dir.resolve("project");
        Files.createDirectories(root.resolve("bin"));
        for (String file : new String[] {"run-tests", "bin/jdk.sh", "bin/test-summary"}) {
            Files.copy(Path.of(file), root.resolve(file));
        }
        // A report left by an earlier run: the count must not include it.
        Path reports = Files.createDirectories(root.resolve("target/surefire-reports"));
        Files.writeString(reports.resolve("TEST-old.OldTest.xml"), suite("old.OldTest", 0, 50, 0, 0, 50));
        return root;
    }

    /** A stand-in for mvn: colour codes on both streams, two suites' reports, and exit 1 as for a failing test. */
    private Path fakeMaven() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("fakebin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/usr/bin/env bash\n"
                + "printf '\\033[0m\\033[1m[ERROR] a test failed\\033[m\\n'\n"
                + "printf '\\033[0m\\033[0m' >&2\n"
                + "mkdir -p target/surefire-reports\n"
                + "cat > target/surefire-reports/TEST-a.ATest.xml <<'XML'\n" + suite("a.ATest", 4, 2, 0, 1, 0) + "XML\n"
                + "cat > target/surefire-reports/TEST-b.BTest.xml <<'XML'\n" + suite("b.BTest", 4, 0, 1, 0, 5) + "XML\n"
                + "exit 1\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    @Test
    void runTestsEndsWithTheCountsAndPrintsNoColourCodes() throws Exception {
        Path root = copyOfTheScripts();
        Path fakeBin = fakeMaven();
        ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("run-tests").toString()).redirectErrorStream(true);
        pb.environment().put("PATH", fakeBin + ":" + System.getenv("PATH"));
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), "the script keeps Maven's exit code\n" + out);
        assertFalse(out.contains("\u001b"), "colour codes in:\n" + out);
        assertTrue(out.contains("[ERROR] a test failed"), out);
        String last = out.strip().lines().reduce((a, b) -> b).orElse("");
        assertEquals("Tests: 12 run, 2 failed, 1 errors, 1 skipped", last, out);
    }

    @Test
    void theSummarySaysSoWhenNoTestRan() throws Exception {
        ProcessBuilder pb = new ProcessBuilder("bash", "bin/test-summary", dir.resolve("none").toString()).redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals("Tests: none run (no surefire reports in " + dir.resolve("none") + ")", out.strip());
    }
}
