package io.gpuplan.solve;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.CapacityFit;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.Reservations;
import io.gpuplan.solve.Baselines.Placed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A starting plan for local search that already buys reservations. A reserved pool costs its whole horizon as soon
 * as one job uses it, so no single move onto an empty pool pays off, and local search from an on-demand plan rarely
 * finds the pools that pay off only when several jobs share them. This heuristic starts from the R25 greedy plan,
 * then, pool by pool, tries reservation levels and packs the jobs that gain most from moving there (unplanned jobs
 * first), keeping the level with the best net saving. Capacity is respected; budgets are left to the solver.
 */
public final class WarmStart {
    /** Levels tried per reserved offer at most (spread evenly up to the demand). */
    static final int MAX_LEVELS = 32;
    /** What planning an unplanned job is worth when ranking moves: more than any cost difference. */
    private static final long PLANNING_GAIN = Long.MAX_VALUE / 1024;

    private WarmStart() {
    }

    /** Sets option and start of every assignment of {@code plan} to the heuristic's starting plan. */
    public static void apply(GpuPlan plan, List<JobOptions> options) {
        Problem problem = plan.getProblem();
        Map<String, int[]> used = new HashMap<>();
        problem.offers().forEach(o -> used.put(o.id(), new int[problem.horizon().slots()]));
        Map<Job, Placed> places = Baselines.greedy(options, used);
        for (Offer pool : problem.offers()) {
            if (pool.isReserved()) {
                fillReservation(problem, options, pool, places, used);
            }
        }
        for (JobAssignment a : plan.getAssignments()) {
            Placed p = places.get(a.getJob());
            a.setOption(p == null ? null : p.option());
            a.setStart(p == null ? a.getStarts().get(0) : p.start());
        }
    }

    private static void fillReservation(Problem problem, List<JobOptions> options, Offer pool, Map<Job, Placed> places,
                                        Map<String, int[]> used) {
        List<JobOptions> candidates = options.stream()
                .filter(jo -> jo.options().stream().anyMatch(o -> o.offer().equals(pool))).toList();
        long demand = candidates.stream().mapToLong(jo -> jo.options().stream().filter(o -> o.offer().equals(pool))
                .mapToInt(Option::billedGpus).max().orElse(0)).sum();
        int per = pool.gpusPerInstance();
        int maxLevel = (int) (Math.min(pool.maxGpus(), demand) / per);
        int step = Math.max(1, (maxLevel + MAX_LEVELS - 1) / MAX_LEVELS);
        Map<Job, Placed> best = Map.of();
        long bestNet = 0;
        for (int n = 1; n <= maxLevel; n += step) {
            int level = n * per;
            Map<Job, Placed> moved = pack(candidates, pool, level, places, problem.horizon().slots());
            long gain = moved.entrySet().stream().mapToLong(e -> gain(places.get(e.getKey()), e.getValue().option())).sum();
            long net = gain - Reservations.horizonCents(pool, level, problem.horizon());
            if (net > bestNet) {
                bestNet = net;
                best = moved;
            }
        }
        best.forEach((job, p) -> {
            Placed old = places.get(job);
            if (old != null) {
                CapacityFit.occupy(used.get(old.option().offer().id()), old.option(), old.start(), -old.option().billedGpus());
            }
            places.put(job, p);
            CapacityFit.occupy(used.get(pool.id()), p.option(), p.start(), p.option().billedGpus());
        });
    }

    /** Packs jobs onto the pool, at most {@code level} GPUs at once: unplanned jobs first, then by gain per GPU-slot. */
    private static Map<Job, Placed> pack(List<JobOptions> candidates, Offer pool, int level, Map<Job, Placed> places,
                                         int slots) {
        int[] usage = new int[slots];
        Map<Job, Placed> moved = new LinkedHashMap<>();
        List<JobOptions> order = new ArrayList<>(candidates);
        order.sort(Comparator.comparing((JobOptions jo) -> places.containsKey(jo.job()))
                .thenComparing(Comparator.comparingDouble((JobOptions jo) -> gainDensity(jo, pool, places.get(jo.job()))).reversed())
                .thenComparing(jo -> jo.job().id()));
        for (JobOptions jo : order) {
            Placed here = places.get(jo.job());
            for (Option o : onPool(jo, pool)) {
                if (gain(here, o) <= 0) {
                    continue;
                }
                int start = CapacityFit.earliestStart(o, usage, level);
                if (start >= 0) {
                    moved.put(jo.job(), new Placed(o, start));
                    CapacityFit.occupy(usage, o, start, o.billedGpus());
                    break;
                }
            }
        }
        return moved;
    }

    /** The job's options on the pool, cheapest first, then the fewest GPUs. */
    private static List<Option> onPool(JobOptions jo, Offer pool) {
        return jo.options().stream().filter(o -> o.offer().equals(pool))
                .sorted(Comparator.comparingLong(Option::totalCents).thenComparingInt(Option::billedGpus)).toList();
    }

    /** What moving a job from {@code from} (null: unplanned) onto option {@code to} saves. */
    private static long gain(Placed from, Option to) {
        return from == null ? PLANNING_GAIN : from.option().totalCents() - to.totalCents();
    }

    private static double gainDensity(JobOptions jo, Offer pool, Placed from) {
        Option cheapest = onPool(jo, pool).get(0);
        return (double) gain(from, cheapest) / ((long) cheapest.billedGpus() * cheapest.durationSlots());
    }
}
