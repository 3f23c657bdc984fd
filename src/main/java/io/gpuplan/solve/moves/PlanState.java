package io.gpuplan.solve.moves;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.ProviderCharge;
import io.gpuplan.sizing.CommittedPools;
import io.gpuplan.sizing.Reservations;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * A copy of the working plan in arrays, for moves that take several jobs out and put them back: GPUs in use per
 * offer and slot (R21), each reserved pool's peak and what it costs (R18), and the running totals the budgets cap
 * (R22). Moves build their changes on it, then undo them; Timefold scores the changes they propose. It follows the
 * working plan by comparing each job's option and start with its own copy once per step.
 */
final class PlanState {
    /** One option with what insertion needs, precomputed: offer index, GPUs, window, cost and provider charges. */
    record Opt(int id, Option option, int offer, int billed, int duration, int earliest, int latest, long cents,
               int[] providers, long[] charges) {
    }

    final Problem problem;
    final int slots;
    final Offer[] offers;
    final boolean[] tracked;
    final int[][] usage;
    /** Per reserved offer: cents by instances bought; null elsewhere. */
    final long[][] poolCents;
    final int[] peak;
    /** Per reserved offer, a level whose cost counts as already paid (a pool being resized); 0 for none. */
    final int[] prepaid;
    /** Per offer, a capacity below maxGpus for the trial at hand (a pool being shrunk); -1 for none. */
    final int[] capOverride;
    /** Per offer, the jobs that have an option on it. */
    final int[][] jobsWithOptionOn;
    /** Per job, its cheapest option on each offer (null where it has none). */
    private final Map<Integer, Opt>[] cheapestOn;
    /** Each job's options, cheapest first. */
    final Opt[][] options;
    final int[] priority;
    final Opt[] current;
    final int[] start;
    final long totalCap;
    final long[] providerCap;
    final String[] providers;
    /** Per offer, the index of its provider among the capped ones, or -1. */
    final int[] providerOf;
    long total;
    final long[] billed;
    /** Jobs placed on each offer (indices; unordered). */
    final List<List<Integer>> onOffer = new ArrayList<>();
    private final Map<Option, Opt> byOption = new HashMap<>();
    /** The trial under way: the jobs it moved, with where each was before (see {@link #begin()}). */
    private final List<Integer> touched = new ArrayList<>();
    private final int[] touchedIn;
    private final Opt[] was;
    private final int[] wasStart;
    private int trial;
    private boolean journaling;
    /** How many options the jobs have together (each {@link Opt#id} is below it). */
    int optionCount;
    /** A clock that ticks on every change of an offer's use. */
    private long clock;
    /** How many of an offer's last changes of use are kept. */
    private static final int CHANGES_KEPT = 8;
    /**
     * Per offer, its last {@link #CHANGES_KEPT} changes of use (a ring, {@code changes[o]} of them so far): when, and
     * the slots [from, to) they touched, so that a start found on a capped offer stays good while its offer changes
     * only elsewhere in time ({@link #unchangedSince(int, long, int, int)}).
     */
    private final long[][] changedAt;
    private final int[][] changedFrom;
    private final int[][] changedTo;
    private final long[] changes;
    /** Per offer, when the last change no longer kept came (0: none). */
    private final long[] forgotten;
    /**
     * {@link Recreate}'s memo per option (by {@link Opt#id}): its best start, what it raises its pool by, and when
     * (clock) that was found; kept here so a move allocates nothing.
     */
    final int[] bestStart;
    final long[] bestRise;
    final long[] bestFoundAt;
    private GpuPlan synced;
    private final Option[] syncedOption;
    private final int[] syncedStart;

