package io.gpuplan.sizing;

import io.gpuplan.problem.Continuation;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Transfer;

/** R31.2: what staying and moving mean for a job still running from the previous plan. */
public final class Continuing {
    private Continuing() {
    }

    /**
     * Staying: the same offer (or the reservation carried from it, R31.1) at the same billed GPUs. Anything else is a
     * move and pays the churn.
     */
    public static boolean stays(Continuation c, Offer offer, int billedGpus) {
        if (c == null || billedGpus != c.billedGpus()) {
            return false;
        }
        return offer.id().equals(c.offer()) || offer.isCarried() && offer.carried().offer().equals(c.offer());
    }

    /**
     * R19 for a continuing job: its data sits at the previous offer's location (copied there last quarter), so staying
     * there moves nothing and moving pays that provider's rate to the new location.
     */
    public static double transferAmount(Transfer transfer, Job job, Continuation c, Offer offer) {
        return job.dataset() == null ? 0
                : OptionSizer.transferAmount(transfer, job.dataset().sizeGb(), c.provider(), c.location(), offer);
    }
}
