package io.gpuplan.solve;

import ai.timefold.solver.core.preview.api.domain.metamodel.GenuineEntityMetaModel;
import ai.timefold.solver.core.preview.api.move.Move;
import ai.timefold.solver.core.preview.api.move.MutableSolutionView;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.sizing.Option;
import java.util.List;
import java.util.SequencedCollection;

/**
 * Places job {@code a} on a new option and start and, in the same move, moves job {@code b}, which held the capacity
 * {@code a} needs there, to a new option and start of its own, or out of the plan (option null; see
 * {@link MakeRoomMoves}).
 */
record MakeRoomMove(JobAssignment a, Option optionA, int startA, JobAssignment b, Option optionB, int startB)
        implements Move<GpuPlan> {

    @Override
    public void execute(MutableSolutionView<GpuPlan> view) {
        GenuineEntityMetaModel<GpuPlan, JobAssignment> entity = view.getSolutionMetaModel().genuineEntity(JobAssignment.class);
        // b first: it leaves the slots a is about to take.
        view.changeVariable(entity.<Option>basicVariable("option"), b, optionB);
        view.changeVariable(entity.<Integer>basicVariable("start"), b, startB);
        view.changeVariable(entity.<Option>basicVariable("option"), a, optionA);
        view.changeVariable(entity.<Integer>basicVariable("start"), a, startA);
    }

    @Override
    public SequencedCollection<Object> getPlanningEntities() {
        return List.of(a, b);
    }

    @Override
    public SequencedCollection<Object> getPlanningValues() {
        return optionB == null ? List.of(optionA, startA, startB) : List.of(optionA, startA, optionB, startB);
    }

    @Override
    public String describe() {
        return "MakeRoomMove";
    }

    @Override
    public String toString() {
        return a.getId() + " -> " + optionA + " @" + startA + ", making room: " + b.getId() + " -> " + optionB + " @" + startB;
    }
}