    PlanState(GpuPlan plan) {
        problem = plan.getProblem();
        slots = problem.horizon().slots();
        offers = problem.offers().toArray(new Offer[0]);
        Map<Offer, Integer> offerIndex = new HashMap<>();
        for (int o = 0; o < offers.length; o++) {
            offerIndex.put(offers[o], o);
            onOffer.add(new ArrayList<>());
        }
        providers = problem.budget().byProvider().keySet().stream().sorted().toArray(String[]::new);
        providerCap = Arrays.stream(providers).mapToLong(p -> Money.cents(problem.budget().byProvider().get(p))).toArray();
        totalCap = problem.budget().total() == null ? Long.MAX_VALUE : Money.cents(problem.budget().total());
        billed = new long[providers.length];
        List<JobAssignment> jobs = plan.getAssignments();
        options = new Opt[jobs.size()][];
        priority = new int[jobs.size()];
        long[] demand = new long[offers.length];
        for (int j = 0; j < jobs.size(); j++) {
            JobAssignment a = jobs.get(j);
            priority[j] = a.getPriority();
            List<Opt> os = new ArrayList<>();
            for (Option o : a.getOptions()) {
                int at = offerIndex.get(o.offer());
                List<ProviderCharge> charges = searchCharges(o).stream().filter(c -> providerIndex(c.provider()) >= 0).toList();
                // R29 by default: a job on a pool takes its share off the pool's idle commitment (the level pays the
                // whole obligation past the horizon, see poolCents), so the job's own cost is lowered by that share.
                Opt opt = new Opt(optionCount++, o, at, o.billedGpus(), o.durationSlots(), o.earliestStart(), o.latestStart(),
                        Reservations.searchCents(o, problem.horizon()), charges.stream().mapToInt(c -> providerIndex(c.provider())).toArray(),
                        charges.stream().mapToLong(ProviderCharge::cents).toArray());
                os.add(opt);
                byOption.put(o, opt);
            }
            os.sort(Comparator.comparingLong(Opt::cents).thenComparingInt(Opt::billed));
            options[j] = os.toArray(new Opt[0]);
            int most = os.stream().mapToInt(Opt::billed).max().orElse(0);
            os.stream().mapToInt(Opt::offer).distinct().forEach(o -> demand[o] += most);
        }
        providerOf = Arrays.stream(offers).mapToInt(o -> providerIndex(o.provider())).map(i -> Math.max(-1, i)).toArray();
        tracked = new boolean[offers.length];
        usage = new int[offers.length][];
        poolCents = new long[offers.length][];
        peak = new int[offers.length];
        prepaid = new int[offers.length];
        capOverride = new int[offers.length];
        Arrays.fill(capOverride, -1);
        changedAt = new long[offers.length][CHANGES_KEPT];
        changedFrom = new int[offers.length][CHANGES_KEPT];
        changedTo = new int[offers.length][CHANGES_KEPT];
        changes = new long[offers.length];
        forgotten = new long[offers.length];
        bestStart = new int[optionCount];
        bestRise = new long[optionCount];
        bestFoundAt = new long[optionCount];
        List<List<Integer>> with = new ArrayList<>();
        for (int o = 0; o < offers.length; o++) {
            with.add(new ArrayList<>());
        }
        for (int j = 0; j < options.length; j++) {
            final int job = j;
            Arrays.stream(options[j]).mapToInt(Opt::offer).distinct().forEach(o -> with.get(o).add(job));
        }
        jobsWithOptionOn = with.stream().map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
        @SuppressWarnings("unchecked")
        Map<Integer, Opt>[] cheapest = new Map[options.length];
        for (int j = 0; j < options.length; j++) {
            cheapest[j] = new HashMap<>();
            for (Opt o : options[j]) {
                cheapest[j].putIfAbsent(o.offer(), o); // cheapest first
            }
        }
        cheapestOn = cheapest;
        for (int o = 0; o < offers.length; o++) {
            Offer offer = offers[o];
            tracked[o] = offer.limitsGpusInUse();
            if (tracked[o]) {
                usage[o] = new int[slots];
            }
            if (offer.isCommitted()) {
                int per = offer.gpusPerInstance();
                long most = Math.min(offer.isCapped() ? offer.maxGpus() : Long.MAX_VALUE, demand[o]);
                long[] cents = new long[(int) (most / per) + 1];
                for (int n = 0; n < cents.length; n++) {
                    cents[n] = levelCents(offer, n * per);
                }
                poolCents[o] = cents;
            }
        }
        current = new Opt[jobs.size()];
        touchedIn = new int[jobs.size()];
        was = new Opt[jobs.size()];
        wasStart = new int[jobs.size()];
        start = new int[jobs.size()];
        syncedOption = new Option[jobs.size()];
        syncedStart = new int[jobs.size()];
    }

