package io.gpuplan.solve;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.CapacityFit;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The exact optimum of a small problem by branch and bound over every job's options and starts (or leaving it
 * unplanned): feasible first, then least unplanned priority, then least cost, as R23 orders plans. Reservations are
 * bought at each pool's peak, as the model does. For tests on instances of a few jobs and slots.
 */
final class ExhaustiveSearch {
    private final Problem problem;
    private final List<JobOptions> jobs;
    private final long[] cheapestAfter;
    private final Map<String, int[]> used = new HashMap<>();
    private final List<Placement> current = new ArrayList<>();
    private Evaluation best;

    private ExhaustiveSearch(Problem problem, List<JobOptions> jobs) {
        this.problem = problem;
        this.jobs = jobs;
        cheapestAfter = new long[jobs.size() + 1];
        for (int j = jobs.size() - 1; j >= 0; j--) {
            // What planning job j adds at least: its cheapest own cost (a reserved pool may already be paid for).
            cheapestAfter[j] = cheapestAfter[j + 1] + jobs.get(j).options().stream().mapToLong(Option::totalCents).min().orElse(0);
        }
        problem.offers().forEach(o -> used.put(o.id(), new int[problem.horizon().slots()]));
    }

    /** The optimal plan's evaluation. */
    static Evaluation optimum(Problem problem, List<JobOptions> options) {
        ExhaustiveSearch s = new ExhaustiveSearch(problem, options);
        s.search(0, 0, 0);
        return s.best;
    }

    private void search(int j, long unplanned, long partialCost) {
        if (best != null && (unplanned > best.unplannedPriority()
                || unplanned == best.unplannedPriority() && partialCost + cheapestAfter[j] > best.costCents())) {
            return;
        }
        if (j == jobs.size()) {
            Evaluation e = PlanEvaluator.evaluate(problem, new Decisions(current, reservations()));
            if (e.feasible() && (best == null || e.unplannedPriority() < best.unplannedPriority()
                    || e.unplannedPriority() == best.unplannedPriority() && e.costCents() < best.costCents())) {
                best = e;
            }
            return;
        }
        JobOptions jo = jobs.get(j);
        for (Option o : jo.options()) {
            int[] u = used.get(o.offer().id());
            for (int start = o.earliestStart(); start <= o.latestStart(); start++) {
                if (!CapacityFit.fits(o, start, u, o.offer().maxGpus())) {
                    continue;
                }
                CapacityFit.occupy(u, o, start, o.billedGpus());
                current.add(new Placement(jo.job().id(), o.offer().id(), o.gpus(), start));
                // Reservation cost is settled at the leaf.
                search(j + 1, unplanned, partialCost + (o.offer().isReserved() ? 0 : o.totalCents()));
                current.remove(current.size() - 1);
                CapacityFit.occupy(u, o, start, -o.billedGpus());
            }
        }
        search(j + 1, unplanned + jo.job().priority(), partialCost);
    }

    private Map<String, Integer> reservations() {
        Map<String, Integer> out = new HashMap<>();
        for (Offer o : problem.offers()) {
            if (o.isReserved()) {
                out.put(o.id(), Math.min(o.maxGpus(), java.util.Arrays.stream(used.get(o.id())).max().orElse(0)));
            }
        }
        return out;
    }
}
