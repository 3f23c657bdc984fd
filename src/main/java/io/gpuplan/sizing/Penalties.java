package io.gpuplan.sizing;

/**
 * How far a hard rule is broken, in the units the score counts (MODEL.md R23: "weighted by how far they are
 * broken"). Shared by the constraints and the plain-loop checks so that both give the same score.
 */
public final class Penalties {
    private Penalties() {
    }

    /** R2: slots the start lies before the earliest start or after the latest start. */
    public static int slotsOutsideWindow(Option option, int start) {
        return Math.max(0, option.earliestStart() - start) + Math.max(0, start - option.latestStart());
    }

    /** R8: GB per GPU above the limit, rounded up. */
    public static int memoryExcessGb(Option option) {
        return option.memoryFits() ? 0 : (int) Math.ceil(option.memoryPerGpuGb() - option.memoryLimitGb());
    }

    /** R8 as a whole: the memory excess, plus 1 for a serving replica on more GPUs than allowed. */
    public static int memoryFit(Option option) {
        boolean replicaOk = Eligibility.replicaSizeOk(option.job(), option.offer(), option.gpusPerReplica());
        return memoryExcessGb(option) + (replicaOk ? 0 : 1);
    }

    /** R22: whole base-currency units above the cap, rounded up. */
    public static int budgetExcessUnits(long cents, long capCents) {
        return cents <= capCents ? 0 : (int) Math.min(Integer.MAX_VALUE, (cents - capCents + 99) / 100);
    }
}