    /** What the option bills each provider, with its R29 credit off its pool's provider (as the level pays it all). */
    private List<ProviderCharge> searchCharges(Option o) {
        long credit = o.totalCents() - Reservations.searchCents(o, problem.horizon());
        if (credit == 0) {
            return o.providerCharges();
        }
        List<ProviderCharge> out = new ArrayList<>(o.providerCharges());
        out.add(new ProviderCharge(o.offer().provider(), -credit));
        return out;
    }

    private int providerIndex(String provider) {
        int at = Arrays.binarySearch(providers, provider);
        return at < 0 ? -1 : at;
    }

    /** Brings the copy up to date with the working plan: a new plan object is copied whole, else only what changed. */
    void sync(GpuPlan plan) {
        List<JobAssignment> jobs = plan.getAssignments();
        boolean fresh = plan != synced;
        synced = plan;
        for (int j = 0; j < jobs.size(); j++) {
            JobAssignment a = jobs.get(j);
            int s = a.getStart() == null ? 0 : a.getStart();
            if (fresh || a.getOption() != syncedOption[j] || a.getOption() != null && s != syncedStart[j]) {
                if (!fresh || current[j] != null) {
                    remove(j);
                }
                if (a.getOption() != null) {
                    place(j, byOption.get(a.getOption()), s);
                }
                syncedOption[j] = a.getOption();
                syncedStart[j] = s;
            }
        }
    }

    /**
     * A reserved (committed) offer bought now, drawn with a chance in proportion to what its pool costs: the dearer,
     * the likelier; -1 when none costs anything.
     */
    int poolByCost(RandomGenerator random) {
        double total = 0;
        for (int o = 0; o < offers.length; o++) {
            if (poolCents[o] != null) {
                total += poolCost(o, peak[o]);
            }
        }
        if (total > 0) {
            double x = random.nextDouble() * total;
            for (int o = 0; o < offers.length; o++) {
                if (poolCents[o] != null) {
                    x -= poolCost(o, peak[o]);
                    if (x < 0) {
                        return o;
                    }
                }
            }
        }
        return -1;
    }

    /** The jobs planned on the option's offer at some time it could run (its start window and duration). */
    List<Integer> inTheWay(Opt x) {
        List<Integer> out = new ArrayList<>();
        for (int k : onOffer.get(x.offer())) {
            if (start[k] < x.latest() + x.duration() && x.earliest() < start[k] + current[k].duration()) {
                out.add(k);
            }
        }
        return out;
    }

    /** Job {@code j}'s cheapest option on offer {@code o}, or null. */
    Opt cheapestOn(int j, int o) {
        return cheapestOn[j].get(o);
    }

    /** The GPUs a job may add on the offer for the trial at hand: maxGpus, or a lower trial capacity. */
    int capacity(int o) {
        return capOverride[o] >= 0 ? Math.min(capOverride[o], offers[o].maxGpus()) : offers[o].maxGpus();
    }

    int jobs() {
        return current.length;
    }

    boolean planned(int j) {
        return current[j] != null;
    }

    /** R18 cost of the pool at {@code gpus} in use at its peak (a level prepaid counts as bought). */
    long poolCost(int o, int gpus) {
        // What R18 buys: the peak, never more than maxGpus (use beyond it breaks R21 instead).
        int level = Math.min(Math.max(gpus, prepaid[o]), offers[o].maxGpus());
        long[] cents = poolCents[o];
        int n = level / offers[o].gpusPerInstance();
        return n < cents.length ? cents[n] : levelCents(offers[o], level);
    }

    /** R18 (or R28) for the level, plus R29's part that depends on the level alone (the jobs' part is in their options). */
    private long levelCents(Offer offer, int gpus) {
        return CommittedPools.searchLevelCents(offer, gpus, problem.horizon());
    }

    /** The clock now: what is computed from the offers' use now stays true until an offer's use changes. */
    long tick() {
        return ++clock;
    }

    /** Whether offer {@code o}'s use is what it was at time {@code at} of {@link #tick()}. */
    boolean unchangedSince(int o, long at) {
        return unchangedSince(o, at, 0, slots);
    }

    /** Whether offer {@code o}'s use in slots [from, to) is what it was at time {@code at}: changes elsewhere pass. */
    boolean unchangedSince(int o, long at, int from, int to) {
        long n = changes[o];
        for (int k = 1; k <= Math.min(n, CHANGES_KEPT); k++) {
            int i = (int) ((n - k) % CHANGES_KEPT);
            if (changedAt[o][i] < at) {
                return true; // this change and every one before it came before
            }
            if (changedFrom[o][i] < to && from < changedTo[o][i]) {
                return false;
            }
        }
        return forgotten[o] < at; // the changes before those kept: where they were is forgotten
    }

