package io.gpuplan.solve;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.CapacityFit;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** R25: the naive plans a spreadsheet would give, to state what the optimized plan saves. */
public final class Baselines {
    private Baselines() {
    }

    /** A job's place in a heuristic plan. */
    public record Placed(Option option, int start) {
    }

    /**
     * Greedy: jobs in deadline order (serving jobs by window end; ties by id), each on its cheapest eligible on-demand
     * or spot option that fits the capacity left, at the earliest start where it fits; no reservations.
     */
    public static Decisions greedy(Problem problem, List<JobOptions> options) {
        Map<String, int[]> used = new HashMap<>();
        problem.offers().forEach(o -> used.put(o.id(), new int[problem.horizon().slots()]));
        List<Placement> placements = new ArrayList<>();
        greedy(options, used).forEach((job, p) ->
                placements.add(new Placement(job.id(), p.option().offer().id(), p.option().gpus(), p.start())));
        return new Decisions(placements, Map.of());
    }

    /** The greedy plan by job, occupying {@code used} (GPUs per offer id and slot) as it goes. */
    static Map<Job, Placed> greedy(List<JobOptions> options, Map<String, int[]> used) {
        Map<Job, Placed> out = new LinkedHashMap<>();
        List<JobOptions> order = new ArrayList<>(options);
        order.sort(Comparator.comparing((JobOptions jo) -> due(jo.job())).thenComparing(jo -> jo.job().id()));
        for (JobOptions jo : order) {
            // R25 is the naive plan: on-demand or spot only (no pool, no capacity block, R30).
            List<Option> candidates = jo.options().stream().filter(o -> !o.offer().isCommitted() && !o.offer().isBlock())
                    .sorted(Comparator.comparingLong(Option::totalCents)).toList();
            for (Option o : candidates) {
                int[] u = used.get(o.offer().id());
                int start = CapacityFit.earliestStart(o, u, o.offer().maxGpus());
                if (start >= 0) {
                    CapacityFit.occupy(u, o, start, o.billedGpus());
                    out.put(jo.job(), new Placed(o, start));
                    break;
                }
            }
        }
        return out;
    }

    /**
     * Everything on-demand: each job on its cheapest eligible on-demand option at its earliest start, capacity
     * ignored (the list-price plan). Jobs with no on-demand option are left out.
     */
    public static Decisions allOnDemand(List<JobOptions> options) {
        List<Placement> placements = new ArrayList<>();
        for (JobOptions jo : options) {
            jo.options().stream().filter(o -> o.offer().purchase() == io.gpuplan.problem.PurchaseModel.ON_DEMAND)
                    .min(Comparator.comparingLong(Option::totalCents))
                    .ifPresent(o -> placements.add(new Placement(jo.job().id(), o.offer().id(), o.gpus(), o.earliestStart())));
        }
        return new Decisions(placements, Map.of());
    }

    /**
     * The options of the jobs a plan runs: a baseline priced on them runs the same work as the plan (or less, when it
     * cannot place one), so its saving compares like with like.
     */
    public static List<JobOptions> ofJobs(List<JobOptions> options, Set<String> jobIds) {
        return options.stream().filter(jo -> jobIds.contains(jo.job().id())).toList();
    }

    private static LocalDate due(Job job) {
        return job.isServing() ? job.windowEnd() : job.deadline();
    }
}
