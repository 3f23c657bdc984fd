package io.gpuplan.problem;

/**
 * Bounds on a problem file that keep a typo (or hostile input) from exhausting the machine: beyond them the reader
 * reports a located error instead of planning for hours. Each is far above any real quarter's plan.
 */
public final class Limits {
    public static final long MAX_FILE_BYTES = 4L * 1024 * 1024;
    public static final int MAX_SLOTS = 20_000;
    public static final int MAX_OFFERS = 10_000;
    public static final int MAX_JOBS = 20_000;
    public static final int MAX_GPUS_PER_JOB = 100_000;
    public static final int MAX_GPUS_PER_INSTANCE = 64;
    public static final int MAX_REPLICAS = 10_000;
    public static final int MAX_GPUS_PER_REPLICA = 64;

    private Limits() {
    }
}
