package io.gpuplan.solve.moves;

import ai.timefold.solver.core.impl.heuristic.selector.move.factory.MoveIteratorFactory;
import ai.timefold.solver.core.impl.score.director.ScoreDirector;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.solve.ExactPlans;
import io.gpuplan.solve.moves.Recreate.StartRule;
import io.gpuplan.solve.moves.RuinRecreate.Order;
import io.gpuplan.solve.moves.Ruins.Kind;
import io.gpuplan.solve.moves.Ruins.Ruin;
import java.util.Iterator;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Large-neighbourhood moves for local search: each takes out a set of related jobs ({@link Ruins}) and puts them
 * back together ({@link Recreate}), proposed as one {@link ReassignMove}. The copy of the plan they work on is
 * brought up to date once per step (Timefold asks for a new iterator every step, and undoes every move it
 * evaluates before the next). In a clock-stopped solve the first move drawn after CP-SAT posts a plan better than
 * local search's best is the move to that plan ({@link ExactPlans}): improving, it is accepted at once (left to the
 * next restart, such a plan waited 10-18 s on 60-job quarters while local search kept finding slightly better plans
 * of its own: docs/benchmarks.md); stalled beside the exact search, each step first rests ({@link ExactPlans#pace}).
 * Only random selection is supported.
 */
public final class RuinRecreateMoves implements MoveIteratorFactory<GpuPlan, ReassignMove> {
    private static final Kind[] KINDS = Kind.values();
    private static final Order[] ORDERS = {Order.RANDOM, Order.LARGEST, Order.DEAREST, Order.REGRET};
    private static final StartRule[] RULES = StartRule.values();
    /** Tries per move before giving up on a step's neighbourhoods (each try is cheap; most change something). */
    private static final int TRIES = 20;
    /** Regret insertion only for ruins up to this size. */
    private static final int MAX_REGRET_JOBS = 30;

    private PlanState state;

    @Override
    public long getSize(ScoreDirector<GpuPlan> scoreDirector) {
        return (long) scoreDirector.getWorkingSolution().getAssignments().size() * KINDS.length;
    }

    @Override
    public Iterator<ReassignMove> createOriginalMoveIterator(ScoreDirector<GpuPlan> scoreDirector) {
        throw new UnsupportedOperationException("RuinRecreateMoves supports random selection only");
    }

    @Override
    public Iterator<ReassignMove> createRandomMoveIterator(ScoreDirector<GpuPlan> scoreDirector, RandomGenerator random) {
        GpuPlan plan = scoreDirector.getWorkingSolution();
        if (state == null) {
            state = new PlanState(plan);
        }
        state.sync(plan);
        List<JobAssignment> entities = plan.getAssignments();
        Ruins ruins = new Ruins(state, random);
        RuinRecreate rr = new RuinRecreate(state, random);
        int most = maxRuinSize(entities.size());
        ExactPlans exchange = ExactPlans.of(plan.getProblem());
        if (exchange != null) {
            exchange.pace(); // once a step: Timefold asks for a new iterator every step
        }
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return entities.size() >= 2;
            }

            @Override
            public ReassignMove next() {
                ReassignMove takeUp = ExactReplan.towardsPosted(plan, exchange);
                if (takeUp != null) {
                    return takeUp;
                }
                for (int t = 0; t < TRIES; t++) {
                    Kind kind = KINDS[random.nextInt(KINDS.length)];
                    if (!ruins.possible(kind)) {
                        continue;
                    }
                    Ruin ruin = ruins.pick(kind, 2 + random.nextInt(most - 1));
                    if (ruin == null) {
                        continue;
                    }
                    Order order = ruin.ordered() ? Order.AS_GIVEN : ORDERS[random.nextInt(ORDERS.length)];
                    if (order == Order.REGRET && ruin.jobs().length > MAX_REGRET_JOBS) {
                        order = Order.LARGEST; // regret costs the square of the jobs re-inserted
                    }
                    ReassignMove move = rr.propose(entities, ruin, order, random.nextBoolean(), RULES[random.nextInt(RULES.length)],
                            random.nextInt(4) == 0 ? 0.1 : 0, false);
                    if (move != null) {
                        return move;
                    }
                }
                return new ReassignMove("NONE", List.of());
            }
        };
    }

    /** Up to a tenth of the jobs at once, at least 4 and at most 30. */
    static int maxRuinSize(int jobs) {
        return Math.max(4, Math.min(30, jobs / 10));
    }
}
