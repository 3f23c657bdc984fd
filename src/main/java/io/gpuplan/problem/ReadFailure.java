package io.gpuplan.problem;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

/** Why a file could not be read, in words a user acts on (no Java exception names in messages). */
public final class ReadFailure {
    private ReadFailure() {
    }

    public static String describe(Path file, IOException e) {
        if (Files.isDirectory(file)) {
            return "it is a folder";
        }
        if (e instanceof NoSuchFileException || e instanceof NotDirectoryException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        // The operating system's own reason ("No space left on device"), without the path it repeats.
        String reason = e instanceof FileSystemException fse ? fse.getReason() : e.getMessage();
        return reason == null || reason.isBlank() ? "a read error" : reason.toLowerCase(Locale.ROOT);
    }
}
