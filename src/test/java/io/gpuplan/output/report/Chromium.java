package io.gpuplan.output.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Headless Chromium for the report test: one launch per page that dumps the DOM after load and saves a PNG
 * screenshot. Console messages are logged to stderr with {@code --enable-logging=stderr}, as lines like
 * {@code [pid:tid:...:INFO:CONSOLE:1] "message", source: file:///... (1)} (or {@code CONSOLE(1)} in older builds);
 * the page has no script, so any such line, and any "Uncaught" error, is a failure.
 */
final class Chromium {
    static final long TIMEOUT_SECONDS = 60;
    private static final Pattern CONSOLE = Pattern.compile(":CONSOLE[:(]|Uncaught");

    /** What one launch gave: exit code, the serialised DOM, the console lines found in stderr. */
    record Page(int exitCode, String dom, List<String> consoleLines, String stderr) {
    }

    private final Path binary;

    private Chromium(Path binary) {
        this.binary = binary;
    }

    /** $CHROMIUM if set, else chromium / chromium-browser / google-chrome on the PATH, else /usr/bin/chromium. */
    static Optional<Chromium> find() {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv("CHROMIUM");
        if (env != null && !env.isBlank()) {
            candidates.add(Path.of(env));
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(java.io.File.pathSeparator)) {
            if (!dir.isBlank()) {
                for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                    candidates.add(Path.of(dir, name));
                }
            }
        }
        candidates.add(Path.of("/usr/bin/chromium"));
        return candidates.stream().filter(Files::isExecutable).findFirst().map(Chromium::new);
    }

    Path binary() {
        return binary;
    }

    /** Opens a local HTML file, waits for it to load, returns its DOM and saves a screenshot. */
    Page open(Path html, Path screenshot, int width, int height) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("gpuplan-chromium-");
        Path out = Files.createTempFile("gpuplan-chromium-", ".dom");
        Path err = Files.createTempFile("gpuplan-chromium-", ".err");
        try {
            Files.createDirectories(screenshot.toAbsolutePath().getParent());
            Process p = new ProcessBuilder(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-quic", "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--disable-extensions", "--mute-audio",
                    "--hide-scrollbars", "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
                    "--window-size=" + width + "," + height, "--screenshot=" + screenshot.toAbsolutePath(),
                    "--dump-dom", html.toAbsolutePath().toUri().toString())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("Chromium did not finish " + html + " within " + TIMEOUT_SECONDS + " s");
            }
            String stderr = Files.readString(err, StandardCharsets.UTF_8);
            List<String> console = stderr.lines().filter(l -> CONSOLE.matcher(l).find()).toList();
            return new Page(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), console, stderr);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            deleteTree(profile);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
