package io.gpuplan.output;

import io.gpuplan.problem.ProblemReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The plan id each derived file carries, so that a FOCUS CSV or report can always be matched to the plan it was made
 * from (a killed run, a full disk or two solves into one folder could otherwise leave one run's CSV beside another
 * run's plan, with nothing to tell). The id is the first 16 hex digits of the plan file's SHA-256: the plan needs no
 * field for it, and anyone can recompute it ({@code sha256sum X.plan.yaml | cut -c1-16}). Where it is written:
 * <ul>
 *   <li>{@code X.focus.csv}: a last column {@code x_PlanId} (FOCUS's prefix for custom columns) on every row;</li>
 *   <li>{@code X.report.html}: {@code <meta name="gpuplan-plan" content="ID">} in the head;</li>
 *   <li>{@code X.report.md}: a last line {@code <!-- gpuplan-plan: ID -->} (a comment: not rendered).</li>
 * </ul>
 */
public final class OutputStamp {
    public static final String CSV_COLUMN = "x_PlanId";
    private static final Pattern HTML = Pattern.compile("<meta name=\"gpuplan-plan\" content=\"([0-9a-f]{16})\">");
    private static final Pattern MARKDOWN = Pattern.compile("<!-- gpuplan-plan: ([0-9a-f]{16}) -->\\n?\\z");
    private static final Pattern CSV_ROW = Pattern.compile(",([0-9a-f]{16})\\r\\n");

    private OutputStamp() {
    }

    /** The id of the plan whose file holds these bytes. */
    public static String planId(byte[] planFile) {
        return ProblemReader.sha256(planFile).substring(0, 16);
    }

    /** The CSV with an {@code x_PlanId} column appended to every record (quoted fields may hold CRLF). */
    public static String csv(String csv, String id) {
        StringBuilder out = new StringBuilder(csv.length() + 32 * 1024);
        boolean quoted = false;
        boolean header = true;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
                out.append(',').append(header ? CSV_COLUMN : id);
                header = false;
            }
            out.append(c);
        }
        return out.toString();
    }

    public static String html(String html, String id) {
        int head = html.indexOf("<head>");
        if (head < 0) {
            throw new IllegalStateException("the HTML report has no <head> to stamp");
        }
        int at = head + "<head>".length();
        return html.substring(0, at) + "<meta name=\"gpuplan-plan\" content=\"" + id + "\">" + html.substring(at);
    }

    public static String markdown(String markdown, String id) {
        return markdown + (markdown.endsWith("\n") ? "" : "\n") + "\n<!-- gpuplan-plan: " + id + " -->\n";
    }

    /** The plan id a derived file carries, or null when it carries none (made by an older gpuplan, or not by it). */
    public static String read(Path file) throws IOException {
        String name = file.getFileName().toString();
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Matcher m = name.endsWith(".csv") ? csvId(text) : name.endsWith(".html") ? HTML.matcher(text)
                : MARKDOWN.matcher(text);
        return m != null && m.find() ? m.group(1) : null;
    }

    /**
     * The derived files beside X.plan.yaml (FOCUS CSV, reports) that carry another plan's id: a set mixed by a killed
     * run or by two solves into one folder. Files without an id (older gpuplan, or none written) are not judged.
     */
    public static List<String> otherPlansBeside(Path planFile) throws IOException {
        List<String> mixed = new ArrayList<>();
        String name = planFile.getFileName().toString();
        if (!name.endsWith(".plan.yaml")) {
            return mixed;
        }
        String base = name.substring(0, name.length() - ".plan.yaml".length());
        String id = planId(Files.readAllBytes(planFile));
        for (String suffix : Outputs.SUFFIXES.subList(1, Outputs.SUFFIXES.size())) {
            Path derived = planFile.resolveSibling(base + suffix);
            String stamp = Files.isRegularFile(derived) ? read(derived) : null;
            if (stamp != null && !stamp.equals(id)) {
                mixed.add(derived.getFileName() + " was made from another plan (plan id " + stamp + ", this plan is "
                        + id + "): solve again, or run gpuplan report " + planFile);
            }
        }
        return mixed;
    }

    /** The id on the CSV's first data row, when its header ends with the x_PlanId column. */
    private static Matcher csvId(String text) {
        int eol = text.indexOf("\r\n");
        if (eol < 0 || !text.substring(0, eol).endsWith("," + CSV_COLUMN)) {
            return null;
        }
        return CSV_ROW.matcher(text).region(eol + 2, text.length());
    }
}
