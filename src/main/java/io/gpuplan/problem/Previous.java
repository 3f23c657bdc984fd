package io.gpuplan.problem;

import java.util.List;
import java.util.Map;

/**
 * R31: last quarter's plan as this problem continues it. {@link #NONE} when the problem has no previous plan.
 *
 * @param requested        {@code previous.plan} as written in the problem file (relative to it), or null
 * @param plan             the previous plan's file name, or null before it is read
 * @param sha256           the previous plan file's checksum (this plan records it; {@code verify} checks it)
 * @param churnCostPerMove R31.2: what moving a continuing job costs, base currency
 * @param continuing       the continuing jobs by id
 * @param finished         the previous plan's running jobs the new problem does not list (taken as finished)
 * @param requestedAt      where {@code previous.plan} is written in the problem file (for errors about it)
 */
public record Previous(String requested, String plan, String sha256, double churnCostPerMove,
                       Map<String, Continuation> continuing, List<String> finished,
                       io.gpuplan.problem.yaml.Location requestedAt) {
    /**
     * R31.2's default churn: a day of an engineer (about 800) to drain, move and re-check a job, plus a restart's
     * lost work and warm-up (about 200), in the base currency.
     */
    public static final double DEFAULT_CHURN = 1000;
    public static final Previous NONE = new Previous(null, null, null, DEFAULT_CHURN, Map.of(), List.of(),
            io.gpuplan.problem.yaml.Location.UNKNOWN);

    public Previous {
        continuing = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(continuing));
        finished = List.copyOf(finished);
    }

    /** Whether a previous plan was read into this problem. */
    public boolean present() {
        return plan != null;
    }

    public Continuation continuation(String job) {
        return continuing.get(job);
    }
}
