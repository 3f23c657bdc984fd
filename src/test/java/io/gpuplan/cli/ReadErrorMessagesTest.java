package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
