package io.gpuplan.output.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Opens every bundled problem's report in headless Chromium as a reader would: the page loads with no console
 * errors, the DOM Chromium built holds one Gantt bar per planned job, one month bar per month with cost, one row per
 * reservation and unplanned job, and a PNG screenshot lands in target/report-screenshots/. Skipped only when no
 * Chromium is found outside CI; under CI=true a missing Chromium fails.
 */
class ReportChromiumTest {
    static final Path PAGES = Path.of("target/report-pages");
    static final Path SCREENSHOTS = Path.of("target/report-screenshots");

    /** The Chromium to use; skips the calling test outside CI when there is none, fails it under CI=true. */
    static Chromium chromium() {
        var found = Chromium.find();
        if (found.isEmpty()) {
            String message = "no Chromium found (looked at $CHROMIUM, chromium, chromium-browser and google-chrome on the"
                    + " PATH, /usr/bin/chromium); install it with `apt-get install chromium` to run the report page test";
            if ("true".equals(System.getenv("CI"))) {
                Assertions.fail("CI=true: " + message);
            }
            Assumptions.abort(message);
        }
        return found.get();
    }

    @TestFactory
    Stream<DynamicTest> everyBundledReportRendersInChromium() {
        Chromium chromium = chromium();
        List<Path> problems = TestProblems.bundled();
        assertFalse(problems.isEmpty(), "problems/ holds no examples");
        return problems.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            String base = file.getFileName().toString().replaceFirst("\\.yaml$", "");
            var r = ReportFixtures.solve(file);
            String html = r.html();
            Path page = PAGES.resolve(base + ".report.html");
            Files.createDirectories(PAGES);
            Files.writeString(page, html);
            Path png = SCREENSHOTS.resolve(base + ".png");
            Files.deleteIfExists(png);
            Chromium.Page loaded = chromium.open(page, png, 1280, pageHeight(html));
            assertEquals(0, loaded.exitCode(), "Chromium failed on " + page + ":\n" + loaded.stderr());
            assertEquals(List.of(), loaded.consoleLines(), "console messages on " + page);
            assertTrue(loaded.dom().contains("<main>"), "no DOM dumped for " + page);
            PageCounts expected = PageCounts.expected(r.plan());
            assertEquals(expected, PageCounts.inHtml(loaded.dom()), "chart and row counts in Chromium's DOM of " + page);
            assertEquals(expected.plannedJobs(), PageCounts.count(loaded.dom(), "<tr class=\"job\""));
            assertEquals(expected.reservations(), PageCounts.count(loaded.dom(), "<svg class=\"chart utilisation\""));
            Map<String, BigDecimal> providers = new TreeMap<>();
            r.plan().totals().byProvider().forEach((k, v) -> {
                if (v.signum() != 0) {
                    providers.put(k, v.stripTrailingZeros());
                }
            });
            Map<String, BigDecimal> segments = new TreeMap<>();
            PageCounts.segmentsByProvider(loaded.dom()).forEach((k, v) -> segments.put(k, v.stripTrailingZeros()));
            assertEquals(providers, segments, "provider bars of " + page);
            assertTrue(Files.size(png) > 10_000, "screenshot " + png + " is missing or blank");
            byte[] magic = Files.readAllBytes(png);
            assertEquals((byte) 0x89, magic[0]);
            assertEquals("PNG", new String(magic, 1, 3, java.nio.charset.StandardCharsets.US_ASCII));
        }));
    }

    /** The console check has teeth: a page that logs an error and throws is caught. */
    @Test
    void consoleErrorsAreCaught() throws Exception {
        Chromium chromium = chromium();
        Path page = PAGES.resolve("console-error-check.html");
        Files.createDirectories(PAGES);
        Files.writeString(page, "<!DOCTYPE html><html><body><p>x</p><script>console.error('boom'); missingFunction();"
                + "</script></body></html>");
        Chromium.Page loaded = chromium.open(page, PAGES.resolve("console-error-check.png"), 400, 300);
        assertEquals(2, loaded.consoleLines().size(), "console lines not found in:\n" + loaded.stderr());
        assertTrue(loaded.consoleLines().get(1).contains("Uncaught"), loaded.consoleLines().toString());
    }

    /**
     * A window tall enough for the whole page (headless screenshots capture the window): charts at their rendered
     * height, rows, lines within cells and section headings, with a margin; at most 20,000 px.
     */
    static int pageHeight(String html) {
        double h = 420;
        var svg = java.util.regex.Pattern.compile("viewBox=\"0 0 1000 (\\d+)\"").matcher(html);
        while (svg.find()) {
            h += Integer.parseInt(svg.group(1)) * 1.13 + 30;
        }
        h += PageCounts.count(html, "<tr") * 27 + PageCounts.count(html, "<br>") * 17
                + PageCounts.count(html, "<section") * 90 + PageCounts.count(html, "<table") * 40
                + PageCounts.count(html, "<p") * 30;
        return (int) Math.min(20_000, h * 1.02);
    }
}
