package io.gpuplan.rules;

import io.gpuplan.problem.Problem;
import java.util.List;
import java.util.Map;

/**
 * Everything the rules say about a plan: each job, reservation and owned pool (R28), the GPUs in use per offer and slot, every
 * rule broken, every cost line, and the score the three levels of R23 give.
 */
public record Evaluation(Problem problem, List<JobResult> jobs, List<ReservationResult> reservations,
                         List<OwnedResult> owned,
                         Map<String, int[]> usage, List<Violation> violations, List<CostLine> costLines,
                         long hardPenalty, long unplannedPriority, long costCents) {

    public boolean feasible() {
        return hardPenalty == 0;
    }

    /** The priority of the jobs the plan runs. */
    public long plannedPriority() {
        return jobs.stream().filter(JobResult::planned).mapToLong(j -> j.job().priority()).sum();
    }

    /** The score as Timefold writes it: {@code -hard hard/-medium medium/-soft soft}. */
    public String score() {
        return -hardPenalty + "hard/" + -unplannedPriority + "medium/" + -costCents + "soft";
    }

    /** R27: the providers the plan opens (a job on one of their offers, or a reservation), by name. */
    public java.util.SortedSet<String> openedProviders() {
        return PlanEvaluator.opened(jobs, costLines);
    }

    /** R27: the cents of the plan's {@code kind} line for {@code provider} (0 when it has none). */
    public long overheadCents(CostLine.Kind kind, String provider) {
        return costLines.stream().filter(l -> l.kind() == kind && l.source().equals(provider)).mapToLong(CostLine::cents).sum();
    }

    public Totals totals() {
        return Totals.of(costLines);
    }
}
