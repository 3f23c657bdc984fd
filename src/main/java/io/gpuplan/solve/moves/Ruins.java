package io.gpuplan.solve.moves;

import io.gpuplan.solve.moves.PlanState.Opt;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Which jobs a ruin-and-recreate move takes out: sets of jobs that stand in each other's way, so that putting them
 * back together can reach a plan no single-job move reaches.
 *
 * <ul>
 *   <li>{@link Kind#OFFER_WINDOW}: the jobs on one capped or reserved offer around one time, and jobs that could
 *       move onto it (capacity, R21);</li>
 *   <li>{@link Kind#POOL}: a reserved pool resized up or down (or closed), with the jobs on it at the slots the new
 *       level cuts, or the jobs that would move in (R18);</li>
 *   <li>{@link Kind#BUDGET}: jobs billed under one budget, total or per provider, and the jobs it keeps out (R22);</li>
 *   <li>{@link Kind#EJECT}: one job, often an unplanned one, placed on one of its options while the jobs in its
 *       way there leave (an ejection chain at the priority level, R23);</li>
 *   <li>{@link Kind#RANDOM}: a few jobs anywhere.</li>
 * </ul>
 */
final class Ruins {
    enum Kind {
        OFFER_WINDOW, POOL, BUDGET, EJECT, RANDOM
    }

    /**
     * Jobs to take out, and what the recreate does first: place {@code forcedJob} at {@code forced} (-1: none), and
     * give pool {@code pool} a trial level (-1: none) as its capacity and as paid, so the jobs that make a larger
     * pool worthwhile can move in before its cost is judged. {@code ordered}: the jobs go back in the order given.
     */
    record Ruin(Kind kind, int[] jobs, int forcedJob, Opt forced, int forcedStart, int pool, int level, boolean ordered) {
        static Ruin of(Kind kind, Set<Integer> jobs) {
            return new Ruin(kind, jobs.stream().mapToInt(Integer::intValue).toArray(), -1, null, 0, -1, 0, false);
        }
    }

    private final PlanState state;
    private final RandomGenerator random;
    private final int[] reservedOffers;
    private final int[] trackedOffers;

    Ruins(PlanState state, RandomGenerator random) {
        this.state = state;
        this.random = random;
        List<Integer> reserved = new ArrayList<>();
        List<Integer> tracked = new ArrayList<>();
        for (int o = 0; o < state.offers.length; o++) {
            if (state.jobsWithOptionOn[o].length == 0) {
                continue;
            }
            if (state.offers[o].isCommitted()) {
                reserved.add(o);
            }
            if (state.tracked[o]) {
                tracked.add(o);
            }
        }
        reservedOffers = reserved.stream().mapToInt(Integer::intValue).toArray();
        trackedOffers = tracked.stream().mapToInt(Integer::intValue).toArray();
    }

    boolean possible(Kind kind) {
        return switch (kind) {
            case OFFER_WINDOW -> trackedOffers.length > 0;
            case POOL -> reservedOffers.length > 0;
            case BUDGET -> state.totalCap != Long.MAX_VALUE || state.providers.length > 0;
            case EJECT, RANDOM -> state.jobs() > 1;
        };
    }

    /** A ruin of the kind taking out about {@code size} jobs, or null when none applies here. */
    Ruin pick(Kind kind, int size) {
        return switch (kind) {
            case OFFER_WINDOW -> offerWindow(size);
            case POOL -> pool(size);
            case BUDGET -> budget(size);
            case EJECT -> eject(size);
            case RANDOM -> randomJobs(size);
        };
    }

    private Ruin randomJobs(int size) {
        Set<Integer> out = new LinkedHashSet<>();
        int n = state.jobs();
        while (out.size() < Math.min(size, n)) {
            out.add(random.nextInt(n));
        }
        return Ruin.of(Kind.RANDOM, out);
    }

    /**
     * The jobs on one capped or reserved offer around one time, and jobs that could move onto it there: half the
     * time random ones, half the time those that gain most per GPU-slot by being there, and then all go back in the
     * order of that gain (who gets the scarce capacity is a knapsack in time).
     */
    private Ruin offerWindow(int size) {
        int o = trackedOffers[random.nextInt(trackedOffers.length)];
        List<Integer> on = state.onOffer.get(o);
        Set<Integer> out = new LinkedHashSet<>();
        int from = random.nextInt(state.slots);
        int to = from + 1;
        if (!on.isEmpty()) {
            int seed = on.get(random.nextInt(on.size()));
            from = state.start[seed];
            to = from + state.current[seed].duration();
            out.add(seed);
        }
        int widen = random.nextInt(Math.max(1, state.slots / 4));
        from -= widen;
        to += widen;
        List<Integer> overlapping = new ArrayList<>();
        for (int j : on) {
            if (state.start[j] < to && from < state.start[j] + state.current[j].duration()) {
                overlapping.add(j);
            }
        }
        shuffleInto(overlapping, out, Math.max(1, size * 2 / 3));
        // Jobs that could run on the offer in that window: unplanned ones, or ones paying more where they are.
        List<Integer> inbound = new ArrayList<>();
        for (int j : state.jobsWithOptionOn[o]) {
            Opt here = cheapestOn(j, o);
            if (!out.contains(j) && (state.current[j] == null || state.current[j].offer() != o)
                    && here.earliest() < to && from < here.latest() + here.duration()) {
                inbound.add(j);
            }
        }
        boolean byGain = random.nextBoolean();
        if (!byGain) {
            shuffleInto(inbound, out, Math.max(1, size - out.size()));
            return out.isEmpty() ? null : Ruin.of(Kind.OFFER_WINDOW, out);
        }
        List<Integer> all = new ArrayList<>(out);
        all.addAll(inbound);
        double[] density = new double[state.jobs()];
        for (int j : all) {
            Opt here = cheapestOn(j, o);
            double gain = state.current[j] == null ? 1e15 * state.priority[j] : cheapestOff(j, o) - here.cents();
            density[j] = gain / ((double) here.billed() * here.duration()) * (0.75 + random.nextDouble() / 2);
        }
        all.sort((a, b) -> Double.compare(density[b], density[a]));
        Set<Integer> chosen = new LinkedHashSet<>();
        for (int j : all) {
            if (out.contains(j) || chosen.size() < size) {
                chosen.add(j);
            }
        }
        return chosen.isEmpty() ? null : new Ruin(Kind.OFFER_WINDOW, chosen.stream().mapToInt(Integer::intValue).toArray(),
                -1, null, 0, -1, 0, true);
    }

    /**
     * A pool at a new level. Every job on it comes out, and goes back with the pool's capacity and paid level both
     * at the new level. Grown, the jobs that gain most per GPU-slot by moving in come out too, and all go back in
     * that order (so they take the pool and the rest find other offers); shrunk or closed, the jobs where those on
     * it would go next come out too, and all go back in any order.
     */
    private Ruin pool(int size) {
        int o = pickPool();
        int per = state.offers[o].gpusPerInstance();
        int peak = state.peak[o] / per;
        int most = state.offers[o].isCapped() ? state.offers[o].maxGpus() / per : Integer.MAX_VALUE;
        boolean grow = peak == 0 || random.nextBoolean();
        int level;
        if (grow) {
            // By up to the pool's size again, or by what one job that would move in needs.
            int[] with = state.jobsWithOptionOn[o];
            int j = with[random.nextInt(with.length)];
            int step = random.nextBoolean() ? 1 + random.nextInt(Math.max(3, peak))
                    : (cheapestOn(j, o).billed() + per - 1) / per;
            level = (int) Math.min(most, (long) peak + step);
        } else {
            level = random.nextInt(3) == 0 ? 0 : Math.max(0, peak - 1 - random.nextInt(Math.max(3, peak / 2)));
        }
        List<Integer> on = state.onOffer.get(o);
        if (level == peak || on.size() > 3 * size) {
            return null; // the pool's level is only right if every job on it is re-placed
        }
        Set<Integer> out = new LinkedHashSet<>(on);
        if (grow) {
            List<double[]> byGain = new ArrayList<>();
            for (int j : state.jobsWithOptionOn[o]) {
                boolean here = state.current[j] != null && state.current[j].offer() == o;
                Opt best = cheapestOn(j, o);
                double gain = state.current[j] == null ? 1e15 * state.priority[j] : cheapestOff(j, o) - best.cents();
                double density = gain / ((double) best.billed() * best.duration()) * (0.75 + random.nextDouble() / 2);
                if (here || gain > 0) {
                    byGain.add(new double[] {j, density, here ? 1 : 0});
                }
            }
            byGain.sort((a, b) -> Double.compare(b[1], a[1]));
            out.clear();
            int inbound = 0;
            for (double[] g : byGain) {
                boolean here = g[2] > 0;
                if (here || inbound < size) {
                    out.add((int) g[0]);
                    inbound += here ? 0 : 1;
                }
            }
        } else {
            for (int j : on) {
                for (Opt alt : state.options[j]) {
                    if (alt.offer() != o && state.tracked[alt.offer()]) {
                        shuffleInto(state.inTheWay(alt), out, Math.max(0, on.size() + size - out.size()) / Math.max(1, on.size()) + 1);
                        break;
                    }
                }
            }
        }
        return new Ruin(Kind.POOL, out.stream().mapToInt(Integer::intValue).toArray(), -1, null, 0, o, level * per, grow);
    }

    /** A reserved offer: half the time one bought now, the dearer the likelier; else any. */
    private int pickPool() {
        if (random.nextBoolean()) {
            int o = state.poolByCost(random);
            if (o >= 0) {
                return o;
            }
        }
        return reservedOffers[random.nextInt(reservedOffers.length)];
    }

    /** The cheapest cost of the job off offer {@code o} (capacity aside), or a huge value when it has none. */
    private double cheapestOff(int j, int o) {
        for (Opt opt : state.options[j]) {
            if (opt.offer() != o) {
                return opt.cents();
            }
        }
        return 1e15;
    }

    private Ruin budget(int size) {
        // Which budget: the total (any job), or one capped provider (the jobs it bills).
        int which = state.totalCap != Long.MAX_VALUE ? random.nextInt(state.providers.length + 1) - 1
                : random.nextInt(state.providers.length);
        List<Integer> under = new ArrayList<>();
        List<Integer> out = new ArrayList<>();
        for (int j = 0; j < state.jobs(); j++) {
            Opt c = state.current[j];
            if (c == null) {
                if (state.options[j].length > 0 && (which < 0 || billsTo(state.options[j], which))) {
                    out.add(j);
                }
            } else if (which < 0 || Arrays.stream(c.providers()).anyMatch(p -> p == which) || state.providerOf[c.offer()] == which) {
                under.add(j);
            }
        }
        Set<Integer> chosen = new LinkedHashSet<>();
        shuffleInto(out, chosen, Math.max(1, size / 3));
        shuffleInto(under, chosen, size - chosen.size());
        return chosen.isEmpty() ? null : Ruin.of(Kind.BUDGET, chosen);
    }

    private boolean billsTo(Opt[] options, int provider) {
        for (Opt o : options) {
            if (state.providerOf[o.offer()] == provider) {
                return true;
            }
        }
        return false;
    }

    private Ruin eject(int size) {
        List<Integer> unplanned = new ArrayList<>();
        for (int j = 0; j < state.jobs(); j++) {
            if (state.current[j] == null && state.options[j].length > 0) {
                unplanned.add(j);
            }
        }
        int j;
        if (!unplanned.isEmpty() && random.nextBoolean()) {
            j = unplanned.get(random.nextInt(unplanned.size()));
        } else {
            j = random.nextInt(state.jobs());
        }
        Opt[] os = state.options[j];
        if (os.length == 0) {
            return null;
        }
        // Cheaper options more often: the square of a uniform draw leans to the front of the cheapest-first list.
        double u = random.nextDouble();
        Opt opt = os[(int) (u * u * os.length)];
        if (opt == state.current[j]) {
            return null;
        }
        int s = opt.earliest() + random.nextInt(opt.latest() - opt.earliest() + 1);
        Set<Integer> out = new LinkedHashSet<>();
        out.add(j);
        if (state.tracked[opt.offer()]) {
            List<Integer> blockers = new ArrayList<>();
            for (int k : state.onOffer.get(opt.offer())) {
                if (k != j && state.start[k] < s + opt.duration() && s < state.start[k] + state.current[k].duration()) {
                    blockers.add(k);
                }
            }
            shuffleInto(blockers, out, blockers.size());
        }
        // A few more, so the jobs that leave can trade places with others.
        int extra = Math.max(0, size - out.size()) / 2;
        for (int k = 0; k < extra; k++) {
            out.add(random.nextInt(state.jobs()));
        }
        int[] jobs = out.stream().mapToInt(Integer::intValue).toArray();
        return new Ruin(Kind.EJECT, jobs, j, opt, s, -1, 0, false);
    }

    private Opt cheapestOn(int j, int o) {
        return state.cheapestOn(j, o);
    }

    /**
     * A related set of about {@code size} jobs for an exact re-plan: a ruin of a random kind, grown with the jobs
     * planned where its jobs' cheapest options are, overlapping them, so a chain of moves can close inside the set.
     */
    int[] related(int size) {
        Kind[] kinds = {Kind.POOL, Kind.OFFER_WINDOW, Kind.EJECT, Kind.BUDGET};
        Ruin seed = null;
        for (int t = 0; t < 10 && seed == null; t++) {
            Kind k = kinds[random.nextInt(kinds.length)];
            seed = possible(k) ? pick(k, Math.max(2, size / 2)) : null;
        }
        Set<Integer> out = new LinkedHashSet<>();
        if (seed != null) {
            for (int j : seed.jobs()) {
                out.add(j);
            }
        }
        List<Integer> frontier = new ArrayList<>(out);
        for (int k = 0; k < frontier.size() && out.size() < size; k++) {
            int j = frontier.get(k);
            Opt[] os = state.options[j];
            for (int i = 0; i < Math.min(2, os.length) && out.size() < size; i++) {
                int o = os[i].offer();
                if (!state.tracked[o]) {
                    continue;
                }
                for (int other : state.inTheWay(os[i])) {
                    if (out.size() < size && out.add(other)) {
                        frontier.add(other);
                    }
                }
            }
        }
        while (out.size() < Math.min(size, state.jobs())) {
            out.add(random.nextInt(state.jobs()));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Adds up to {@code n} of {@code from}, in random order, to {@code into}. */
    private void shuffleInto(List<Integer> from, Set<Integer> into, int n) {
        for (int k = 0; k < from.size() && n > 0; k++) {
            int swap = k + random.nextInt(from.size() - k);
            Integer tmp = from.get(k);
            from.set(k, from.get(swap));
            from.set(swap, tmp);
            if (into.add(from.get(k))) {
                n--;
            }
        }
    }
}
