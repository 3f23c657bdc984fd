package io.gpuplan.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Writes files so that a reader never sees half of one: a temp file in the same folder, then a rename. */
public final class AtomicFiles {
    /** Temp files being written now, so that an abrupt stop can remove them. */
    private static final Set<Path> IN_PROGRESS = ConcurrentHashMap.newKeySet();

    private AtomicFiles() {
    }

    /** Temp files are created owner-only; outputs are ordinary files (rw-r--r--) once renamed into place. */
    private static void readableByAll(Path file) throws IOException {
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    /** Deletes every temp file being written (before the process halts); the targets stay as they were. */
    public static void abandonAll() {
        for (Path tmp : IN_PROGRESS) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // best effort: the process is going away
            }
        }
    }

    public static void write(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        IN_PROGRESS.add(tmp);
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            readableByAll(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
            IN_PROGRESS.remove(tmp);
        }
    }
}
