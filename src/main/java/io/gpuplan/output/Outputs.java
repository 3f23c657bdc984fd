package io.gpuplan.output;

import io.gpuplan.output.focus.FocusCsv;
import io.gpuplan.output.report.Report;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes what a solve produces (PLAN-FORMAT.md), each file atomically: the plan, the FOCUS CSV, the report. */
public final class Outputs {
    /** What a solve writes for a scenario X: X.plan.yaml and the files derived from it. */
    public static final List<String> SUFFIXES = List.of(".plan.yaml", ".focus.csv", ".report.html", ".report.md");

    private Outputs() {
    }

    /** Writes {@code X.plan.yaml} and the files derived from it; returns the paths written. */
    public static List<Path> writeAll(Path dir, String base, Problem problem, PlanDocument plan, Decisions decisions)
            throws IOException {
        List<Path> written = new ArrayList<>();
        Path planFile = dir.resolve(base + ".plan.yaml");
        AtomicFiles.write(planFile, Yaml.MAPPER.writeValueAsString(plan));
        written.add(planFile);
        written.addAll(writeDerived(dir, base, problem, plan, decisions));
        return written;
    }

    /** The FOCUS forecast and the finance report of a plan (also what {@code report PLAN} writes). */
    public static List<Path> writeDerived(Path dir, String base, Problem problem, PlanDocument plan, Decisions decisions)
            throws IOException {
        Evaluation evaluation = PlanEvaluator.evaluate(problem, decisions);
        Path focus = dir.resolve(base + ".focus.csv");
        AtomicFiles.write(focus, FocusCsv.render(problem, plan, evaluation));
        Path html = dir.resolve(base + ".report.html");
        AtomicFiles.write(html, Report.html(problem, plan, evaluation));
        Path markdown = dir.resolve(base + ".report.md");
        AtomicFiles.write(markdown, Report.markdown(problem, plan, evaluation));
        return List.of(focus, html, markdown);
    }
}
