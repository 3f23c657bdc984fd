package io.gpuplan.model;

import ai.timefold.solver.core.api.score.stream.uni.UniConstraintCollector;
import java.util.Arrays;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Collects the billed GPUs in use per slot on one offer (grouped by offer) into an array, updated incrementally,
 * and finishes to how far the offer's capacity is exceeded (R21) and its peak use (what R18 reserves).
 * Far cheaper than joining every assignment with every slot it occupies.
 */
final class SlotUsage implements UniConstraintCollector<JobAssignment, SlotUsage.Profile, SlotUsage.Summary> {
    /**
     * @param overGpuSlots sum over slots of GPUs in use beyond the offer's maxGpus
     * @param peak         the most GPUs in use in any slot
     * @param usedGpuSlots sum over slots of GPUs in use (R29's use of a reserved pool within the horizon)
     */
    record Summary(long overGpuSlots, int peak, long usedGpuSlots) {
    }

    /** Mutable per-offer usage; the excess over capacity is kept up to date on every change. */
    static final class Profile {
        private int[] used = new int[0];
        private long over;
        private long total;
        private int cap;

        void add(int from, int to, int gpus, int cap) {
            this.cap = cap;
            if (to > used.length) {
                used = Arrays.copyOf(used, Math.max(to, used.length * 2));
            }
            total += (long) gpus * Math.max(0, to - Math.max(0, from));
            for (int s = Math.max(0, from); s < to; s++) {
                int before = used[s];
                int after = before + gpus;
                used[s] = after;
                over += Math.max(0L, (long) after - cap) - Math.max(0L, (long) before - cap);
            }
        }

        Summary summary() {
            int peak = 0;
            for (int u : used) {
                peak = Math.max(peak, u);
            }
            return new Summary(over, peak, total);
        }
    }

    @Override
    public Supplier<Profile> supplier() {
        return Profile::new;
    }

    @Override
    public BiFunction<Profile, JobAssignment, Runnable> accumulator() {
        return (profile, a) -> {
            // Capture the values now: the assignment may have changed by the time it is retracted.
            int from = a.getStart();
            int to = a.getOccupiedEnd();
            int gpus = a.getOption().billedGpus();
            int cap = a.getOption().offer().maxGpus();
            profile.add(from, to, gpus, cap);
            return () -> profile.add(from, to, -gpus, cap);
        };
    }

    @Override
    public Function<Profile, Summary> finisher() {
        return Profile::summary;
    }
}
