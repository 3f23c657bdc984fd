package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument.Assignment;
import io.gpuplan.problem.Plural;
import java.util.List;

/** Jobs the plan does not run, each with the reason it could not be planned (R23). */
final class UnplannedSection {
    private UnplannedSection() {
    }

    static Section build(ReportInput in) {
        var s = Section.builder("unplanned", "Unplanned jobs");
        List<Assignment> jobs = in.notPlanned();
        long priority = jobs.stream().mapToLong(Assignment::priority).sum();
        s.paragraph(jobs.isEmpty() ? "Every job is planned."
                : Plural.count(jobs.size(), "job is", "jobs are") + " not planned, total priority " + priority
                + " (R23: the plan runs as much priority as it can, then is cheapest).");
        var t = Table.builder("Unplanned jobs and why", "unplanned").text("job", "kind").num("priority")
                .text("status").prose("reason").empty("None: every job is planned.");
        for (Assignment a : jobs) {
            t.row(Table.data("job", a.job()), a.job(), a.kind(), Integer.toString(a.priority()), a.status(),
                    a.reason() == null ? "no reason recorded" : a.reason());
        }
        return s.table(t.build()).build();
    }
}
