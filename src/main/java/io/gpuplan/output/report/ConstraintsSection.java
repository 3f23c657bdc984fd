package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument.ConstraintReport;
import java.util.List;

/** The plan's constraints table: per rule, matches, score impact and what binds. */
final class ConstraintsSection {
    private ConstraintsSection() {
    }

    static Section build(ReportInput in) {
        var s = Section.builder("constraints", "Constraints: what drives the plan");
        s.paragraph("Scored by gpuplan's own rule checks (the same code verify uses). Hard rules must hold; medium is"
                + " the priority of unplanned jobs; soft is the plan cost in cents. \"Binding\" lists the jobs at their"
                + " deadline, offers full and when, budget left, and the offers each job cannot use.");
        var t = Table.builder("Constraints", "constraint").text("constraint", "level").num("matches")
                .text("impact").prose("binding").empty("The plan lists no constraints.");
        List<ConstraintReport> cs = in.plan().constraints() == null ? List.of() : in.plan().constraints();
        for (ConstraintReport c : cs) {
            t.row(Table.data("constraint", c.constraint(), "level", c.level()), c.constraint(), c.level(),
                    Integer.toString(c.matches()), c.impact(),
                    c.binding() == null || c.binding().isEmpty() ? "—" : String.join("\n", c.binding()));
        }
        return s.table(t.build()).build();
    }
}
