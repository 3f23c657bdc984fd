package io.gpuplan.solve.moves;

import io.gpuplan.solve.moves.PlanState.Opt;
import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Puts jobs back into a {@link PlanState}: each at the option and start that add least to the plan's cost (its own
 * cost plus any rise of a reserved pool's peak, R18) within capacity (R21), its window (R2) and the budgets (R22).
 * Where several starts cost the same, a {@link StartRule} picks one; different rules leave different room for the
 * jobs that follow, which is what makes repeated ruin and recreate explore.
 */
final class Recreate {
    /** Which of the equally cheap starts to take. */
    enum StartRule {
        EARLIEST, LATEST, TIGHTEST, RANDOM
    }

    /** Where a job goes and what it adds to the plan's cost. */
    record Choice(Opt opt, int start, long cost) {
    }

    private final PlanState state;
    private final RandomGenerator random;
    private final StartRule rule;
    /** Chance of passing over an option (diversity: "blinks"). */
    private final double blink;
    private final int[] window;
    private final int[] deque;
    /** When this recreate began: {@link #place}'s memo from before (another rule, another trial) does not count. */
    private final long began;

    Recreate(PlanState state, RandomGenerator random, StartRule rule, double blink) {
        this.state = state;
        this.began = state.tick();
        this.random = random;
        this.rule = rule;
        this.blink = blink;
        this.window = new int[state.slots + 1];
        this.deque = new int[state.slots + 1];
    }

    /**
     * Inserts the jobs in the order given. A job that fits nowhere may take the place of jobs of lower priority in
     * its way ({@link #eject}); those go to the back of the queue and may do the same, up to {@code depth} links of
     * the chain. Jobs that fit nowhere in the end stay unplanned.
     */
    void insertInOrder(int[] jobs, int depth) {
        java.util.ArrayDeque<int[]> queue = new java.util.ArrayDeque<>();
        for (int j : jobs) {
            queue.add(new int[] {j, depth});
        }
        while (!queue.isEmpty()) {
            int[] next = queue.poll();
            int j = next[0];
            if (state.planned(j)) {
                continue;
            }
            Choice c = best(j, Long.MAX_VALUE);
            if (c != null) {
                state.place(j, c.opt(), c.start());
            } else if (next[1] > 0) {
                for (int k : eject(j)) {
                    queue.add(new int[] {k, next[1] - 1});
                }
            }
        }
    }

    /** Starts tried per option when looking for jobs to eject. */
    private static final int EJECT_STARTS = 24;
    /** Options tried (cheapest first) when looking for jobs to eject. */
    private static final int EJECT_OPTIONS = 8;

    /**
     * Places job {@code j} where it only fits if jobs of lower priority leave: on one of its cheapest options, at the
     * start where the least priority has to leave (in all, at most the job's own), then the least GPU-slots.
     * Returns the jobs that left (none if no such place exists; the plan is then unchanged).
     */
    int[] eject(int j) {
        int priority = state.priority[j];
        Opt bestOpt = null;
        int bestStart = -1;
        long bestLoss = priority;
        long bestSlots = Long.MAX_VALUE;
        int[] bestOut = null;
        int tried = 0;
        for (Opt opt : state.options[j]) {
            if (!state.tracked[opt.offer()]) {
                continue;
            }
            if (tried++ == EJECT_OPTIONS) {
                break; // the first EJECT_OPTIONS options on capped offers, cheapest first
            }
            int span = opt.latest() - opt.earliest() + 1;
            int[] overfull = overfullBefore(opt);
            int[] leaving = leaving(opt, priority);
            for (int k = 0; k < Math.min(span, EJECT_STARTS); k++) {
                int s = span <= EJECT_STARTS ? opt.earliest() + k : opt.earliest() + random.nextInt(span);
                int from = s - opt.earliest();
                int[] out = inTheWay(opt, s, overfull[from + opt.duration()] - overfull[from], leaving);
                if (out == null) {
                    continue;
                }
                long loss = 0;
                long slots = 0;
                for (int x : out) {
                    loss += state.priority[x];
                    slots += (long) state.current[x].billed() * state.current[x].duration();
                }
                if (loss < bestLoss || loss == bestLoss && slots < bestSlots) {
                    bestOpt = opt;
                    bestStart = s;
                    bestLoss = loss;
                    bestSlots = slots;
                    bestOut = out;
                }
            }
        }
        if (bestOpt == null) {
            return new int[0];
        }
        for (int x : bestOut) {
            state.remove(x);
        }
        Choice c = place(bestOpt, Long.MAX_VALUE);
        if (c == null) {
            // Budget: the freed room is not enough. Put them back.
            for (int x : bestOut) {
                Opt was = state.was(x);
                if (was != null) {
                    state.place(x, was, state.wasStart(x));
                }
            }
            return new int[0];
        }
        state.place(j, c.opt(), c.start());
        return bestOut;
    }

