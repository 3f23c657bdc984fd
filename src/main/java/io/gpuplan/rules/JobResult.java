package io.gpuplan.rules;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.sizing.Breach;
import io.gpuplan.sizing.Option;
import java.util.List;

/**
 * A job as a plan has it.
 *
 * @param placement null when the job is unplanned
 * @param offer     the placement's offer, or null (unplanned, or the offer id is unknown)
 * @param option    the job sized on that offer and GPU count, or null when that is impossible
 * @param breaches  eligibility rules the placement breaks (R6, R8–R10, R12–R15)
 */
public record JobResult(Job job, Placement placement, Offer offer, Option option, List<Breach> breaches) {
    public boolean planned() {
        return placement != null;
    }

    public int startSlot() {
        return placement.startSlot();
    }

    public int endSlot() {
        return placement.startSlot() + option.durationSlots();
    }
}
