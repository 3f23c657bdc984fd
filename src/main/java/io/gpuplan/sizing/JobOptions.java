package io.gpuplan.sizing;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import java.util.List;

/**
 * Every eligible option of a job, and why the other offers (or GPU counts on them) are not options.
 *
 * @param dominated options dropped because another option on the same offer is no worse in GPUs, slots and cost
 *                  (also those skipped unsized because a sized one of the same duration is no worse)
 * @param sized     GPU counts sized to find them: the work the enumeration did
 */
public record JobOptions(Job job, List<Option> options, List<Exclusion> exclusions, int dominated, int sized) {
    public JobOptions {
        options = List.copyOf(options);
        exclusions = List.copyOf(exclusions);
    }

    /** How many options the jobs have together: the size of the exact model (CP-SAT's work grows with it). */
    public static int count(List<JobOptions> jobs) {
        return jobs.stream().mapToInt(jo -> jo.options().size()).sum();
    }

    /** Options not found by sizing (a subset handed to a move): no sizing work to report. */
    public JobOptions(Job job, List<Option> options, List<Exclusion> exclusions, int dominated) {
        this(job, options, exclusions, dominated, 0);
    }

    /**
     * One offer, or one GPU count on it (gpus > 0), that cannot serve the job, and why.
     *
     * @param neededGpus for a job too slow for its window (R2) on an on-demand or reserved offer, the fewest GPUs of
     *                   this offer that would fit it, were the offer's cap and the job's range no limit; 0 when not
     *                   known (spot, serving, or no window at all)
     */
    public record Exclusion(Offer offer, int gpus, Breach breach, int neededGpus) {
        public Exclusion(Offer offer, int gpus, Breach breach) {
            this(offer, gpus, breach, 0);
        }
    }
}
