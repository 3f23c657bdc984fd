package io.gpuplan.model;

import ai.timefold.solver.core.api.domain.common.PlanningId;
import ai.timefold.solver.core.api.domain.entity.PlanningEntity;
import ai.timefold.solver.core.api.domain.valuerange.ValueRange;
import ai.timefold.solver.core.api.domain.valuerange.ValueRangeFactory;
import ai.timefold.solver.core.api.domain.valuerange.ValueRangeProvider;
import ai.timefold.solver.core.api.domain.variable.PlanningVariable;
import io.gpuplan.problem.Job;
import io.gpuplan.sizing.Option;
import java.util.List;

/**
 * The decision for one job: which option (offer and GPU count) and which start slot. No option means the job is
 * left unplanned (R23). Each job only sees its own eligible options.
 */
@PlanningEntity
public class JobAssignment {
    @PlanningId
    private String id;
    private Job job;
    private int priority;
    private List<Option> options;
    private int firstStart;
    private int lastStart;
    private int horizonSlots;

    @PlanningVariable(valueRangeProviderRefs = "options", allowsUnassigned = true)
    private Option option;
    @PlanningVariable(valueRangeProviderRefs = "starts")
    private Integer start;

    public JobAssignment() {
    }

    /** @param firstStart first start slot any option allows; {@code lastStart} the last */
    public JobAssignment(Job job, List<Option> options, int firstStart, int lastStart, int horizonSlots) {
        this.id = job.id();
        this.job = job;
        this.priority = job.priority();
        this.options = List.copyOf(options);
        this.firstStart = firstStart;
        this.lastStart = Math.max(firstStart, lastStart);
        this.horizonSlots = horizonSlots;
    }

    /** A hand-built assignment (tests, plans read back). */
    public JobAssignment(Job job, List<Option> options, Option option, int start, int horizonSlots) {
        this(job, options, start, start, horizonSlots);
        this.option = option;
        this.start = start;
    }

    @ValueRangeProvider(id = "options")
    public List<Option> getOptions() {
        return options;
    }

    @ValueRangeProvider(id = "starts")
    public ValueRange<Integer> getStarts() {
        return ValueRangeFactory.createIntValueRange(firstStart, lastStart + 1);
    }

    public String getId() {
        return id;
    }

    public Job getJob() {
        return job;
    }

    public int getPriority() {
        return priority;
    }

    public Option getOption() {
        return option;
    }

    public void setOption(Option option) {
        this.option = option;
    }

    public Integer getStart() {
        return start;
    }

    public void setStart(Integer start) {
        this.start = start;
    }

    public boolean isPlanned() {
        return option != null;
    }

    /** The slot after the last one the job occupies (R2: {@code [start, start + d)}). */
    public int getEnd() {
        return start + option.durationSlots();
    }

    /** The end clipped to the horizon: the slots that exist (an R2-breaking start may run past the end). */
    public int getOccupiedEnd() {
        return Math.min(getEnd(), horizonSlots);
    }

    @Override
    public String toString() {
        return id + (option == null ? " unplanned" : " " + option + " @" + start);
    }
}
