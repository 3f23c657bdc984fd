package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocument.Assignment;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a report is made from. Numbers come from the plan document wherever it states them, so the report shows
 * exactly the plan's numbers; the evaluation supplies only what the plan file lacks (usage per slot, cost lines by
 * provider and purchase model).
 */
record ReportInput(Problem problem, PlanDocument plan, Evaluation evaluation) {
    static final String PLANNED = "planned";

    ReportInput {
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(evaluation, "evaluation");
    }

    String currency() {
        return plan.currency() != null ? plan.currency() : problem.currency();
    }

    Horizon horizon() {
        return problem.horizon();
    }

    List<Assignment> assignments() {
        return plan.assignments() == null ? List.of() : plan.assignments();
    }

    /** The reservations bought: a plan file may list an offer at 0 GPUs, which buys nothing and is no purchase. */
    List<PlanDocument.Reservation> reservations() {
        return plan.reservations() == null ? List.of() : plan.reservations().stream().filter(r -> r.gpus() > 0).toList();
    }

    /** Jobs the plan runs (status planned, with an offer and a start slot). */
    List<Assignment> planned() {
        return assignments().stream()
                .filter(a -> PLANNED.equals(a.status()) && a.offer() != null && a.startSlot() != null && a.slots() != null)
                .toList();
    }

    /** Jobs the plan does not run: unplanned, or a placement the rules reject. */
    List<Assignment> notPlanned() {
        List<Assignment> planned = planned();
        return assignments().stream().filter(a -> !planned.contains(a)).toList();
    }

    /** Planned jobs grouped by offer, offers in problem order (then any offer the problem does not know). */
    Map<String, List<Assignment>> plannedByOffer() {
        Map<String, List<Assignment>> out = new LinkedHashMap<>();
        problem.offers().forEach(o -> out.put(o.id(), new ArrayList<>()));
        for (Assignment a : planned()) {
            out.computeIfAbsent(a.offer(), k -> new ArrayList<>()).add(a);
        }
        out.values().removeIf(List::isEmpty);
        return out;
    }

    Offer offer(String id) {
        return problem.offer(id).orElse(null);
    }

    /** Calendar months the horizon touches, in order. */
    List<YearMonth> months() {
        List<YearMonth> out = new ArrayList<>();
        YearMonth last = YearMonth.from(horizon().end().minusDays(1));
        for (YearMonth m = YearMonth.from(horizon().start()); !m.isAfter(last); m = m.plusMonths(1)) {
            out.add(m);
        }
        return out;
    }

    /** GPUs in use per slot on an offer (R21), or an empty array when the evaluation does not know the offer. */
    int[] usage(String offer) {
        int[] u = evaluation.usage().get(offer);
        return u == null ? new int[0] : u;
    }

    /** "2027-01-01 to 2027-04-01 (90 slots of 1d)". */
    String horizonText() {
        Horizon h = horizon();
        return h.start() + " to " + h.end() + " (" + h.slots() + " slots of " + h.slot() + ")";
    }
}
