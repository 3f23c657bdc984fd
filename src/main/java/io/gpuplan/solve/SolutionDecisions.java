package io.gpuplan.solve;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the decisions out of a solved model: placements, and on each reserved offer what {@link io.gpuplan.model.ReservedPool#bought} buys. */
public final class SolutionDecisions {
    private SolutionDecisions() {
    }

    /**
     * Sets every assignment of {@code plan} to the decisions' placement (an option of the same offer and GPU count,
     * and its start), or unplanned. Reservations follow from the placements (R18 buys the peak).
     */
    public static void apply(GpuPlan plan, Decisions decisions) {
        Map<String, Placement> byJob = new LinkedHashMap<>();
        decisions.placements().forEach(p -> byJob.put(p.job(), p));
        for (JobAssignment a : plan.getAssignments()) {
            Placement p = byJob.get(a.getId());
            Option o = optionOf(a, p);
            a.setOption(o);
            a.setStart(o == null ? a.getStarts().get(0) : p.startSlot());
        }
    }

    /** The job's option of the placement's offer and GPU count; null for no placement (or none such). */
    public static Option optionOf(JobAssignment a, Placement p) {
        return p == null ? null : a.getOptions().stream()
                .filter(x -> x.offer().id().equals(p.offer()) && x.gpus() == p.gpus()).findFirst().orElse(null);
    }

    public static Decisions of(GpuPlan plan) {
        List<PlacedOption> placed = new ArrayList<>();
        for (JobAssignment a : plan.getAssignments()) {
            if (a.getOption() != null) {
                placed.add(new PlacedOption(a.getOption(), a.getStart()));
            }
        }
        return PlacedOption.decisions(plan.getProblem(), placed);
    }
}
