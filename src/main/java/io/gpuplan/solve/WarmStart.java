package io.gpuplan.solve;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
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
import io.gpuplan.sizing.CommittedPools;
import io.gpuplan.sizing.Reservations;
import io.gpuplan.solve.Baselines.Placed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A starting plan for local search: highest priority first, within capacity and budgets, and already buying
 * reservations. A reserved pool costs its whole horizon as soon as one job uses it, so no single move onto an empty
 * pool pays off, and local search from an on-demand plan rarely finds the pools that pay off only when several
 * jobs share them. So: jobs in turn (by priority, by priority per cost, or by deadline: all three are tried, the
 * best kept, as a tight budget is a knapsack that no one order solves) each take the option that adds least to the
 * plan's cost (its own cost plus any rise of a reservation) and fits the capacity and budget left; then, pool by
 * pool, higher reservation levels are tried, packing the jobs that gain most from moving there (unplanned jobs
 * first), keeping the level with the best net saving that stays within the budgets. Budgets are tracked as running
 * totals, so each placement is checked in constant time.
 */
public final class WarmStart {
    /** Levels tried per reserved offer at most (spread evenly up to the demand). */
    static final int MAX_LEVELS = 32;
    /** Highest priority first, the earliest due first among equals. */
    private static final Comparator<JobOptions> BY_PRIORITY =
            Comparator.comparingInt((JobOptions jo) -> -jo.job().priority()).thenComparing(WarmStart::due);

    /** What planning an unplanned job is worth when ranking moves: more than any cost difference. */
    private static final long PLANNING_GAIN = Long.MAX_VALUE / 4096;

    private final Problem problem;
    private final Map<String, int[]> used = new HashMap<>();
    private final Map<Job, Placed> places = new LinkedHashMap<>();
    /** Running totals of the plan so far: all its cost, and what each provider bills (reservations included). */
    private long total;
    private final Map<String, Long> billed = new HashMap<>();
    private final long totalCap;
    private final Map<String, Long> providerCaps = new HashMap<>();
    /** R27: the providers the plan so far opens. */
    private final java.util.Set<String> opened = new java.util.HashSet<>();
    /** What opening a provider costs before its spend: its fixed cost and its support minimum (R27). */
    private final Map<String, Long> openingCents = new HashMap<>();
    /** A provider that may not be opened (maxProviders reached). */
    private static final long CLOSED = -1;

    /**
     * Whether the estimates price R29 (a pool's level at the whole obligation past the horizon, each job on it a
     * share off): the rules' own figure once a pool is full, but a pool being filled looks dear on the way, which can
     * lead the heuristic elsewhere; the runs without it are ranked by the rules' score like the others.
     */
    private final boolean priceStranded;

    private WarmStart(Problem problem, boolean priceStranded) {
        this.priceStranded = priceStranded;
        this.problem = problem;
        problem.offers().forEach(o -> used.put(o.id(), new int[problem.horizon().slots()]));
        totalCap = problem.budget().total() == null ? Long.MAX_VALUE : Money.cents(problem.budget().total());
        problem.budget().byProvider().forEach((p, cap) -> providerCaps.put(p, Money.cents(cap)));
        problem.overheads().byProvider().forEach((p, o) -> openingCents.put(p, o.fixedCents() + o.supportMinimumCents(problem.horizon())));
    }

    /**
     * R27: what using {@code provider} adds before its spend: nothing once opened, else its fixed cost and support
     * minimum; {@link #CLOSED} when opening it would exceed maxProviders.
     */
    private long opening(String provider) {
        if (opened.contains(provider)) {
            return 0;
        }
        Integer max = problem.overheads().maxProviders();
        if (max != null && opened.size() >= max) {
            return CLOSED;
        }
        return openingCents.getOrDefault(provider, 0L);
    }

    /**
     * Sets option and start of every assignment of {@code plan} to the best starting plan: the heuristic run in each
     * of {@link #orders}, and any {@code candidates} given (e.g. a plan that was feasible with a smaller budget),
     * ranked by the score the rules give them.
     */
    public static void apply(GpuPlan plan, List<JobOptions> options, List<Decisions> candidates) {
        apply(plan, options, candidates, score -> { }, new Stopper());
    }

