package io.gpuplan.solve;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.CapacityFit;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.ProviderCharge;
import io.gpuplan.sizing.Reservations;
import io.gpuplan.solve.Baselines.Placed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A starting plan for local search: highest priority first, within capacity and budgets, and already buying
 * reservations. A reserved pool costs its whole horizon as soon as one job uses it, so no single move onto an empty
 * pool pays off, and local search from an on-demand plan rarely finds the pools that pay off only when several
 * jobs share them. So: jobs in turn (by priority, by priority per cost, or by deadline: all three are tried, the
 * best kept, as a tight budget is a knapsack that no one order solves) each take the option that adds least to the
 * plan's cost (its own cost plus any rise of a reservation) and fits the capacity and budget left; then, pool by
 * pool, higher reservation levels are tried, packing the jobs that gain most from moving there (unplanned jobs
 * first), keeping the level with the best net saving that stays within the budgets.
 */
public final class WarmStart {
    /** Levels tried per reserved offer at most (spread evenly up to the demand). */
    static final int MAX_LEVELS = 32;
    /** What planning an unplanned job is worth when ranking moves: more than any cost difference. */
    private static final long PLANNING_GAIN = Long.MAX_VALUE / 4096;

    private final Problem problem;
    private final Map<String, int[]> used = new HashMap<>();
    private final Map<Job, Placed> places = new LinkedHashMap<>();

    private WarmStart(Problem problem) {
        this.problem = problem;
        problem.offers().forEach(o -> used.put(o.id(), new int[problem.horizon().slots()]));
    }

    /** The orders tried for the greedy pass: by priority, by priority per unit of cheapest cost, by deadline. */
    static final List<Comparator<JobOptions>> ORDERS = List.of(
            Comparator.comparingInt((JobOptions jo) -> -jo.job().priority()).thenComparing(WarmStart::due),
            Comparator.comparingDouble((JobOptions jo) -> -priorityPerCost(jo)).thenComparing(WarmStart::due),
            Comparator.comparing(WarmStart::due).thenComparingInt(jo -> -jo.job().priority()));

    /**
     * Sets option and start of every assignment of {@code plan} to the best starting plan: the heuristic run in each
     * of {@link #ORDERS}, and any {@code candidates} given (e.g. a plan that was feasible with a smaller budget),
     * ranked by the score the rules give them.
     */
    public static void apply(GpuPlan plan, List<JobOptions> options, List<Decisions> candidates) {
        Problem problem = plan.getProblem();
        List<Map<Job, Placed>> starts = new ArrayList<>();
        for (Comparator<JobOptions> order : ORDERS) {
            WarmStart w = new WarmStart(problem);
            List<JobOptions> sorted = new ArrayList<>(options);
            sorted.sort(order.thenComparing(jo -> jo.job().id()));
            w.placeInOrder(sorted);
            for (Offer pool : problem.offers()) {
                if (pool.isReserved()) {
                    w.fillReservation(options, pool);
                }
            }
            starts.add(w.places);
        }
        candidates.forEach(d -> starts.add(placesOf(d, options)));
        Map<Job, Placed> best = null;
        long[] bestRank = null;
        for (Map<Job, Placed> start : starts) {
            long[] r = rank(problem, start);
            if (bestRank == null || java.util.Arrays.compare(r, bestRank) < 0) {
                best = start;
                bestRank = r;
            }
        }
        for (JobAssignment a : plan.getAssignments()) {
            Placed p = best.get(a.getJob());
            a.setOption(p == null ? null : p.option());
            a.setStart(p == null ? a.getStarts().get(0) : p.start());
        }
    }

    /** Hard penalty, unplanned priority, cost: lower is better in that order (R23). */
    private static long[] rank(Problem problem, Map<Job, Placed> places) {
        List<Placement> placements = new ArrayList<>();
        places.forEach((job, p) -> placements.add(new Placement(job.id(), p.option().offer().id(), p.option().gpus(), p.start())));
        Map<String, int[]> use = new HashMap<>();
        Map<String, Integer> reservations = new HashMap<>();
        places.values().stream().filter(p -> p.option().offer().isReserved()).forEach(p -> {
            int[] u = use.computeIfAbsent(p.option().offer().id(), k -> new int[problem.horizon().slots()]);
            CapacityFit.occupy(u, p.option(), p.start(), p.option().billedGpus());
            reservations.put(p.option().offer().id(), Math.min(peak(u), p.option().offer().maxGpus()));
        });
        Evaluation e = PlanEvaluator.evaluate(problem, new Decisions(placements, reservations));
        return new long[] {e.hardPenalty(), e.unplannedPriority(), e.costCents()};
    }

