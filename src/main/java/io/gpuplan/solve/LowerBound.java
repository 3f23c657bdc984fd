package io.gpuplan.solve;

import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * R24: the sum over jobs of each job's cheapest eligible option, a reserved option charged billed GPUs × W × price,
 * capacity and budget ignored. No plan that runs the same jobs can cost less.
 */
public final class LowerBound {
    private LowerBound() {
    }

    /** The cheapest R24 cost of one job, or empty when it has no option. */
    public static OptionalLong cheapest(JobOptions jobOptions) {
        return jobOptions.options().stream().mapToLong(Option::boundCents).min();
    }

    /** The R24 bound for the jobs whose ids are given (jobs with no option add nothing: they cannot run). */
    public static long r24(List<JobOptions> options, Set<String> jobIds) {
        long sum = 0;
        for (JobOptions jo : options) {
            if (jobIds.contains(jo.job().id())) {
                sum += cheapest(jo).orElse(0);
            }
        }
        return sum;
    }
}
