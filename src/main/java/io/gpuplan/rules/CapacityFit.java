package io.gpuplan.rules;

import io.gpuplan.sizing.Option;

/** Plain-loop R21 arithmetic on one offer's per-slot usage: where an option fits, and taking or giving back room. */
public final class CapacityFit {
    private CapacityFit() {
    }

    /** Whether the option started at {@code start} keeps every slot it occupies within {@code cap} GPUs. */
    public static boolean fits(Option o, int start, int[] usage, int cap) {
        for (int s = start; s < start + o.durationSlots(); s++) {
            if (usage[s] + o.billedGpus() > cap) {
                return false;
            }
        }
        return true;
    }

    /** The earliest start in the option's window (R2) where it fits under {@code cap}, or -1. */
    public static int earliestStart(Option o, int[] usage, int cap) {
        for (int start = o.earliestStart(); start <= o.latestStart(); start++) {
            if (fits(o, start, usage, cap)) {
                return start;
            }
        }
        return -1;
    }

    /** Adds (or with negative {@code gpus}, removes) GPUs over the slots the option occupies from {@code start}. */
    public static void occupy(int[] usage, Option o, int start, int gpus) {
        for (int s = start; s < start + o.durationSlots(); s++) {
            usage[s] += gpus;
        }
    }
}