    /** A plan given as decisions, on this problem's options (placements it cannot match are left out). */
    private static Map<Job, Placed> placesOf(Decisions d, List<JobOptions> options) {
        Map<Job, Placed> out = new LinkedHashMap<>();
        for (Placement p : d.placements()) {
            options.stream().filter(jo -> jo.job().id().equals(p.job())).findFirst().flatMap(jo -> jo.options().stream()
                            .filter(o -> o.offer().id().equals(p.offer()) && o.gpus() == p.gpus()).findFirst())
                    .ifPresent(o -> out.put(o.job(), new Placed(o, p.startSlot())));
        }
        return out;
    }

    private static java.time.LocalDate due(JobOptions jo) {
        return jo.job().isServing() ? jo.job().windowEnd() : jo.job().deadline();
    }

    private static double priorityPerCost(JobOptions jo) {
        long cheapest = jo.options().stream().mapToLong(Option::boundCents).min().orElse(Long.MAX_VALUE);
        return jo.job().priority() / (double) Math.max(1, cheapest);
    }

    private void placeInOrder(List<JobOptions> order) {
        for (JobOptions jo : order) {
            Placed best = null;
            long bestCost = Long.MAX_VALUE;
            for (Option o : jo.options()) {
                Placed p = cheapestStart(o);
                long cost = p == null ? Long.MAX_VALUE : marginalCents(p);
                if (cost < bestCost && withinBudget(jo.job(), p)) {
                    best = p;
                    bestCost = cost;
                }
            }
            if (best != null) {
                move(jo.job(), best);
            }
        }
    }

    /**
     * Where the option fits the capacity left at the least added cost: its earliest start, or on a reserved pool the
     * earliest start that raises the reservation least; null if it fits nowhere.
     */
    private Placed cheapestStart(Option o) {
        int[] u = used.get(o.offer().id());
        if (!o.offer().isReserved()) {
            int start = CapacityFit.earliestStart(o, u, o.offer().maxGpus());
            return start < 0 ? null : new Placed(o, start);
        }
        Placed best = null;
        int bestPeak = Integer.MAX_VALUE;
        for (int start = o.earliestStart(); start <= o.latestStart() && bestPeak > peak(u); start++) {
            if (CapacityFit.fits(o, start, u, o.offer().maxGpus())) {
                int newPeak = peak(u);
                for (int s = start; s < start + o.durationSlots(); s++) {
                    newPeak = Math.max(newPeak, u[s] + o.billedGpus());
                }
                if (newPeak < bestPeak) {
                    bestPeak = newPeak;
                    best = new Placed(o, start);
                }
            }
        }
        return best;
    }

    /** What placing the job there adds to the plan: its own cost, plus any rise of the pool's reservation (R18). */
    private long marginalCents(Placed p) {
        Option o = p.option();
        if (!o.offer().isReserved()) {
            return o.totalCents();
        }
        int[] u = used.get(o.offer().id());
        int before = peak(u);
        int after = before;
        for (int s = p.start(); s < p.start() + o.durationSlots(); s++) {
            after = Math.max(after, u[s] + o.billedGpus());
        }
        return o.totalCents() + Reservations.horizonCents(o.offer(), after, problem.horizon())
                - Reservations.horizonCents(o.offer(), before, problem.horizon());
    }

