package io.gpuplan.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Why a file could not be written, in words (the JDK's exceptions name a class or only a path). */
final class IoReasons {
    private IoReasons() {
    }

    static String of(IOException e) {
        return switch (e) {
            case AccessDeniedException a -> "permission denied: " + a.getFile();
            case NoSuchFileException n -> "no such file or folder: " + n.getFile();
            case NotDirectoryException d -> d.getFile() + " is not a folder";
            case FileAlreadyExistsException x -> x.getFile() + " is a file, not a folder";
            case FileSystemException f when f.getReason() != null -> f.getReason().toLowerCase(java.util.Locale.ROOT)
                    + (f.getFile() == null ? "" : ": " + f.getFile());
            default -> e.getMessage() == null ? "input/output error" : e.getMessage();
        };
    }
}
