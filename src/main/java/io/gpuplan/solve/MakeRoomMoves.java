package io.gpuplan.solve;

import ai.timefold.solver.core.impl.heuristic.selector.move.factory.MoveIteratorFactory;
import ai.timefold.solver.core.impl.score.director.ScoreDirector;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Random {@link MakeRoomMove}s: a job goes to a random option and start, and a job that overlaps it there is moved to
 * a random option and start of its own, or left out. Where capacity binds (R21), one job can only take a cheaper offer if
 * another leaves it in the same step; single-job moves cannot get there without first breaking a hard rule, and
 * random pairs of jobs almost never pick the one in the way. Only random selection is supported.
 */
public final class MakeRoomMoves implements MoveIteratorFactory<GpuPlan, MakeRoomMove> {

    @Override
    public long getSize(ScoreDirector<GpuPlan> scoreDirector) {
        return scoreDirector.getWorkingSolution().getAssignments().stream().mapToLong(a -> a.getOptions().size()).sum();
    }

    @Override
    public Iterator<MakeRoomMove> createOriginalMoveIterator(ScoreDirector<GpuPlan> scoreDirector) {
        throw new UnsupportedOperationException("MakeRoomMoves supports random selection only");
    }

    @Override
    public Iterator<MakeRoomMove> createRandomMoveIterator(ScoreDirector<GpuPlan> scoreDirector, RandomGenerator random) {
        List<JobAssignment> movable = scoreDirector.getWorkingSolution().getAssignments().stream()
                .filter(a -> !a.getOptions().isEmpty()).toList();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return movable.size() >= 2;
            }

            @Override
            public MakeRoomMove next() {
                JobAssignment a = movable.get(random.nextInt(movable.size()));
                Option optionA = a.getOptions().get(random.nextInt(a.getOptions().size()));
                int startA = start(optionA, random);
                JobAssignment b = inTheWay(movable, a, optionA, startA, random);
                if (random.nextInt(4) == 0) {
                    // b is left out to let a in: worth it when a has the higher priority, or the same at a lower cost.
                    return new MakeRoomMove(a, optionA, startA, b, null, b.getStart() != null ? b.getStart() : startA);
                }
                Option optionB = b.getOptions().get(random.nextInt(b.getOptions().size()));
                return new MakeRoomMove(a, optionA, startA, b, optionB, start(optionB, random));
            }
        };
    }

    private static int start(Option o, RandomGenerator random) {
        return o.earliestStart() + random.nextInt(Math.max(1, o.latestStart() - o.earliestStart() + 1));
    }

    /**
     * Half the time a random job on the same offer whose slots overlap {@code [start, start + d)} (capacity, R21),
     * else, or if none does, any other job (what it frees may be budget, R22, rather than capacity).
     */
    private static JobAssignment inTheWay(List<JobAssignment> all, JobAssignment a, Option option, int start, RandomGenerator random) {
        if (random.nextBoolean()) {
            int end = start + option.durationSlots();
            List<JobAssignment> overlapping = new ArrayList<>();
            for (JobAssignment other : all) {
                if (other != a && other.isPlanned() && other.getOption().offer() == option.offer()
                        && other.getStart() < end && start < other.getEnd()) {
                    overlapping.add(other);
                }
            }
            if (!overlapping.isEmpty()) {
                return overlapping.get(random.nextInt(overlapping.size()));
            }
        }
        JobAssignment other;
        do {
            other = all.get(random.nextInt(all.size()));
        } while (other == a);
        return other;
    }
}