    /**
     * The jobs of {@code leaving} that must leave the option's offer for it to fit at start {@code s}, where it does
     * not fit in {@code overfull} slots now: those overlapping the slots where it does not fit, in that order; null if
     * even all of them leaving is not enough. Asked of up to {@link #EJECT_STARTS} starts per option and ejection, so
     * it keeps to arrays: a fifth of local search's time went here when it boxed, sorted and rescanned the window per
     * start (docs/benchmarks.md, issue 10's thirty-eighth session).
     */
    private int[] inTheWay(Opt opt, int s, int overfull, int[] leaving) {
        if (overfull == 0) {
            return new int[0];
        }
        int[] u = state.usage[opt.offer()];
        int room = state.capacity(opt.offer()) - opt.billed();
        int end = s + opt.duration();
        int[] freed = new int[opt.duration()];
        int[] out = new int[leaving.length];
        int n = 0;
        for (int k : leaving) {
            Opt ko = state.current[k];
            int from = Math.max(s, state.start[k]);
            int to = Math.min(end, state.start[k] + ko.duration());
            boolean needed = false;
            for (int t = from; t < to && !needed; t++) {
                needed = u[t] - freed[t - s] > room;
            }
            if (!needed) {
                continue; // also when it does not overlap the window (from >= to)
            }
            out[n++] = k;
            for (int t = from; t < to; t++) {
                boolean wasOver = u[t] - freed[t - s] > room;
                freed[t - s] += ko.billed();
                overfull -= wasOver && u[t] - freed[t - s] <= room ? 1 : 0;
            }
            if (overfull == 0) {
                return Arrays.copyOf(out, n);
            }
        }
        return null;
    }

    /**
     * The jobs on the option's offer of less priority than {@code priority} that overlap some start of it, in the order
     * they leave to make room: least priority first, then most GPUs, else in the offer's order.
     */
    private int[] leaving(Opt opt, int priority) {
        List<Integer> inTheWay = state.inTheWay(opt);
        int[] lower = new int[inTheWay.size()];
        int n = 0;
        for (int k : inTheWay) {
            if (state.priority[k] < priority) {
                int i = n++;
                for (; i > 0 && leavesBefore(k, lower[i - 1]); i--) {
                    lower[i] = lower[i - 1]; // insertion sort: stable, and the list is short
                }
                lower[i] = k;
            }
        }
        return Arrays.copyOf(lower, n);
    }

    /**
     * Per slot from the option's earliest start, how many slots before it the option does not fit in (what is on its
     * offer leaves too few GPUs): the slots where it does not fit at start s are then a difference of two entries.
     */
    private int[] overfullBefore(Opt opt) {
        int[] u = state.usage[opt.offer()];
        int room = state.capacity(opt.offer()) - opt.billed();
        int[] before = new int[opt.latest() - opt.earliest() + opt.duration() + 1];
        for (int t = 0; t + 1 < before.length; t++) {
            before[t + 1] = before[t] + (u[opt.earliest() + t] > room ? 1 : 0);
        }
        return before;
    }

    /** Whether job {@code a} leaves before job {@code b} when room must be made: less priority, then more GPUs. */
    private boolean leavesBefore(int a, int b) {
        return state.priority[a] < state.priority[b]
                || state.priority[a] == state.priority[b] && state.current[a].billed() > state.current[b].billed();
    }