    /**
     * As {@link #apply(GpuPlan, List, List)}, passing each start that beats those before it to {@code better} (its
     * rules' score) as soon as it is built: at L each order takes about a second, and the first is already a plan.
     * Once {@code stopper} is stopped no further order is started (the best start so far is kept, the candidates still
     * ranked); unstopped, the plan is the same whatever was reported.
     */
    public static void apply(GpuPlan plan, List<JobOptions> options, List<Decisions> candidates,
                             Consumer<HardMediumSoftScore> better, Stopper stopper) {
        Problem problem = plan.getProblem();
        boolean stranded = pricesStranded(problem);
        Map<Offer, List<OnPool>> byPool = onPools(problem, options);
        List<Comparator<JobOptions>> orders = orders(options);
        Best best = new Best(problem, better);
        runs:
        for (boolean priceStranded : stranded ? List.of(true, false) : List.of(false)) {
            for (Comparator<JobOptions> order : orders) {
                if (best.places != null && stopper.stopped()) {
                    break runs;
                }
                WarmStart w = new WarmStart(problem, priceStranded);
                List<JobOptions> sorted = new ArrayList<>(options);
                sorted.sort(order.thenComparing(jo -> jo.job().id()));
                w.placeInOrder(sorted);
                w.fillReservations(byPool);
                best.offer(w.places);
            }
        }
        candidates.forEach(d -> best.offer(placesOf(d, options)));
        for (JobAssignment a : plan.getAssignments()) {
            Placed p = best.places.get(a.getJob());
            a.setOption(p == null ? null : p.option());
            a.setStart(p == null ? a.getStarts().get(0) : p.start());
        }
    }

    /**
     * A plan that follows a fractional one (an LP's, {@code leaning}: per job the placements it leans to, most first):
     * the jobs in that order each take the first such option that fits the capacity and budgets left (at the start
     * leaned to, else where it fits best), else the option that adds least, as {@link #apply}'s greedy does; the jobs
     * not in it after them by priority; then each pool's level, as there. On a 60-job quarter whose LP bounds the cost
     * at 3.20 M it cost 4.79 M where CP-SAT's plan of the most priority cost 7.84 M (docs/benchmarks.md).
     */
    public static Decisions guided(Problem problem, List<JobOptions> options, List<List<PlacedOption>> leaning) {
        WarmStart w = new WarmStart(problem, pricesStranded(problem));
        Map<Job, JobOptions> byJob = new HashMap<>();
        options.forEach(jo -> byJob.put(jo.job(), jo));
        for (List<PlacedOption> tries : leaning) {
            JobOptions jo = byJob.get(tries.get(0).option().job());
            if (!w.placeFirstFitting(jo.job(), tries)) {
                w.placeInOrder(List.of(jo));
            }
        }
        w.placeInOrder(options.stream().filter(jo -> !w.places.containsKey(jo.job()))
                .sorted(BY_PRIORITY.thenComparing(jo -> jo.job().id())).toList());
        w.fillReservations(onPools(problem, options));
        return PlacedOption.decisions(problem, w.places.values().stream()
                .map(p -> new PlacedOption(p.option(), p.start())).toList());
    }

    /** Places the job on the first of {@code tries} that fits the capacity and budgets left; whether one did. */
    private boolean placeFirstFitting(Job job, List<PlacedOption> tries) {
        for (PlacedOption t : tries) {
            Option o = t.option();
            boolean limited = o.offer().isCapped() || o.offer().isCommitted();
            boolean fitsThere = t.start() >= 0
                    && (!limited || CapacityFit.fits(o, t.start(), used.get(o.offer().id()), o.offer().maxGpus()));
            Placed p = fitsThere ? new Placed(o, t.start()) : cheapestStart(o);
            long opening = opening(o.offer().provider());
            if (p != null && opening != CLOSED) {
                long rise = rise(p);
                if (withinBudget(p, rise, opening)) {
                    placeOpening(job, p, rise, opening);
                    return true;
                }
            }
        }
        return false;
    }

