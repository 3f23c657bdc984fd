package io.gpuplan.sizing;

/** R6: billing is by whole instances. */
public final class Billing {
    private Billing() {
    }

    public static int instances(int gpus, int gpusPerInstance) {
        return (gpus + gpusPerInstance - 1) / gpusPerInstance;
    }

    public static int billedGpus(int gpus, int gpusPerInstance) {
        return instances(gpus, gpusPerInstance) * gpusPerInstance;
    }
}