    private void changed(int o, int from, int to) {
        ++clock;
        int i = (int) (changes[o]++ % CHANGES_KEPT);
        forgotten[o] = changedAt[o][i];
        changedAt[o][i] = clock;
        changedFrom[o][i] = from;
        changedTo[o][i] = to;
    }

    /** Starts a trial: from now on every job moved is remembered, so the trial can be read off and undone. */
    void begin() {
        trial++;
        touched.clear();
        journaling = true;
    }

    /** The jobs the trial moved so far. */
    List<Integer> touched() {
        return touched;
    }

    /** Where job {@code j} was when the trial began. */
    Opt was(int j) {
        return was[j];
    }

    int wasStart(int j) {
        return wasStart[j];
    }

    /** Ends the trial, putting every job it moved back. */
    void rollback() {
        journaling = false;
        for (int j : touched) {
            remove(j);
        }
        for (int j : touched) {
            if (was[j] != null) {
                place(j, was[j], wasStart[j]);
            }
        }
        touched.clear();
    }

    /** Ends the trial, keeping what it did. */
    void commit() {
        journaling = false;
        touched.clear();
    }

    private void touch(int j) {
        if (journaling && touchedIn[j] != trial) {
            touchedIn[j] = trial;
            touched.add(j);
            was[j] = current[j];
            wasStart[j] = start[j];
        }
    }

    void remove(int j) {
        Opt opt = current[j];
        if (opt == null) {
            return;
        }
        touch(j);
        occupy(opt, start[j], -opt.billed());
        charge(opt, -1);
        current[j] = null;
        onOffer.get(opt.offer()).remove((Integer) j);
    }

    void place(int j, Opt opt, int s) {
        touch(j);
        current[j] = opt;
        start[j] = s;
        occupy(opt, s, opt.billed());
        charge(opt, 1);
        onOffer.get(opt.offer()).add(j);
    }

    private void occupy(Opt opt, int s, int gpus) {
        int o = opt.offer();
        if (!tracked[o]) {
            return;
        }
        long before = offers[o].isCommitted() ? poolCost(o, peak[o]) : 0;
        changed(o, s, s + opt.duration());
        int[] u = usage[o];
        for (int t = s; t < s + opt.duration(); t++) {
            u[t] += gpus;
        }
        if (offers[o].isCommitted()) {
            int p = 0;
            for (int v : u) {
                p = Math.max(p, v);
            }
            peak[o] = p;
            long rise = poolCost(o, p) - before;
            total += rise;
            if (providerOf[o] >= 0) {
                billed[providerOf[o]] += rise;
            }
        }
    }

    private void charge(Opt opt, int sign) {
        total += sign * opt.cents();
        for (int k = 0; k < opt.providers().length; k++) {
            billed[opt.providers()[k]] += sign * opt.charges()[k];
        }
    }

    /** Sets a prepaid level on a pool (0 to clear), keeping the totals right. */
    void prepay(int o, int level) {
        changed(o, 0, slots);
        long before = poolCost(o, peak[o]);
        prepaid[o] = level;
        long rise = poolCost(o, peak[o]) - before;
        total += rise;
        if (providerOf[o] >= 0) {
            billed[providerOf[o]] += rise;
        }
    }

    /** Whether adding the option, and {@code poolRise} billed by its offer's provider, keeps every budget (R22). */
    boolean withinBudget(Opt opt, long poolRise) {
        if (total + opt.cents() + poolRise > totalCap) {
            return false;
        }
        int poolProvider = poolRise == 0 ? -1 : providerOf[opt.offer()];
        boolean poolCounted = false;
        for (int k = 0; k < opt.providers().length; k++) {
            int p = opt.providers()[k];
            boolean here = p == poolProvider;
            poolCounted |= here;
            if (billed[p] + opt.charges()[k] + (here ? poolRise : 0) > providerCap[p]) {
                return false;
            }
        }
        return poolProvider < 0 || poolCounted || billed[poolProvider] + poolRise <= providerCap[poolProvider];
    }

}
