package io.gpuplan.solve.moves;

import io.gpuplan.model.JobAssignment;
import io.gpuplan.solve.moves.PlanState.Opt;
import io.gpuplan.solve.moves.Recreate.StartRule;
import io.gpuplan.solve.moves.Ruins.Ruin;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Takes a {@link Ruin}'s jobs out of the {@link PlanState}, puts them back (the forced job first, then highest
 * priority first in one of several orders, or by regret), reads off which jobs changed, and puts the state back as
 * it was: the changes become one {@link ReassignMove} for local search to judge.
 */
final class RuinRecreate {
    /** How the jobs go back, after priority: in random order, largest first, dearest first, or by regret. */
    enum Order {
        RANDOM, LARGEST, DEAREST, REGRET, AS_GIVEN
    }

    /** Links of an ejection chain (a job ejecting jobs that eject others). */
    static final int EJECTION_DEPTH = 2;

    private final PlanState state;
    private final RandomGenerator random;

    RuinRecreate(PlanState state, RandomGenerator random) {
        this.state = state;
        this.random = random;
    }

    /**
     * The move that ruin and recreate proposes, or null when it changes nothing or cannot place the forced job.
     *
     * @param keep whether the state keeps the changes (a perturbation) instead of going back (a trial)
     */
    ReassignMove propose(List<JobAssignment> entities, Ruin ruin, Order order, boolean priorityFirst, StartRule rule,
                         double blink, boolean keep) {
        state.begin();
        for (int j : ruin.jobs()) {
            state.remove(j);
        }
        if (ruin.pool() >= 0) {
            state.prepay(ruin.pool(), ruin.level());
            state.capOverride[ruin.pool()] = ruin.level();
        }
        Recreate recreate = new Recreate(state, random, rule, blink);
        boolean placed = true;
        if (ruin.forcedJob() >= 0) {
            Recreate.Choice c = recreate.place(ruin.forced(), Long.MAX_VALUE);
            if (c == null) {
                placed = false;
            } else {
                state.place(ruin.forcedJob(), c.opt(), c.start());
            }
        }
        if (placed) {
            int[] rest = Arrays.stream(ruin.jobs()).filter(j -> j != ruin.forcedJob()).toArray();
            if (order == Order.REGRET) {
                recreate.insertByRegret(rest, priorityFirst);
            } else {
                recreate.insertInOrder(ordered(rest, order, priorityFirst), EJECTION_DEPTH);
            }
        }
        if (ruin.pool() >= 0) {
            state.prepay(ruin.pool(), 0);
            state.capOverride[ruin.pool()] = -1;
        }
        List<ReassignMove.Change> changes = new ArrayList<>();
        if (placed) {
            for (int j : state.touched()) {
                Opt now = state.current[j];
                if (now != state.was(j) || now != null && state.start[j] != state.wasStart(j)) {
                    JobAssignment a = entities.get(j);
                    changes.add(new ReassignMove.Change(a, now == null ? null : now.option(),
                            now == null ? a.getStart() : state.start[j]));
                }
            }
        }
        if (keep && placed) {
            state.commit();
        } else {
            state.rollback();
        }
        return changes.isEmpty() ? null : new ReassignMove(ruin.kind().name() + "/" + order + (priorityFirst ? "/P" : "") + "/" + rule, changes);
    }

    /**
     * By the order asked (shuffled first, so ties fall randomly), highest priority first if asked: priority first
     * plans what the budget allows, but the cheapest plan of the same jobs may need a big job to yield its place.
     */
    private int[] ordered(int[] jobs, Order order, boolean priorityFirst) {
        Integer[] boxed = Arrays.stream(jobs).boxed().toArray(Integer[]::new);
        if (order != Order.AS_GIVEN) {
            for (int k = boxed.length - 1; k > 0; k--) {
                int swap = random.nextInt(k + 1);
                Integer tmp = boxed[k];
                boxed[k] = boxed[swap];
                boxed[swap] = tmp;
            }
        }
        Comparator<Integer> byPriority = priorityFirst ? Comparator.comparingInt(j -> -state.priority[j]) : (a, b) -> 0;
        Comparator<Integer> then = switch (order) {
            case LARGEST -> Comparator.comparingLong(j -> -gpuSlots(j));
            case DEAREST -> Comparator.comparingLong(j -> -cheapest(j));
            default -> (a, b) -> 0;
        };
        Arrays.sort(boxed, byPriority.thenComparing(then));
        return Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
    }

    private long gpuSlots(int j) {
        Opt[] os = state.options[j];
        return os.length == 0 ? 0 : (long) os[0].billed() * os[0].duration();
    }

    private long cheapest(int j) {
        Opt[] os = state.options[j];
        return os.length == 0 ? 0 : os[0].cents();
    }
}