    /** The best start so far by the rules' score (the first of equals), each better one reported. */
    private static final class Best {
        private final Problem problem;
        private final Consumer<HardMediumSoftScore> better;
        private Map<Job, Placed> places;
        private long[] rank;

        Best(Problem problem, Consumer<HardMediumSoftScore> better) {
            this.problem = problem;
            this.better = better;
        }

        void offer(Map<Job, Placed> start) {
            Evaluation e = evaluate(problem, start);
            long[] r = {e.hardPenalty(), e.unplannedPriority(), e.costCents()};
            if (rank == null || java.util.Arrays.compare(r, rank) < 0) {
                places = start;
                rank = r;
                better.accept(HardMediumSoftScore.parseScore(e.score()));
            }
        }
    }

    /**
     * The orders tried for the greedy pass: by priority, by priority per unit of cheapest cost, by deadline (each job's
     * priority per cost found once, not at each comparison of the sort).
     */
    static List<Comparator<JobOptions>> orders(List<JobOptions> options) {
        Map<JobOptions, Double> perCost = new java.util.IdentityHashMap<>();
        options.forEach(jo -> perCost.put(jo, priorityPerCost(jo)));
        return List.of(
                BY_PRIORITY,
                Comparator.comparingDouble((JobOptions jo) -> -perCost.get(jo))
                        .thenComparing(WarmStart::due),
                Comparator.comparing(WarmStart::due).thenComparingInt(jo -> -jo.job().priority()));
    }

    private void placeInOrder(List<JobOptions> order) {
        for (JobOptions jo : order) {
            Placed best = null;
            long bestCost = Long.MAX_VALUE;
            for (Option o : jo.options()) {
                if (cost(o) >= bestCost) {
                    continue; // even without a reservation rise it cannot beat the best so far
                }
                long opening = opening(o.offer().provider());
                Placed p = opening == CLOSED ? null : cheapestStart(o);
                if (p == null) {
                    continue;
                }
                long rise = rise(p);
                long cost = cost(o) + rise + opening;
                if (cost < bestCost && withinBudget(p, rise, opening)) {
                    best = p;
                    bestCost = cost;
                }
            }
            if (best != null) {
                placeOpening(jo.job(), best, rise(best), opening(best.option().offer().provider()));
            }
        }
    }

    /**
     * Where the option fits the capacity left at the least added cost: its earliest start, or on a reserved pool the
     * earliest start that raises the reservation least; null if it fits nowhere.
     */
    private Placed cheapestStart(Option o) {
        int[] u = used.get(o.offer().id());
        if (!o.offer().isCommitted()) {
            int start = o.offer().isCapped() ? CapacityFit.earliestStart(o, u, o.offer().maxGpus()) : o.earliestStart();
            return start < 0 ? null : new Placed(o, start);
        }
        int now = peak(u);
        Placed best = null;
        int bestPeak = Integer.MAX_VALUE;
        for (int start = o.earliestStart(); start <= o.latestStart() && bestPeak > now; start++) {
            if (CapacityFit.fits(o, start, u, o.offer().maxGpus())) {
                int newPeak = peakWith(u, now, o, start);
                if (newPeak < bestPeak) {
                    bestPeak = newPeak;
                    best = new Placed(o, start);
                }
            }
        }
        return best;
    }

    /** What the search prices an option at: its own cost, less its R29 share of a pool's idle commitment. */
    private long cost(Option o) {
        return priceStranded ? Reservations.searchCents(o, problem.horizon()) : o.totalCents();
    }

    /** What a pool's level costs in the estimates: R18, with R29's level part when priced. */
    private long level(Offer pool, int gpus) {
        return priceStranded ? CommittedPools.searchLevelCents(pool, gpus, problem.horizon())
                : CommittedPools.horizonCents(pool, gpus, problem.horizon());
    }

    /** R18: how much more the pool's reservation costs with the placement in it (0 off reserved offers). */
    private long rise(Placed p) {
        Offer pool = p.option().offer();
        if (!pool.isCommitted()) {
            return 0;
        }
        int[] u = used.get(pool.id());
        int now = peak(u);
        return level(pool, peakWith(u, now, p.option(), p.start()))
                - level(pool, now);
    }

