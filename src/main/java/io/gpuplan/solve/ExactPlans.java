package io.gpuplan.solve;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.PlanEvaluator;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where local search and CP-SAT beside it hand each other their best plans in a solve stopped by its clock: local
 * search posts each new best plan, which the exact search ({@link io.gpuplan.solve.moves.ExactSearch}) takes up when
 * it beats its own; the certificate's CP-SAT and the exact search post each better plan they find, which local
 * search's next restart takes up when it beats the working plan. When a plan arrives depends on the clock, so a move-limited solve (which must
 * repeat itself) has no exchange: it takes CP-SAT's plan only at its end.
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

    private final AtomicReference<Found> exact = new AtomicReference<>();
    /** The certificate's latest plan of CP-SAT's whole model, which the exact search reads (it may run beside it). */
    private final AtomicReference<Found> wholeModel = new AtomicReference<>();
    /** Local search's best plan, as Timefold's event gave it (a copy of its own): made decisions only when read. */
    private final AtomicReference<GpuPlan> local = new AtomicReference<>();
    private final AtomicInteger takenUp = new AtomicInteger();

    /** CP-SAT found a better plan: replaces one local search has not taken yet. */
    public void postExact(Found found) {
        exact.set(found);
    }

    /** The certificate's CP-SAT found a better plan on the whole model: for local search and the exact search. */
    public void postWholeModel(Found found) {
        wholeModel.set(found);
        exact.set(found);
    }

    /** The certificate's latest plan of CP-SAT's whole model, or null. */
    public Found wholeModel() {
        return wholeModel.get();
    }

    /** CP-SAT's plan posted since the last take, or null. */
    public Found takeExact() {
        return exact.getAndSet(null);
    }

    /** A restart took CP-SAT's plan up. */
    public void tookUp() {
        takenUp.incrementAndGet();
    }

    /** How many restarts took CP-SAT's plan up. */
    public int takenUp() {
        return takenUp.get();
    }

    /** Local search's new best plan (a copy it no longer changes). */
    public void postLocal(GpuPlan best) {
        local.set(best);
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
