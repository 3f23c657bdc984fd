package io.gpuplan.sizing;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.JobKind;

/** R7 memory need and R8 memory fit. */
public final class Memory {
    /** Mixed-precision Adam: 16 bytes per parameter, plus 25 % for activations. */
    public static final double FULL_TRAINING_GB_PER_BILLION = 20;
    /** Weights plus 20 % for activations, KV cache and adapters. */
    public static final double WEIGHTS_OVERHEAD = 1.2;

    private Memory() {
    }

    /** Memory need M in GB (per replica for serving jobs); 0 for a measured throughput that states none. */
    public static double needGb(Job job) {
        if (job.memoryGb() != null) {
            return job.memoryGb();
        }
        if (job.paramsB() == null) {
            return 0; // measured throughput (R9c): it ran on each listed accelerator, so R8 holds there
        }
        double n = job.paramsB();
        boolean fullTraining = job.kind() == JobKind.TRAINING
                || job.kind() == JobKind.FINE_TUNING && !job.method().isAdapter();
        return fullTraining ? n * FULL_TRAINING_GB_PER_BILLION : n * job.precision().bytesPerParam() * WEIGHTS_OVERHEAD;
    }

    /** R8: {@code need / gpus <= memoryGb * headroom}. */
    public static boolean fits(double needGb, int gpus, double acceleratorMemoryGb, double headroom) {
        return needGb / gpus <= acceleratorMemoryGb * headroom + 1e-9;
    }

    /** The smallest GPU count that satisfies R8. */
    public static int minGpus(double needGb, double acceleratorMemoryGb, double headroom) {
        int g = (int) Math.ceil(needGb / (acceleratorMemoryGb * headroom) - 1e-9);
        return Math.max(1, g);
    }
}