    /**
     * Regret insertion: the job that loses most if it does not get its best place now (the cost of its second-best
     * place less its best) goes next; with {@code priorityFirst}, among the jobs of the highest priority left.
     */
    void insertByRegret(int[] jobs, boolean priorityFirst) {
        int n = jobs.length;
        Choice[] first = new Choice[n];
        long[] regret = new long[n];
        boolean[] fresh = new boolean[n];
        boolean[] done = new boolean[n];
        while (true) {
            int pick = -1;
            for (int k = 0; k < n; k++) {
                if (done[k]) {
                    continue;
                }
                int j = jobs[k];
                if (state.planned(j)) {
                    done[k] = true;
                    continue;
                }
                if (!fresh[k]) {
                    // Only jobs with an option on the offer that changed need their places found again.
                    first[k] = best(j, Long.MAX_VALUE);
                    if (first[k] == null) {
                        done[k] = true;
                        continue;
                    }
                    Choice second = bestExcept(j, first[k]);
                    regret[k] = second == null ? Long.MAX_VALUE / 2 : second.cost() - first[k].cost();
                    fresh[k] = true;
                }
                if (pick < 0 || better(jobs[k], regret[k], jobs[pick], regret[pick], priorityFirst)) {
                    pick = k;
                }
            }
            if (pick < 0) {
                return;
            }
            Choice c = first[pick];
            Choice now = place(c.opt(), Long.MAX_VALUE);
            if (now == null || now.cost() != c.cost()) {
                fresh[pick] = false; // a budget that binds now, or a cheaper place: look again
                continue;
            }
            state.place(jobs[pick], c.opt(), c.start());
            done[pick] = true;
            for (int k = 0; k < n; k++) {
                if (!done[k] && hasOptionOn(jobs[k], c.opt().offer())) {
                    fresh[k] = false;
                }
            }
        }
    }

    private boolean better(int a, long regretA, int b, long regretB, boolean priorityFirst) {
        if (priorityFirst && state.priority[a] != state.priority[b]) {
            return state.priority[a] > state.priority[b];
        }
        return regretA > regretB;
    }

    private boolean hasOptionOn(int j, int offer) {
        for (Opt o : state.options[j]) {
            if (o.offer() == offer) {
                return true;
            }
        }
        return false;
    }

    /** The best place of job {@code j} on an offer other than {@code not}'s. */
    private Choice bestExcept(int j, Choice not) {
        Choice best = null;
        for (Opt opt : state.options[j]) {
            if (best != null && opt.cents() >= best.cost()) {
                break;
            }
            if (opt.offer() == not.opt().offer()) {
                continue;
            }
            Choice c = place(opt, best == null ? Long.MAX_VALUE : best.cost());
            if (c != null) {
                best = c;
            }
        }
        return best;
    }

    /** The cheapest place of job {@code j} that costs less than {@code below}, or null. */
    Choice best(int j, long below) {
        Choice best = null;
        long bound = below;
        for (Opt opt : state.options[j]) {
            if (opt.cents() >= bound) {
                break; // options come cheapest first and a rise is never negative
            }
            if (blink > 0 && random.nextDouble() < blink) {
                continue;
            }
            Choice c = place(opt, bound);
            if (c != null) {
                best = c;
                bound = c.cost();
            }
        }
        return best;
    }

    /** The best start of one option, if it fits and costs less than {@code below}. */
    Choice place(Opt opt, long below) {
        int o = opt.offer();
        if (!state.tracked[o]) {
            // No capacity to share and no pool: every start costs the same.
            if (!state.withinBudget(opt, 0)) {
                return null;
            }
            return new Choice(opt, pickAmong(opt.earliest(), opt.latest()), opt.cents());
        }
        int id = opt.id();
        long at = state.bestFoundAt[id];
        // Regret insertion asks again for every job near each placement: the answer stands until the offer changes, on
        // a capped offer where the start is chosen by rule (not at random) until it changes within the option's window
        // (a pool's cost follows its peak, wherever that is).
        boolean byWindow = rule != StartRule.RANDOM && !state.offers[o].isCommitted();
        if (at <= began || !(byWindow ? state.unchangedSince(o, at, opt.earliest(), opt.latest() + opt.duration())
                : state.unchangedSince(o, at))) {
            findStart(opt);
            state.bestFoundAt[id] = state.tick();
        }
        int s = state.bestStart[id];
        long rise = state.bestRise[id];
        if (s < 0 || opt.cents() + rise >= below || !state.withinBudget(opt, rise)) {
            return null;
        }
        return new Choice(opt, s, opt.cents() + rise);
    }