    /**
     * R22 for adding an unplanned job's placement: its cost, the reservation rise and the R27 cost of opening its
     * provider within the total; its charges and the rise within every provider's cap.
     */
    private boolean withinBudget(Placed p, long rise, long opening) {
        if (total + cost(p.option()) + rise + opening > totalCap) {
            return false;
        }
        Map<String, Long> delta = new HashMap<>();
        charges(p, rise, 1, delta);
        return providersWithin(delta);
    }

    private boolean providersWithin(Map<String, Long> delta) {
        for (Map.Entry<String, Long> d : delta.entrySet()) {
            Long cap = providerCaps.get(d.getKey());
            if (cap != null && d.getValue() > 0 && billed.getOrDefault(d.getKey(), 0L) + d.getValue() > cap) {
                return false;
            }
        }
        return true;
    }

    /** Adds {@code sign} times what the placement bills each provider, with the reservation rise, to {@code into}. */
    private void charges(Placed p, long rise, int sign, Map<String, Long> into) {
        for (ProviderCharge c : p.option().providerCharges()) {
            into.merge(c.provider(), sign * c.cents(), Long::sum);
        }
        // R29: the job's share off its pool's idle commitment, which the level's rise charges in full.
        long credit = p.option().totalCents() - cost(p.option());
        if (credit != 0) {
            into.merge(p.option().offer().provider(), -sign * credit, Long::sum);
        }
        if (rise != 0) {
            into.merge(p.option().offer().provider(), sign * rise, Long::sum);
        }
    }

    /** Places the job, opening its provider (R27) at {@code opening}. */
    private void placeOpening(Job job, Placed to, long rise, long opening) {
        place(job, to, rise);
        total += opening;
        opened.add(to.option().offer().provider());
    }

    private void place(Job job, Placed to, long rise) {
        total += cost(to.option()) + rise;
        Map<String, Long> delta = new HashMap<>();
        charges(to, rise, 1, delta);
        delta.forEach((p, c) -> billed.merge(p, c, Long::sum));
        places.put(job, to);
        CapacityFit.occupy(used.get(to.option().offer().id()), to.option(), to.start(), to.option().billedGpus());
    }

    /** A job's options on one committed pool, in its options' order. */
    private record OnPool(JobOptions jo, List<Option> here) {
    }

    /**
     * Every committed pool's jobs with options on it, in the jobs' order: found once for all runs (at L, 2,000 jobs'
     * million options scanned once instead of once per pool and run).
     */
    private static Map<Offer, List<OnPool>> onPools(Problem problem, List<JobOptions> options) {
        Map<Offer, List<OnPool>> out = new HashMap<>();
        problem.offers().stream().filter(Offer::isCommitted).forEach(pool -> out.put(pool, new ArrayList<>()));
        for (JobOptions jo : options) {
            Map<Offer, List<Option>> here = new LinkedHashMap<>();
            for (Option o : jo.options()) {
                if (o.offer().isCommitted()) {
                    here.computeIfAbsent(o.offer(), k -> new ArrayList<>()).add(o);
                }
            }
            here.forEach((pool, list) -> out.computeIfAbsent(pool, k -> new ArrayList<>()).add(new OnPool(jo, list)));
        }
        return out;
    }

    /** Each committed pool's level in turn ({@link #fillReservation}). */
    private void fillReservations(Map<Offer, List<OnPool>> byPool) {
        for (Offer pool : problem.offers()) {
            if (pool.isCommitted()) {
                fillReservation(byPool.getOrDefault(pool, List.of()), pool);
            }
        }
    }

    /** R29 only changes the estimates where a reserved term runs past the horizon. */
    private static boolean pricesStranded(Problem problem) {
        return problem.offers().stream()
                .anyMatch(o -> o.isReserved() && Reservations.hoursPastHorizon(o, problem.horizon()) > 0);
    }

