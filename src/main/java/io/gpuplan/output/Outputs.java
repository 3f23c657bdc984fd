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
        String planText = Yaml.MAPPER.writeValueAsString(plan);
        Map<Path, String> files = derived(dir, base, problem, plan, evaluation, planText.getBytes(StandardCharsets.UTF_8));
        Path planFile = dir.resolve(base + ".plan.yaml");
        files.put(planFile, planText); // renamed last: a plan in place means its derived files are too
        publish(dir, base, files);
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
        Map<Path, String> files = derived(dir, base, problem, plan, evaluation, planFile);
        publish(dir, base, files);
        return List.copyOf(files.keySet());
    }

    private static Map<Path, String> derived(Path dir, String base, Problem problem, PlanDocument plan,
                                             Evaluation evaluation, byte[] planFile) {
        String id = OutputStamp.planId(planFile);
        Map<Path, String> files = new LinkedHashMap<>();
        files.put(dir.resolve(base + ".focus.csv"), OutputStamp.csv(FocusCsv.render(problem, plan, evaluation), id));
        files.put(dir.resolve(base + ".report.html"), OutputStamp.html(Report.html(problem, plan, evaluation), id));
        files.put(dir.resolve(base + ".report.md"), OutputStamp.markdown(Report.markdown(problem, plan, evaluation), id));
        return files;
    }

    private static void publish(Path dir, String base, Map<Path, String> files) throws IOException {
        AtomicFiles.removeStale(dir, SUFFIXES.stream().map(s -> base + s).toList());
        AtomicFiles.publish(files);
    }
}