    private void fillReservation(List<JobOptions> options, Offer pool) {
        List<JobOptions> candidates = options.stream()
                .filter(jo -> !onPool(jo.job(), pool) && jo.options().stream().anyMatch(o -> o.offer().equals(pool))).toList();
        int current = peak(used.get(pool.id()));
        long demand = current + candidates.stream().mapToLong(jo -> jo.options().stream().filter(o -> o.offer().equals(pool))
                .mapToInt(Option::billedGpus).max().orElse(0)).sum();
        int per = pool.gpusPerInstance();
        int fromLevel = current / per + 1;
        int maxLevel = (int) (Math.min(pool.maxGpus(), demand) / per);
        int step = Math.max(1, (maxLevel - fromLevel + MAX_LEVELS) / MAX_LEVELS);
        long currentCost = Reservations.horizonCents(pool, current, problem.horizon());
        Map<Job, Placed> best = Map.of();
        long bestNet = 0;
        for (int n = fromLevel; n <= maxLevel; n += step) {
            int level = n * per;
            Map<Job, Placed> moved = pack(candidates, pool, level);
            long gain = moved.entrySet().stream().mapToLong(e -> gain(places.get(e.getKey()), e.getValue().option())).sum();
            long net = gain - (Reservations.horizonCents(pool, level, problem.horizon()) - currentCost);
            if (net > bestNet && withinBudget(moved)) {
                bestNet = net;
                best = moved;
            }
        }
        best.forEach(this::move);
    }

    /** Packs jobs onto the pool, at most {@code level} GPUs at once: unplanned jobs first, then by gain per GPU-slot. */
    private Map<Job, Placed> pack(List<JobOptions> candidates, Offer pool, int level) {
        int[] usage = used.get(pool.id()).clone();
        Map<Job, Placed> moved = new LinkedHashMap<>();
        List<JobOptions> order = new ArrayList<>(candidates);
        order.sort(Comparator.comparing((JobOptions jo) -> places.containsKey(jo.job()))
                .thenComparing(jo -> -jo.job().priority())
                .thenComparing(Comparator.comparingDouble((JobOptions jo) -> gainDensity(jo, pool)).reversed())
                .thenComparing(jo -> jo.job().id()));
        for (JobOptions jo : order) {
            for (Option o : onPool(jo, pool)) {
                if (gain(places.get(jo.job()), o) <= 0) {
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

    private void move(Job job, Placed to) {
        Placed old = places.get(job);
        if (old != null) {
            CapacityFit.occupy(used.get(old.option().offer().id()), old.option(), old.start(), -old.option().billedGpus());
        }
        places.put(job, to);
        CapacityFit.occupy(used.get(to.option().offer().id()), to.option(), to.start(), to.option().billedGpus());
    }

    private boolean withinBudget(Job job, Placed p) {
        return withinBudget(Map.of(job, p));
    }

    /**
     * R22 for the plan with {@code changes} applied: every job line plus each reserved pool at its peak, against the
     * total and per-provider caps.
     */
    private boolean withinBudget(Map<Job, Placed> changes) {
        Map<Job, Placed> plan = new LinkedHashMap<>(places);
        plan.putAll(changes);
        Map<String, int[]> pools = new HashMap<>();
        for (Placed p : plan.values()) {
            if (p.option().offer().isReserved()) {
                int[] u = pools.computeIfAbsent(p.option().offer().id(), k -> new int[problem.horizon().slots()]);
                CapacityFit.occupy(u, p.option(), p.start(), p.option().billedGpus());
            }
        }
        long total = 0;
        Map<String, Long> byProvider = new HashMap<>();
        for (Placed p : plan.values()) {
            total += p.option().totalCents();
            for (ProviderCharge c : p.option().providerCharges()) {
                byProvider.merge(c.provider(), c.cents(), Long::sum);
            }
        }
        for (Offer pool : problem.offers()) {
            if (pools.containsKey(pool.id())) {
                long cents = Reservations.horizonCents(pool, peak(pools.get(pool.id())), problem.horizon());
                total += cents;
                byProvider.merge(pool.provider(), cents, Long::sum);
            }
        }
        if (problem.budget().total() != null && total > Money.cents(problem.budget().total())) {
            return false;
        }
        for (Map.Entry<String, Double> cap : problem.budget().byProvider().entrySet()) {
            if (byProvider.getOrDefault(cap.getKey(), 0L) > Money.cents(cap.getValue())) {
                return false;
            }
        }
        return true;
    }

    private boolean onPool(Job job, Offer pool) {
        Placed p = places.get(job);
        return p != null && p.option().offer().equals(pool);
    }

    private static int peak(int[] usage) {
        int peak = 0;
        for (int u : usage) {
            peak = Math.max(peak, u);
        }
        return peak;
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

    private double gainDensity(JobOptions jo, Offer pool) {
        Option cheapest = onPool(jo, pool).get(0);
        return (double) gain(places.get(jo.job()), cheapest) / ((long) cheapest.billedGpus() * cheapest.durationSlots());
    }
}
