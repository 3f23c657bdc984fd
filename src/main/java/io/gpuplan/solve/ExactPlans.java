package io.gpuplan.solve;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.PlanEvaluator;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where local search and CP-SAT beside it hand each other their best plans in a solve stopped by its clock: local
 * search posts each new best plan, which the exact search ({@link io.gpuplan.solve.moves.ExactSearch}) takes up when
 * it beats its own; the certificate (CP-SAT, and a greedy that follows the cost LP's plan) and the exact search post
 * each better plan they find, which local search takes up when it beats local search's best: as a move of its own as
 * soon as the search next draws a large-neighbourhood move ({@link io.gpuplan.solve.moves.RuinRecreateMoves}), or at
 * a restart. When a plan arrives depends on the clock, so a move-limited solve (which must repeat itself) has no
 * exchange: it takes CP-SAT's plan only at its end.
 */
public final class ExactPlans {
    /** A plan and its score. */
    public record Found(Decisions plan, HardMediumSoftScore score) {
        /** The decisions with the score the rules give them (the same as Timefold's: ScoreParityTest). */
        public static Found of(Problem problem, Decisions plan) {
            return new Found(plan, HardMediumSoftScore.parseScore(PlanEvaluator.evaluate(problem, plan).score()));
        }

        /** Whether this plan scores better than {@code other} (null: none, which any plan beats). */
        public boolean beats(Found other) {
            return other == null || score.compareTo(other.score) > 0;
        }
    }

    /** The exchange of each clock-stopped local search running now, by its problem (the same instance, not an equal one). */
    private static final Map<Problem, ExactPlans> OPEN = Collections.synchronizedMap(new IdentityHashMap<>());

    /**
     * Local search rests once it has gone {@link #STALLED} without a better plan of its own while the exact search
     * runs: the two share two cores with the certificate's CP-SAT, and on 60-job quarters the exact search's re-plans
     * (each cut at its wall cap) find most cheaper plans late in a solve, while a stalled local search spends a core on
     * its own plateau (docs/benchmarks.md, twenty-second session).
     */
    static final Duration STALLED = Duration.ofSeconds(3);
    /** How long a resting local search waits for CP-SAT's next plan, once a step. */
    static final Duration REST = Duration.ofMillis(50);

    private final AtomicReference<Found> exact = new AtomicReference<>();
    /**
     * The certificate's best plan so far (CP-SAT's on the whole model, or the greedy's that follows the cost LP's:
     * {@link WarmStart#guided}), which the exact search reads (it may run beside it).
     */
    private final AtomicReference<Found> fromCertificate = new AtomicReference<>();
    /** Local search's best plan, as Timefold's event gave it (a copy of its own): made decisions only when read. */
    private final AtomicReference<GpuPlan> local = new AtomicReference<>();
    private final AtomicInteger takenUp = new AtomicInteger();
    /** What to do once local search's plan leaves little enough out ({@link #whenLocalLeavesOut}). */
    private final List<Watch> watches = new CopyOnWriteArrayList<>();

    private record Watch(long unplanned, Runnable action, AtomicBoolean fired) {
    }

    /** When local search last found a better plan of its own, or started (System.nanoTime). */
    private volatile long localImproved = System.nanoTime();
    /** Whether the exact search runs now (local search rests only beside it). */
    private volatile boolean searching;
    /** Plans posted so far by CP-SAT (guarded by this: a resting local search waits for the next). */
    private long posts;
    private final long stalledNanos;
    private final long restNanos;

    /** An exchange whose local search rests after {@link #STALLED}. */
    public ExactPlans() {
        this(STALLED, REST);
    }

    ExactPlans(Duration stalled, Duration rest) {
        this.stalledNanos = stalled.toNanos();
        this.restNanos = rest.toNanos();
    }

    /**
     * CP-SAT found a better plan than it had: replaces one local search has not taken yet, unless that one scores better
     * (the certificate's CP-SAT posts its own better plans every fraction of a second, often worse than the exact
     * search's).
     */
    public void postExact(Found found) {
        exact.accumulateAndGet(found, (pending, posted) -> posted.beats(pending) ? posted : pending);
        synchronized (this) {
            posts++;
            notifyAll(); // a resting local search takes it up at once
        }
    }

    /** The exact search starts ({@code true}) or ends. */
    public void searching(boolean running) {
        searching = running;
    }

    /**
     * Asked by local search once a step: when it has stalled beside the exact search, waits for CP-SAT's next plan or
     * the rest's end, so the step costs the cores little. A better plan of its own, or one taken up from CP-SAT (which
     * is one), sets it going at full speed again. Returns whether it rested.
     */
    public boolean pace() {
        if (!searching || System.nanoTime() - localImproved < stalledNanos) {
            return false;
        }
        long end = System.nanoTime() + restNanos;
        synchronized (this) {
            long seen = posts;
            for (long left = restNanos; posts == seen && left > 0; left = end - System.nanoTime()) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt(); // the solver thread is shut down: the flag stays for Timefold
                    break;
                }
            }
        }
        return true;
    }

    /**
     * The certificate found a plan (CP-SAT on the whole model, or the greedy that follows the cost LP's): for local
     * search and the exact search, which take it up when it beats their best.
     */
    public void postFromCertificate(Found found) {
        fromCertificate.accumulateAndGet(found, (kept, posted) -> posted.beats(kept) ? posted : kept);
        postExact(found);
    }

    /** The certificate's best plan posted so far, or null. */
    public Found fromCertificate() {
        return fromCertificate.get();
    }

    /**
     * Makes this the exchange {@link #of} finds for {@code problem} (Timefold builds local search's moves itself, so they
     * look it up) until the registration is closed.
     */
    public Opened open(Problem problem) {
        OPEN.put(problem, this);
        localImproved = System.nanoTime(); // local search starts now: CP-SAT's first step may have taken seconds
        return () -> OPEN.remove(problem);
    }

    /** An exchange open to local search's moves, until closed. */
    public interface Opened extends AutoCloseable {
        @Override
        void close();
    }

    /** The exchange of the local search running now on {@code problem}, or null (none: a move-limited solve). */
    public static ExactPlans of(Problem problem) {
        return OPEN.get(problem);
    }

    /**
     * CP-SAT's plan posted since the last take, taken when it scores better than {@code than} (null: any plan does),
     * else left for a later take (a plan posted after it replaces it); null when none is taken.
     */
    public Found takeBetter(HardMediumSoftScore than) {
        Found found = exact.get();
        while (found != null && (than == null || found.score().compareTo(than) > 0)) {
            if (exact.compareAndSet(found, null)) {
                return found;
            }
            found = exact.get();
        }
        return null;
    }

    /** Local search took CP-SAT's plan up. */
    public void tookUp() {
        takenUp.incrementAndGet();
    }

    /** How many times local search took CP-SAT's plan up. */
    public int takenUp() {
        return takenUp.get();
    }

    /** Local search's new best plan (a copy it no longer changes). */
    public void postLocal(GpuPlan best) {
        local.set(best);
        localImproved = System.nanoTime();
        reachedBy(best.getScore());
    }

    /**
     * Runs {@code action} once, when local search's best plan is feasible and leaves at most {@code unplanned} priority
     * out (at once if it does already), unless the returned registration is closed first.
     */
    public Stopper.Registration whenLocalLeavesOut(long unplanned, Runnable action) {
        Watch watch = new Watch(unplanned, action, new AtomicBoolean());
        watches.add(watch);
        reachedBy(localScore());
        return () -> watches.remove(watch);
    }

    private void reachedBy(HardMediumSoftScore score) {
        if (score == null || score.hardScore() != 0) {
            return;
        }
        for (Watch w : watches) {
            if (-score.mediumScore() <= w.unplanned() && w.fired().compareAndSet(false, true)) {
                w.action().run();
            }
        }
    }

    /** The score of local search's best plan so far, or null. */
    public HardMediumSoftScore localScore() {
        GpuPlan best = local.get();
        return best == null ? null : best.getScore();
    }

    /** Local search's best plan so far, or null. */
    public Found local() {
        GpuPlan best = local.get();
        return best == null ? null : new Found(SolutionDecisions.of(best), best.getScore());
    }
}
