package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A file that cannot be read is named with what is wrong in words, never with a Java exception's class name. */
class ReadErrorMessagesTest {
    @TempDir
    Path dir;

    private static void assertPlainWords(CliTest.Run r, String expected) {
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void aMissingProblemFile() {
        Path missing = dir.resolve("nope.yaml");
        assertPlainWords(CliTest.run("validate", missing.toString()), missing + ": cannot read the file: no such file");
    }

    @Test
    void aFolderGivenAsAProblemFile() {
        assertPlainWords(CliTest.run("validate", dir.toString()), dir + ": cannot read the file: it is a folder");
    }

    @Test
    void aMissingBaseOfAnOverlay() throws Exception {
        Path overlay = dir.resolve("ov.yaml");
        Files.writeString(overlay, "extends: nothere.yaml\n");
        assertPlainWords(CliTest.run("validate", overlay.toString()),
                overlay + ":1:10: extends: cannot read the base file " + dir.resolve("nothere.yaml") + ": no such file");
    }

    @Test
    void aMissingPlanFile() {
        Path plan = dir.resolve("x.plan.yaml");
        assertPlainWords(CliTest.run("report", plan.toString()), plan + ": cannot read the file: no such file");
    }

    /** A plan of the wrong shape is described by what belongs there, not by Jackson's Java types and tokens. */
    @Test
    void aPlanOfTheWrongShape() throws Exception {
        Path plan = dir.resolve("y.plan.yaml");
        Files.writeString(plan, "problem: {file: x.yaml}\nassignments: 5\n");
        CliTest.Run r = CliTest.run("verify", TestProblems.TINY.toString(), plan.toString());
        assertPlainWords(r, plan + ":2:14: assignments: expected a list here");
        assertFalse(r.err().contains("java.") || r.err().contains("Cannot deserialize") || r.err().contains("token"), r.err());
    }

    /**
     * A float in a whole-number field of a plan is refused where it stands: Jackson read .nan as 0 and 1.5 as 1, so
     * a plan stating {@code startSlot: .nan} "agreed" with rules that give 0.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "summary: {jobs: 1, unplanned: .nan}|1:31|summary.unplanned",
            "summary: {jobs: 1, unplanned: .inf}|1:31|summary.unplanned",
            "summary: {jobs: 1, unplanned: -.inf}|1:31|summary.unplanned",
            "summary: {jobs: 1, unplanned: 1.5}|1:31|summary.unplanned",
            "assignments: [{job: j, startSlot: .nan}]|1:35|assignments[0].startSlot",
            "constraints: [{constraint: R22 provider budget, matches: .nan}]|1:58|constraints[0].matches",
            "run: {termination: done, movesEvaluated: .nan}|1:42|run.movesEvaluated",
    })
    void aFloatInAWholeNumberFieldOfAPlanIsRefusedWhereItStands(String line, String at, String path) throws Exception {
        Path plan = dir.resolve("n.plan.yaml");
        Files.writeString(plan, line + "\n");
        CliTest.Run r = CliTest.run("verify", TestProblems.TINY.toString(), plan.toString());
        assertPlainWords(r, plan + ":" + at + ": " + path + ": expected a whole number here — a plan file in format");
    }

    @Test
    void aDeviceGivenAsAPlanFile() {
        assertPlainWords(CliTest.run("verify", TestProblems.TINY.toString(), "/dev/zero"),
                "/dev/zero: cannot read the file: it is not a regular file");
    }
}
