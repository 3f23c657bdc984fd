package io.gpuplan.solve.moves;

import io.gpuplan.solve.bounds.ExactRepair.Level;
import io.gpuplan.solve.moves.ExactReplan.PoolRule;
import io.gpuplan.solve.moves.PlanState.Opt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Which jobs the exact search re-plans together, and at which level. Six kinds of set re-plan at the cost level
 * (the set keeps at least its priority, {@link Level#COST_AT_PRIORITY}): {@link Ruins#related} (a ruin grown with
 * the jobs in its way), the jobs on a chain of capped or reserved offers and those that could move there, the jobs
 * running nearest one time, a random few, every job on one reserved pool, re-packed or kept off it
 * ({@link #pool}), and every job that could run on one reserved pool, each kept where it runs or moved onto the pool
 * ({@link #fill}). While jobs that have options are left out and the plan may run more priority (the certificate
 * has not proven its priority the most), half the sets (priority outranks any cost, R23; fewer after such sets that
 * failed) are of a seventh kind, re-planned at more priority ({@link Level#MORE_PRIORITY}, the cheapest way in): one of
 * them with the jobs in its way on its offers, jobs billed to the same capped providers and jobs in the way where
 * those could go (an ejection chain CP-SAT closes exactly).
 */
final class ReplanSets {
    /** How a set was built (for the search's debug log: which kinds find better plans, and at what cost). */
    enum Kind {
        RELATED, OFFERS, WINDOW, RANDOM, POOL, OFF_POOL, FILL, BRING_IN
    }

    /**
     * A set to re-plan (indices of the plan's assignments), the reserved pool it was built around (-1 for none: see
     * {@link #pool}, {@link #fill}), and its kind, which says the level to re-plan it at and whether its jobs are kept
     * off the pool, or to it and where they run.
     */
    record Pick(int[] jobs, int pool, Kind kind) {
        Pick(int[] jobs, Kind kind) {
            this(jobs, -1, kind);
        }

        Level level() {
            return kind == Kind.BRING_IN ? Level.MORE_PRIORITY : Level.COST_AT_PRIORITY;
        }

        /** Which options the set's jobs keep with respect to its pool (see {@link #pool}, {@link #fill}). */
        PoolRule rule() {
            return switch (kind) {
                case OFF_POOL -> PoolRule.OFF;
                case FILL -> PoolRule.ONTO;
                default -> PoolRule.ANY;
            };
        }
    }

    private final PlanState state;
    private final Random random;
    /** The reserved offers some job could run on, in offer order: the pools a fill may draw (fixed by the problem). */
    private final int[] fillable;

    ReplanSets(PlanState state, Random random) {
        this.state = state;
        this.random = random;
        this.fillable = IntStream.range(0, state.offers.length)
                .filter(o -> state.poolCents[o] != null && state.jobsWithOptionOn[o].length > 0).toArray();
    }

    /**
     * A set of about {@code size} jobs, of a kind drawn at random (around a pool: its jobs and {@code poolSize} in all,
     * at least; filling a pool: every job that could run on it), or of {@code bringSize} that brings in a job left
     * out, only while {@code mayBringIn}, one time in 2 + {@code bringInsFailed} (bring-ins in a row that found
     * nothing: on 100- and 120-job quarters nine or ten of them took most of the exact search's time in a 30-s solve);
     * with {@code onlyBringIn} (the plan is proven the cheapest at its priority) only the latter: null when there is
     * none.
     */
    Pick next(int size, int bringSize, int poolSize, boolean mayBringIn, int bringInsFailed, boolean onlyBringIn) {
        List<Integer> unplanned = mayBringIn ? leftOut() : List.of();
        if (onlyBringIn && unplanned.isEmpty()) {
            return null;
        }
        // A bring-in half the time, less after each that failed: 1 in 2 + failures.
        if (onlyBringIn || !unplanned.isEmpty() && random.nextInt(2 + bringInsFailed) == 1) {
            return bringIn(bringSize, List.of(unplanned.get(random.nextInt(unplanned.size()))));
        }
        int kind = random.nextInt(6);
        Pick pool = kind == 4 ? pool(poolSize, random.nextBoolean()) : kind == 5 ? fill() : null;
        if (pool != null) {
            return pool;
        }
        Set<Integer> jobs = switch (kind) {
            case 0 -> toSet(new Ruins(state, random).related(size));
            case 1 -> offers(size);
            case 2 -> window(size);
            default -> randomJobs(size);
        };
        // Topped up at random: a set of one offer's few jobs gives CP-SAT little to trade.
        while (jobs.size() < Math.min(size, state.jobs())) {
            jobs.add(random.nextInt(state.jobs()));
        }
        return new Pick(toArray(jobs), switch (kind) {
            case 0 -> Kind.RELATED;
            case 1 -> Kind.OFFERS;
            case 2 -> Kind.WINDOW;
            default -> Kind.RANDOM; // 4 and 5 too, where no pool is in use or could be
        });
    }

    /** The jobs left out that have options. */
    private List<Integer> leftOut() {
        List<Integer> out = new ArrayList<>();
        for (int j = 0; j < state.jobs(); j++) {
            if (state.current[j] == null && state.options[j].length > 0) {
                out.add(j);
            }
        }
        return out;
    }

    private static Set<Integer> toSet(int[] jobs) {
        Set<Integer> out = new LinkedHashSet<>();
        for (int j : jobs) {
            out.add(j);
        }
        return out;
    }

    /**
     * The jobs on a capped or reserved offer and some that could move onto it, then on an offer where one of them
     * runs or could run, and so on: who gets scarce capacity is decided across the offers that share the jobs.
     */
    private Set<Integer> offers(int size) {
        List<Integer> tracked = new ArrayList<>();
        for (int o = 0; o < state.offers.length; o++) {
            if (state.tracked[o] && state.jobsWithOptionOn[o].length > 0) {
                tracked.add(o);
            }
        }
        Set<Integer> out = new LinkedHashSet<>();
        if (tracked.isEmpty()) {
            return out;
        }
        Set<Integer> seen = new HashSet<>();
        int o = tracked.get(random.nextInt(tracked.size()));
        while (out.size() < size && seen.add(o)) {
            addShuffled(state.onOffer.get(o), out, size);
            List<Integer> could = new ArrayList<>();
            for (int j : state.jobsWithOptionOn[o]) {
                could.add(j);
            }
            addShuffled(could, out, halfwayTo(out, size));
            List<Integer> next = new ArrayList<>();
            for (int j : out) {
                if (state.current[j] != null && state.tracked[state.current[j].offer()] && !seen.contains(state.current[j].offer())) {
                    next.add(state.current[j].offer());
                }
                for (Opt x : state.options[j]) {
                    if (state.tracked[x.offer()] && !seen.contains(x.offer())) {
                        next.add(x.offer());
                        break;
                    }
                }
            }
            if (next.isEmpty()) {
                break;
            }
            o = next.get(random.nextInt(next.size()));
        }
        return out;
    }

    /** The planned jobs running nearest a random slot, whatever their offer. */
    private Set<Integer> window(int size) {
        int t = random.nextInt(state.slots);
        List<long[]> byDistance = new ArrayList<>();
        for (int j = 0; j < state.jobs(); j++) {
            if (state.current[j] != null) {
                int from = state.start[j];
                int to = from + state.current[j].duration();
                long distance = t < from ? from - t : t >= to ? t - to + 1 : 0;
                byDistance.add(new long[] {j, distance * 1_000_000 + random.nextInt(1_000_000)});
            }
        }
        byDistance.sort(Comparator.comparingLong(x -> x[1]));
        Set<Integer> out = new LinkedHashSet<>();
        for (int k = 0; k < byDistance.size() && out.size() < size; k++) {
            out.add((int) byDistance.get(k)[0]);
        }
        return out;
    }

    private Set<Integer> randomJobs(int size) {
        Set<Integer> out = new LinkedHashSet<>();
        while (out.size() < Math.min(size, state.jobs())) {
            out.add(random.nextInt(state.jobs()));
        }
        return out;
    }

    /**
     * Every job on a reserved pool in use, re-planned with the jobs in their way on the capped or reserved offers they
     * may go to, and either with jobs that could move onto the pool (it may grow when they come in with it) or without
     * the pool ({@code close}): a pool's cost is its peak over the whole horizon, so moving its jobs to a cheaper pool
     * one by one raises the other's peak long before this one's falls, and no smaller set closes it (on 60-job
     * quarters the optimum used another pool than the one local search built first). A pool is drawn by what it
     * costs: that is what re-packing it may save. Null when no pool is in use.
     */
    private Pick pool(int size, boolean close) {
        int pool = state.poolByCost(random);
        if (pool < 0 || state.onOffer.get(pool).isEmpty()) {
            return null;
        }
        List<Integer> in = state.onOffer.get(pool);
        Set<Integer> out = new LinkedHashSet<>(in);
        int upTo = Math.max(size, in.size() + size / 2);
        if (!close) {
            addShuffled(Arrays.stream(state.jobsWithOptionOn[pool]).boxed().toList(), out, halfwayTo(out, upTo));
        }
        addShuffled(inTheWayElsewhere(in), out, upTo);
        return new Pick(toArray(out), pool, close ? Kind.OFF_POOL : Kind.POOL);
    }

    /**
     * Every job that could run on a reserved pool drawn at random, in use or not, each kept to where it runs or an
     * option on the pool: which jobs fill it, and how far. A pool pays only when it is nearly full over the horizon
     * (R18's peak, R29's commitment past it), so opening or growing one means a dozen jobs moving onto it at once; a
     * set of every job with all its options is too large for CP-SAT, and smaller sets never hold them all. Null when
     * no reserved offer has a job that could run on it.
     */
    private Pick fill() {
        if (fillable.length == 0) {
            return null;
        }
        int pool = fillable[random.nextInt(fillable.length)];
        return new Pick(state.jobsWithOptionOn[pool].clone(), pool, Kind.FILL);
    }

    /**
     * Jobs {@code in} (left out now), the jobs running on their capped or reserved offers within their windows, jobs
     * billed to the capped providers of their offers (the budget room they need may be theirs), or any when none is
     * capped, and jobs in the way on the capped or reserved offers where those could go instead (room for the room):
     * a set re-planned at more priority to bring them in.
     */
    Pick bringIn(int size, List<Integer> in) {
        Set<Integer> out = new LinkedHashSet<>(in);
        Set<Integer> providers = new HashSet<>();
        for (int u : in) {
            for (Opt x : state.options[u]) {
                if (state.providerOf[x.offer()] >= 0) {
                    providers.add(state.providerOf[x.offer()]);
                }
                if (state.tracked[x.offer()]) {
                    addShuffled(state.inTheWay(x), out, halfwayTo(out, size));
                }
            }
        }
        List<Integer> billedAlike = new ArrayList<>();
        for (int j = 0; j < state.jobs(); j++) {
            // No capped provider among their offers: the total budget is what they need room in.
            if (state.current[j] != null && (providers.isEmpty() || providers.contains(state.providerOf[state.current[j].offer()]))) {
                billedAlike.add(j);
            }
        }
        addShuffled(billedAlike, out, halfwayTo(out, size));
        addShuffled(inTheWayElsewhere(out), out, size);
        addShuffled(billedAlike, out, size); // topped up when few are in the way
        return new Pick(toArray(out), Kind.BRING_IN);
    }

    /** The jobs in the way on the capped or reserved offers where {@code jobs} could go instead of where they run. */
    private List<Integer> inTheWayElsewhere(Collection<Integer> jobs) {
        List<Integer> out = new ArrayList<>();
        for (int j : jobs) {
            for (Opt x : state.options[j]) {
                if (state.tracked[x.offer()] && (state.current[j] == null || x.offer() != state.current[j].offer())) {
                    out.addAll(state.inTheWay(x));
                }
            }
        }
        return out;
    }

    private static int[] toArray(Set<Integer> jobs) {
        return jobs.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A set's size halfway from what it holds to {@code size} (at least one more): each kind of job gets a share. */
    private static int halfwayTo(Set<Integer> set, int size) {
        return set.size() + Math.max(1, (size - set.size()) / 2);
    }

    /** Adds jobs of {@code from}, in random order, until {@code into} holds {@code upTo}. */
    private void addShuffled(List<Integer> from, Set<Integer> into, int upTo) {
        List<Integer> shuffled = new ArrayList<>(from);
        Collections.shuffle(shuffled, random);
        for (int j : shuffled) {
            if (into.size() >= upTo) {
                return;
            }
            into.add(j);
        }
    }
}
