package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void aDeviceGivenAsAPlanFile() {
        assertPlainWords(CliTest.run("verify", TestProblems.TINY.toString(), "/dev/zero"),
                "/dev/zero: cannot read the file: it is not a regular file");
    }
}