    /** The option's best start on its tracked offer and what it raises the pool by, into the state's memo (-1: none). */
    private void findStart(Opt opt) {
        int o = opt.offer();
        int id = opt.id();
        int cap = state.capacity(o);
        boolean pool = state.offers[o].isCommitted();
        if (rule == StartRule.EARLIEST || rule == StartRule.LATEST) {
            // The first start (from the side the rule prefers) that raises no pool is the answer, when there is one.
            int free = pool ? Math.min(cap, Math.max(state.peak[o], state.prepaid[o])) : cap;
            int s = firstFit(state.usage[o], opt, free, rule == StartRule.LATEST);
            if (s >= 0 || !pool) {
                state.bestStart[id] = s;
                state.bestRise[id] = 0;
                return;
            }
        }
        slidingMax(state.usage[o], opt.earliest(), opt.latest(), opt.duration());
        long poolNow = pool ? state.poolCost(o, state.peak[o]) : 0;
        long bestRise = Long.MAX_VALUE;
        int bestStart = -1;
        int ties = 0;
        int bestFill = -1;
        for (int s = opt.earliest(); s <= opt.latest(); s++) {
            int used = window[s - opt.earliest()];
            if (used + opt.billed() > cap) {
                continue;
            }
            long rise = pool ? state.poolCost(o, Math.max(state.peak[o], used + opt.billed())) - poolNow : 0;
            if (rise > bestRise) {
                continue;
            }
            if (rise < bestRise) {
                bestRise = rise;
                bestStart = s;
                bestFill = used;
                ties = 1;
                continue;
            }
            // An equally cheap start: keep one by the rule.
            switch (rule) {
                case LATEST -> bestStart = s;
                case TIGHTEST -> {
                    if (used > bestFill) {
                        bestStart = s;
                        bestFill = used;
                    }
                }
                case RANDOM -> {
                    ties++;
                    if (random.nextInt(ties) == 0) {
                        bestStart = s;
                    }
                }
                case EARLIEST -> {
                }
            }
        }
        state.bestStart[id] = bestStart;
        state.bestRise[id] = bestStart < 0 ? 0 : bestRise;
    }

    /**
     * The earliest (or latest) start where every slot the option occupies stays within {@code limit} GPUs, or -1.
     * A slot over the limit rules out every start that covers it, so the scan jumps past it.
     */
    private static int firstFit(int[] u, Opt opt, int limit, boolean fromLatest) {
        int room = limit - opt.billed();
        int d = opt.duration();
        if (!fromLatest) {
            int s = opt.earliest();
            while (s <= opt.latest()) {
                int t = s + d - 1;
                while (t >= s && u[t] <= room) {
                    t--;
                }
                if (t < s) {
                    return s;
                }
                s = t + 1;
            }
        } else {
            int s = opt.latest();
            while (s >= opt.earliest()) {
                int t = s;
                while (t < s + d && u[t] <= room) {
                    t++;
                }
                if (t == s + d) {
                    return s;
                }
                s = t - d;
            }
        }
        return -1;
    }

    private int pickAmong(int from, int to) {
        return switch (rule) {
            case LATEST -> to;
            case RANDOM -> from + random.nextInt(to - from + 1);
            default -> from;
        };
    }

    /** window[s - from] = the most GPUs in use in any slot of [s, s + d), for s in [from, to] (monotone deque). */
    private void slidingMax(int[] u, int from, int to, int d) {
        int head = 0;
        int tail = 0;
        int end = to + d;
        for (int t = from; t < end; t++) {
            while (tail > head && u[deque[tail - 1]] <= u[t]) {
                tail--;
            }
            deque[tail++] = t;
            int s = t - d + 1;
            if (s >= from) {
                while (deque[head] < s) {
                    head++;
                }
                window[s - from] = u[deque[head]];
            }
        }
    }
}
