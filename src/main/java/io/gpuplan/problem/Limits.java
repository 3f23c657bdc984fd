package io.gpuplan.problem;

/**
 * Bounds on a problem file that keep a typo (or hostile input) from exhausting the machine or overflowing the exact
 * money arithmetic (cents in a {@code long}): beyond them the reader reports a located error, with the bound as what
 * would be valid, instead of planning for hours or failing inside. Each is far above any real quarter's plan.
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

    /** A budget, provider cap or migration cost, and the most a whole plan may possibly cost, in the base currency. */
    public static final double MAX_AMOUNT = 1e14;
    /** A price per GPU-hour, as written and in the base currency. */
    public static final double MAX_PRICE = 1e6;
    /** Units of a currency per 1 unit of the base currency: from 1e-6 to 1e6. */
    public static final double MIN_RATE = 1e-6;
    public static final double MAX_RATE = 1e6;
    /** A transfer rate per GB, in the base currency. */
    public static final double MAX_TRANSFER_PER_GB = 1e3;
    /** A storage price per GB-month (R26), in the base currency. */
    public static final double MAX_STORAGE_PER_GB_MONTH = 1e3;
    /** A dataset's size in GB (an exabyte). */
    public static final double MAX_DATASET_GB = 1e9;
    /** Work: training tokens, FLOPs, reference GPU-hours, units and units/second per GPU. */
    public static final double MAX_TOKENS = 1e16;
    public static final double MAX_FLOPS = 1e30;
    public static final double MAX_GPU_HOURS = 1e10;
    public static final double MAX_UNITS = 1e20;
    public static final double MAX_UNITS_PER_SECOND = 1e12;
    /**
     * The least a divisor of compute hours may be (units/second per GPU; utilization, cross-node efficiency and a
     * migration's performance as fractions): a positive 1e-300 would make the hours infinite.
     */
    public static final double MIN_UNITS_PER_SECOND = 1e-6;
    public static final double MIN_FRACTION = 1e-3;
    /** A model's size in billions of parameters, and a job's memory in GB. */
    public static final double MAX_PARAMS_B = 1e5;
    public static final double MAX_MEMORY_GB = 1e7;
    /** An accelerator's memory in GB and its FP16 TFLOPS (a positive value below the minimum would make hours endless). */
    public static final double MAX_ACCELERATOR_MEMORY_GB = 1e5;
    public static final double MIN_TFLOPS = 0.01;
    public static final double MAX_TFLOPS = 1e6;
    /** Hours of a checkpoint interval or a restart, weeks of a migration, months of a reserved term. */
    public static final double MAX_JOB_HOURS = 1e5;
    public static final double MAX_MIGRATION_WEEKS = 520;
    public static final int MAX_TERM_MONTHS = 120;
    /** Interruptions per instance per day on a spot offer. */
    public static final double MAX_INTERRUPTIONS_PER_DAY = 1e3;
    /** A job's priority: a sum over every job stays exact. */
    public static final int MAX_PRIORITY = 1_000_000;
    /** A deadline shift of an overlay's scale rule, in days (ten years). */
    public static final int MAX_SHIFT_DAYS = 3660;

    /**
     * What a whole-number field allows, by its name, for the fields whose limits are far inside an {@code int}: a value
     * beyond any {@code int} (1e300) is told these, not the range of a Java type. Null for other fields.
     */
    public static String wholeNumberRange(String field) {
        return switch (field) {
            case "gpusPerInstance", "maxGpusPerReplica" -> "a whole number of GPUs from 1 to " + MAX_GPUS_PER_INSTANCE;
            case "min", "max" -> "a whole number of GPUs from 1 to " + MAX_GPUS_PER_JOB + " per job";
            case "replicas" -> "a whole number of replicas from 1 to " + MAX_REPLICAS;
            case "termMonths", "depreciationMonths" -> "a whole number of months from 1 to " + MAX_TERM_MONTHS;
            case "priority" -> "a whole number from 0 to " + MAX_PRIORITY;
            default -> null;
        };
    }

    private Limits() {
    }
}