    private void fillReservation(List<OnPool> jobsOnPool, Offer pool) {
        List<JobOptions> candidates = new ArrayList<>();
        Map<Job, List<Option>> onPool = new HashMap<>();
        Comparator<Option> byCost = Comparator.comparingLong(this::cost).thenComparingInt(Option::billedGpus);
        for (OnPool op : jobsOnPool) {
            JobOptions jo = op.jo();
            Placed p = places.get(jo.job());
            if (p == null || !p.option().offer().equals(pool)) {
                List<Option> here = new ArrayList<>(op.here());
                here.sort(byCost);
                candidates.add(jo);
                onPool.put(jo.job(), here);
            }
        }
        long opening = opening(pool.provider());
        if (candidates.isEmpty() || opening == CLOSED) {
            return;
        }
        Map<Job, Double> density = new HashMap<>();
        for (JobOptions jo : candidates) {
            Option cheapest = onPool.get(jo.job()).get(0);
            density.put(jo.job(), (double) gain(places.get(jo.job()), cheapest) / ((long) cheapest.billedGpus() * cheapest.durationSlots()));
        }
        candidates.sort(Comparator.comparing((JobOptions jo) -> places.containsKey(jo.job()))
                .thenComparing(jo -> -jo.job().priority())
                .thenComparing(Comparator.comparingDouble((JobOptions jo) -> density.get(jo.job())).reversed())
                .thenComparing(jo -> jo.job().id()));
        // What each option on the pool saves does not depend on the level: found once, not once per level tried.
        List<Worth> worth = new ArrayList<>();
        for (JobOptions jo : candidates) {
            Placed from = places.get(jo.job());
            List<Option> here = onPool.get(jo.job());
            List<Option> saving = new ArrayList<>();
            List<Long> gains = new ArrayList<>();
            for (Option o : here) {
                long g = gain(from, o);
                if (g > 0) {
                    saving.add(o);
                    gains.add(g);
                }
            }
            worth.add(new Worth(jo.job(), saving, gains.stream().mapToLong(Long::longValue).toArray()));
        }
        int current = peak(used.get(pool.id()));
        long demand = current + candidates.stream().mapToLong(jo -> onPool.get(jo.job()).stream()
                .mapToInt(Option::billedGpus).max().orElse(0)).sum();
        int per = pool.gpusPerInstance();
        int fromLevel = current / per + 1;
        int maxLevel = (int) (Math.min(pool.maxGpus(), demand) / per);
        int step = Math.max(1, (maxLevel - fromLevel + MAX_LEVELS) / MAX_LEVELS);
        long currentCost = level(pool, current);
        Map<Job, Placed> best = Map.of();
        long bestNet = 0;
        long bestRise = 0;
        for (int n = fromLevel; n <= maxLevel; n += step) {
            int level = n * per;
            Map<Job, Placed> moved = new LinkedHashMap<>();
            long gain = pack(worth, pool, level, moved);
            long rise = level(pool, level) - currentCost + opening;
            if (gain - rise > bestNet && movesWithinBudget(moved, pool, rise)) {
                bestNet = gain - rise;
                best = moved;
                bestRise = rise;
            }
        }
        if (!best.isEmpty()) {
            total += bestRise;
            billed.merge(pool.provider(), bestRise - opening, Long::sum);
            opened.add(pool.provider());
            best.forEach(this::move);
        }
    }

    /** A candidate's options on a pool that save something, cheapest first, with what each saves. */
    private record Worth(Job job, List<Option> options, long[] gains) {
    }

    /**
     * Packs jobs onto the pool, at most {@code level} GPUs at once: unplanned jobs first, then by gain per GPU-slot;
     * puts them into {@code moved} and returns what they save together.
     */
    private long pack(List<Worth> candidates, Offer pool, int level, Map<Job, Placed> moved) {
        int[] usage = used.get(pool.id()).clone();
        long gain = 0;
        for (Worth w : candidates) {
            for (int i = 0; i < w.options().size(); i++) {
                Option o = w.options().get(i);
                int start = CapacityFit.earliestStart(o, usage, level);
                if (start >= 0) {
                    moved.put(w.job(), new Placed(o, start));
                    CapacityFit.occupy(usage, o, start, o.billedGpus());
                    gain += w.gains()[i];
                    break;
                }
            }
        }
        return gain;
    }

