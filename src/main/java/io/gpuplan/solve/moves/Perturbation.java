package io.gpuplan.solve.moves;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import ai.timefold.solver.core.api.solver.phase.PhaseCommand;
import ai.timefold.solver.core.api.solver.phase.PhaseCommandContext;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.solve.ExactPlans;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.moves.Recreate.StartRule;
import io.gpuplan.solve.moves.RuinRecreate.Order;
import io.gpuplan.solve.moves.Ruins.Kind;
import io.gpuplan.solve.moves.Ruins.Ruin;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A restart, between two local searches (each goes on from the plan the one before left): first, in a solve stopped by its
 * clock, a better plan CP-SAT found beside local search (the certificate's or {@link ExactSearch}'s), when there is
 * one; else an exact re-plan of a related set of jobs (CP-SAT on that set, every other job on its option:
 * {@link ExactReplan}), kept when it is better; if it is not, a shake of several large ruin-and-recreates kept
 * whatever they cost, so the next local search starts in another basin. Each restart has its own seed, derived from the solve's, so a solve with the same seed and move
 * limit repeats itself exactly.
 */
public final class Perturbation implements PhaseCommand<GpuPlan> {
    /** Ruin-and-recreates per shake. */
    static final int ROUNDS = 3;
    /** Jobs re-planned exactly at once. */
    static final int EXACT_JOBS = 20;
    /** Exact re-plans tried per restart. */
    static final int REPAIRS = 1;
    private final long seed;
    private final double exactSeconds;
    private final ExactPlans exchange;
    /** When the solve's time limit runs out (System.nanoTime): no exact re-plan runs past it. */
    private final long deadline;
    private final Stopper stopper;

    /**
     * @param exactSeconds CP-SAT's deterministic time for the exact re-plan; 0 for none
     * @param exchange     plans CP-SAT found beside local search, taken up when better (null: none)
     * @param deadline     when the solve's time limit runs out (System.nanoTime)
     * @param stopper      the solve's stop (Ctrl-C, the benchmark's checkpoint): ends the exact re-plan at once
     */
    public Perturbation(long seed, double exactSeconds, ExactPlans exchange, long deadline, Stopper stopper) {
        this.seed = seed;
        this.exactSeconds = exactSeconds;
        this.exchange = exchange;
        this.deadline = deadline;
        this.stopper = stopper;
    }

    @Override
    public void changeWorkingSolution(PhaseCommandContext<GpuPlan> context) {
        GpuPlan plan = context.getWorkingSolution();
        List<JobAssignment> entities = plan.getAssignments();
        if (entities.size() < 2) {
            return;
        }
        ReassignMove takeUp = ExactReplan.towardsPosted(plan, exchange);
        if (takeUp != null) {
            context.execute(takeUp);
            return;
        }
        Random random = new Random(seed);
        PlanState state = new PlanState(plan);
        state.sync(plan);
        Ruins ruins = new Ruins(state, random);
        // Timefold stops at its time limit between moves; the exact re-plan stops there too (far from it, at its
        // deterministic budget alone, so a move-limited solve repeats), so a clock-stopped solve ends on time; a stop
        // (Ctrl-C) ends it at once, and a stopped solve starts none.
        double wall = (deadline - System.nanoTime()) / 1e9;
        if (exactSeconds > 0 && wall > 0 && !stopper.stopped()) {
            boolean improved = false;
            HardMediumSoftScore now = plan.getScore();
            for (int k = 0; k < REPAIRS; k++) {
                ReassignMove repair = ExactReplan.of(plan, ruins.related(Math.min(EXACT_JOBS, entities.size())), exactSeconds,
                        wall, seed, stopper);
                if (repair != null) {
                    HardMediumSoftScore after = context.executeTemporarilyAndCalculateScore(repair);
                    if (after.compareTo(now) > 0) {
                        now = context.executeAndCalculateScore(repair);
                        state.sync(plan);
                        improved = true;
                    }
                }
            }
            if (improved) {
                return;
            }
        }
        shake(context, entities, state, ruins, random);
    }

    private void shake(PhaseCommandContext<GpuPlan> context, List<JobAssignment> entities, PlanState state, Ruins ruins,
                       Random random) {
        RuinRecreate rr = new RuinRecreate(state, random);
        int size = Math.min(entities.size(), 2 * RuinRecreateMoves.maxRuinSize(entities.size()));
        Map<JobAssignment, ReassignMove.Change> last = new LinkedHashMap<>();
        Kind[] kinds = Kind.values();
        for (int round = 0; round < ROUNDS; round++) {
            Kind kind = kinds[random.nextInt(kinds.length)];
            if (!ruins.possible(kind)) {
                continue;
            }
            Ruin ruin = ruins.pick(kind, size / 2 + random.nextInt(size / 2 + 1));
            if (ruin == null) {
                continue;
            }
            ReassignMove m = rr.propose(entities, ruin, ruin.ordered() ? Order.AS_GIVEN : Order.RANDOM,
                    random.nextBoolean(), StartRule.RANDOM, 0.1, true);
            if (m != null) {
                m.changes().forEach(c -> last.put(c.job(), c));
            }
        }
        if (!last.isEmpty()) {
            context.execute(new ReassignMove("PERTURBATION", new ArrayList<>(last.values())));
        }
    }
}
