package io.gpuplan.problem;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

/** Why a file could not be read or written, in words a user acts on (no Java exception names in messages). */
public final class IoFailure {
    private IoFailure() {
    }

    /** Why {@code file} could not be read; the caller names the file. */
    public static String reading(Path file, IOException e) {
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

    /** Why an output could not be written, with the path the file system names (it may be a parent folder). */
    public static String writing(IOException e) {
        return switch (e) {
            case AccessDeniedException a -> "permission denied: " + a.getFile();
            case NoSuchFileException n -> "no such file or folder: " + n.getFile();
            case NotDirectoryException d -> d.getFile() + " is not a folder";
            case FileAlreadyExistsException x -> x.getFile() + " is a file, not a folder";
            case FileSystemException f when f.getReason() != null -> f.getReason().toLowerCase(Locale.ROOT)
                    + (f.getFile() == null ? "" : ": " + f.getFile());
            default -> e.getMessage() == null ? "input/output error" : e.getMessage();
        };
    }
}