    /**
     * R22 for moving jobs onto a pool raised by {@code rise}: their new costs less their old ones, within every cap.
     * A pool they leave is counted as still bought (its peak may fall), which only errs on the safe side.
     */
    private boolean movesWithinBudget(Map<Job, Placed> moved, Offer pool, long rise) {
        long delta = rise;
        Map<String, Long> byProvider = new HashMap<>();
        byProvider.merge(pool.provider(), rise, Long::sum);
        for (Map.Entry<Job, Placed> e : moved.entrySet()) {
            Placed old = places.get(e.getKey());
            delta += cost(e.getValue().option()) - (old == null ? 0 : cost(old.option()));
            charges(e.getValue(), 0, 1, byProvider);
            if (old != null) {
                charges(old, 0, -1, byProvider);
            }
        }
        return total + delta <= totalCap && providersWithin(byProvider);
    }

    /** Moves a job onto the pool (its reservation rise already booked), updating the running totals. */
    private void move(Job job, Placed to) {
        Placed old = places.get(job);
        Map<String, Long> delta = new HashMap<>();
        charges(to, 0, 1, delta);
        total += cost(to.option());
        if (old != null) {
            charges(old, 0, -1, delta);
            total -= cost(old.option());
            CapacityFit.occupy(used.get(old.option().offer().id()), old.option(), old.start(), -old.option().billedGpus());
        }
        delta.forEach((p, c) -> billed.merge(p, c, Long::sum));
        places.put(job, to);
        CapacityFit.occupy(used.get(to.option().offer().id()), to.option(), to.start(), to.option().billedGpus());
    }

    /** The rules' evaluation of a start: hard penalty, unplanned priority, cost, lower better in that order (R23). */
    private static Evaluation evaluate(Problem problem, Map<Job, Placed> places) {
        List<Placement> placements = new ArrayList<>();
        places.forEach((job, p) -> placements.add(new Placement(job.id(), p.option().offer().id(), p.option().gpus(), p.start())));
        Map<String, int[]> use = new HashMap<>();
        Map<String, Integer> reservations = new HashMap<>();
        places.values().stream().filter(p -> p.option().offer().isCommitted()).forEach(p -> {
            int[] u = use.computeIfAbsent(p.option().offer().id(), k -> new int[problem.horizon().slots()]);
            CapacityFit.occupy(u, p.option(), p.start(), p.option().billedGpus());
            reservations.put(p.option().offer().id(), Math.min(peak(u), p.option().offer().maxGpus()));
        });
        return PlanEvaluator.evaluate(problem, new Decisions(placements, reservations));
    }

    /** A plan given as decisions, on this problem's options (placements it cannot match are left out). */
    private static Map<Job, Placed> placesOf(Decisions d, List<JobOptions> options) {
        Map<String, JobOptions> byId = new HashMap<>();
        options.forEach(jo -> byId.put(jo.job().id(), jo));
        Map<Job, Placed> out = new LinkedHashMap<>();
        for (Placement p : d.placements()) {
            JobOptions jo = byId.get(p.job());
            if (jo != null) {
                jo.options().stream().filter(o -> o.offer().id().equals(p.offer()) && o.gpus() == p.gpus()).findFirst()
                        .ifPresent(o -> out.put(o.job(), new Placed(o, p.startSlot())));
            }
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

    /** What moving a job from {@code from} (null: unplanned) onto option {@code to} saves. */
    private long gain(Placed from, Option to) {
        return from == null ? PLANNING_GAIN : cost(from.option()) - cost(to);
    }

    private static int peakWith(int[] usage, int peak, Option o, int start) {
        int out = peak;
        for (int s = start; s < start + o.durationSlots(); s++) {
            out = Math.max(out, usage[s] + o.billedGpus());
        }
        return out;
    }

    private static int peak(int[] usage) {
        int peak = 0;
        for (int u : usage) {
            peak = Math.max(peak, u);
        }
        return peak;
    }
}
