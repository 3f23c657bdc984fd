package io.gpuplan.output;

import io.gpuplan.output.focus.FocusCsv;
import io.gpuplan.output.report.Report;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes what a solve produces (PLAN-FORMAT.md) as one set: every file is rendered and written to a temp file
 * first, then all are renamed into place, the plan last; each derived file carries the plan's id
 * ({@link OutputStamp}), so a set mixed by a killed run or by two solves into one folder is told apart by
 * {@code verify}. Temp files that killed runs left are removed first.
 */
public final class Outputs {
    /** What a solve writes for a scenario X: X.plan.yaml and the files derived from it. */
    public static final List<String> SUFFIXES = List.of(".plan.yaml", ".focus.csv", ".report.html", ".report.md");

    private Outputs() {
    }

    /** Writes {@code X.plan.yaml} and the files derived from it; returns the paths written, the plan first. */
    public static List<Path> writeAll(Path dir, String base, Problem problem, PlanDocument plan, Evaluation evaluation)
            throws IOException {
        return publish(dir, base, render(problem, plan, evaluation));
    }

    /**
     * The texts of {@code X.plan.yaml} and the files derived from it, by suffix ({@link #SUFFIXES}), the plan last:
     * what a grid point's task renders on any engine, for {@link #publish} to write where the command runs.
     */
    public static LinkedHashMap<String, String> render(Problem problem, PlanDocument plan, Evaluation evaluation) {
        String planText = Yaml.MAPPER.writeValueAsString(plan);
        LinkedHashMap<String, String> out = derived(problem, plan, evaluation, planText.getBytes(StandardCharsets.UTF_8));
        out.put(SUFFIXES.get(0), planText);
        return out;
    }

    /**
     * Writes rendered files ({@link #render}) as one set, the plan renamed into place last (whatever the map's order);
     * returns the paths written, the plan first.
     */
    public static List<Path> publish(Path dir, String base, Map<String, String> bySuffix) throws IOException {
        Map<Path, String> files = new LinkedHashMap<>();
        bySuffix.forEach((suffix, text) -> {
            if (!suffix.equals(SUFFIXES.get(0))) {
                files.put(dir.resolve(base + suffix), text);
            }
        });
        Path planFile = dir.resolve(base + SUFFIXES.get(0));
        files.put(planFile, bySuffix.get(SUFFIXES.get(0)));
        publishFiles(dir, base, files);
        List<Path> written = new ArrayList<>(List.of(planFile));
        written.addAll(files.keySet().stream().filter(p -> !p.equals(planFile)).toList());
        return written;
    }

    /**
     * The FOCUS forecast and the finance report of a plan (also what {@code report PLAN} writes), stamped with the id
     * of the plan file whose bytes are {@code planFile}.
     */
    public static List<Path> writeDerived(Path dir, String base, Problem problem, PlanDocument plan,
                                          Evaluation evaluation, byte[] planFile) throws IOException {
        Map<Path, String> files = new LinkedHashMap<>();
        derived(problem, plan, evaluation, planFile).forEach((suffix, text) -> files.put(dir.resolve(base + suffix), text));
        publishFiles(dir, base, files);
        return List.copyOf(files.keySet());
    }

    /** The derived files' texts by suffix, stamped with the id of the plan file whose bytes are {@code planFile}. */
    private static LinkedHashMap<String, String> derived(Problem problem, PlanDocument plan, Evaluation evaluation,
                                                         byte[] planFile) {
        String id = OutputStamp.planId(planFile);
        LinkedHashMap<String, String> files = new LinkedHashMap<>();
        files.put(".focus.csv", OutputStamp.csv(FocusCsv.render(problem, plan, evaluation), id));
        files.put(".report.html", OutputStamp.html(Report.html(problem, plan, evaluation), id));
        files.put(".report.md", OutputStamp.markdown(Report.markdown(problem, plan, evaluation), id));
        return files;
    }

    private static void publishFiles(Path dir, String base, Map<Path, String> files) throws IOException {
        AtomicFiles.removeStale(dir, SUFFIXES.stream().map(s -> base + s).toList());
        AtomicFiles.publish(files);
    }
}
