package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument.Assignment;
import io.gpuplan.problem.Plural;
import java.util.Comparator;
import java.util.List;

/** The Gantt chart of jobs per offer and the table of every planned job with its dates, hours and cost. */
final class ScheduleSection {
    private ScheduleSection() {
    }

    static Section build(ReportInput in) {
        String cur = in.currency();
        var s = Section.builder("schedule", "Schedule: jobs per offer");
        List<Assignment> planned = in.plannedByOffer().values().stream()
                .flatMap(jobs -> jobs.stream().sorted(Comparator.comparingInt(Assignment::startSlot)
                        .thenComparing(Assignment::job)))
                .toList();
        if (planned.isEmpty()) {
            s.paragraph("No job is planned.");
        } else {
            s.paragraph(Plural.count(planned.size(), "job runs", "jobs run") + " on "
                    + Plural.count(in.plannedByOffer().size(), "offer", "offers") + ". A bar spans the slots a job occupies"
                    + " (R2, R11: d = ceil(Wq / slot hours)); on spot that includes the margin for interruptions at the"
                    + " job's deadline confidence (R10).");
            s.chart(GanttChart.svg(in));
        }
        var t = Table.builder("Planned jobs", "job").text("job", "kind", "offer", "purchase", "accelerator")
                .num("GPUs (billed)").text("start", "end").num("W hours", "Wq hours", "cost (" + cur + ")")
                .empty("No job is planned.");
        for (Assignment a : planned) {
            t.row(Table.data("job", a.job(), "offer", a.offer()), a.job(), a.kind(), a.offer(), a.purchase(),
                    a.accelerator(), a.gpus() + (a.billedGpus() != null && !a.billedGpus().equals(a.gpus())
                            ? " (" + a.billedGpus() + ")" : ""),
                    a.start(), a.end(),
                    a.hours() == null ? "—" : Fmt.measure(a.hours().expected()),
                    a.hours() == null ? "—" : Fmt.measure(a.hours().atConfidence()),
                    a.cost() == null ? "—" : Fmt.money(a.cost().total()));
        }
        s.table(t.build());
        s.note("Start dates are inclusive and end dates exclusive (R2). W is the expected wall time, which cost uses;"
                + " Wq the wall time at the deadline confidence, which occupancy uses (R10, R11). Jobs on a reserved"
                + " offer cost nothing of their own: the reservation pays (R18).");
        return s.build();
    }
}
