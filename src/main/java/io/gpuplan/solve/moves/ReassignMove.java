package io.gpuplan.solve.moves;

import ai.timefold.solver.core.preview.api.domain.metamodel.GenuineEntityMetaModel;
import ai.timefold.solver.core.preview.api.move.Move;
import ai.timefold.solver.core.preview.api.move.MutableSolutionView;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.List;
import java.util.SequencedCollection;

/**
 * Gives several jobs a new option and start at once (option null: out of the plan), as one move that local search
 * accepts or refuses whole. What the ruin-and-recreate moves and the perturbation propose.
 */
record ReassignMove(String name, List<Change> changes) implements Move<GpuPlan> {

    /** One job's new option (null: unplanned) and start. */
    record Change(JobAssignment job, Option option, int start) {
    }

    @Override
    public void execute(MutableSolutionView<GpuPlan> view) {
        GenuineEntityMetaModel<GpuPlan, JobAssignment> entity = view.getSolutionMetaModel().genuineEntity(JobAssignment.class);
        var option = entity.<Option>basicVariable("option");
        var start = entity.<Integer>basicVariable("start");
        for (Change c : changes) {
            view.changeVariable(option, c.job(), c.option());
            view.changeVariable(start, c.job(), c.start());
        }
    }

    /** Makes the changes on the jobs themselves, outside a solver (the exact search's own plan). */
    void applyOutsideSolver() {
        for (Change c : changes) {
            c.job().setOption(c.option());
            c.job().setStart(c.start());
        }
    }

    @Override
    public SequencedCollection<Object> getPlanningEntities() {
        return changes.stream().map(c -> (Object) c.job()).toList();
    }

    @Override
    public SequencedCollection<Object> getPlanningValues() {
        List<Object> values = new ArrayList<>();
        for (Change c : changes) {
            if (c.option() != null) {
                values.add(c.option());
            }
            values.add(c.start());
        }
        return values;
    }

    @Override
    public String describe() {
        return name;
    }

    @Override
    public String toString() {
        return name + changes.stream().map(c -> c.job().getId() + " -> " + c.option() + " @" + c.start()).toList();
    }
}
