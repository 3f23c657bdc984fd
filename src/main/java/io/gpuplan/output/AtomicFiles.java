package io.gpuplan.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes files so that a reader never sees half of one: a temp file {@code .NAME.RANDOM.tmp} in the same folder, then
 * a rename. A set of files is written whole first and only then renamed into place, so a full disk or a failed write
 * publishes none of it. New files get the user's umask (like any file the user creates); a file replaced keeps its
 * mode, so a budget someone made private stays private.
 */
public final class AtomicFiles {
    /** Temp files being written now, so that an abrupt stop can remove them. */
    private static final Set<Path> IN_PROGRESS = ConcurrentHashMap.newKeySet();
    /** A temp file lives for the seconds of one write; one this old was left by a killed run. */
    public static final Duration STALE = Duration.ofMinutes(10);

    private AtomicFiles() {
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
        publish(Map.of(target, text));
    }

    /**
     * Writes every file to its temp file, then renames them in the map's order; if any write fails, none is renamed
     * and the temp files are removed.
     */
    public static void publish(Map<Path, String> files) throws IOException {
        Map<Path, Path> temps = new LinkedHashMap<>();
        try {
            for (Map.Entry<Path, String> f : files.entrySet()) {
                temps.put(f.getKey(), writeTemp(f.getKey(), f.getValue()));
            }
            for (Map.Entry<Path, Path> t : temps.entrySet()) {
                try {
                    Files.move(t.getValue(), t.getKey(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(t.getValue(), t.getKey(), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } finally {
            for (Path tmp : temps.values()) {
                Files.deleteIfExists(tmp);
                IN_PROGRESS.remove(tmp);
            }
        }
    }

    /** Checks that {@code dir} can take new files (creating it if need be), before hours of solving are spent. */
    public static void checkWritable(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path probe = writeTemp(dir.resolve("write-check"), "");
        Files.deleteIfExists(probe);
        IN_PROGRESS.remove(probe);
    }

    /**
     * Removes the temp files of {@code names} (e.g. {@code x.plan.yaml}) in {@code dir} that a killed run left:
     * those older than {@link #STALE}; a younger one may be another run's write in progress. Returns them.
     */
    public static List<Path> removeStale(Path dir, List<String> names) throws IOException {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return removed;
        }
        FileTime cutoff = FileTime.from(Instant.now().minus(STALE));
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, ".*.tmp")) {
            for (Path f : files) {
                String n = f.getFileName().toString();
                boolean ours = names.stream().anyMatch(name -> n.startsWith("." + name + ".")
                        && n.substring(name.length() + 2).matches("[0-9a-z]+\\.tmp"));
                if (ours && Files.isRegularFile(f) && Files.getLastModifiedTime(f).compareTo(cutoff) < 0
                        && Files.deleteIfExists(f)) {
                    removed.add(f);
                }
            }
        }
        return removed;
    }

    private static Path writeTemp(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        while (true) {
            Path tmp = dir.resolve("." + target.getFileName() + "." + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36) + ".tmp");
            IN_PROGRESS.add(tmp);
            // CREATE_NEW with no attributes: the file gets 0666 less the umask, as the user's own files do.
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            } catch (FileAlreadyExistsException e) {
                IN_PROGRESS.remove(tmp);
                continue;
            } catch (IOException e) {
                Files.deleteIfExists(tmp);
                IN_PROGRESS.remove(tmp);
                throw e;
            }
            try {
                keepMode(target, tmp);
            } catch (IOException e) {
                Files.deleteIfExists(tmp);
                IN_PROGRESS.remove(tmp);
                throw e;
            }
            return tmp;
        }
    }

    /** The replaced file's mode carries over (posix file systems only). */
    private static void keepMode(Path target, Path tmp) throws IOException {
        if (Files.isRegularFile(target) && tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target));
        }
    }
}
