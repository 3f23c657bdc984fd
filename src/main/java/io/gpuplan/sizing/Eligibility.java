package io.gpuplan.sizing;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;

/** The offer-level eligibility rules R12–R15 as predicates: one home for the sizer, the constraints and verify. */
public final class Eligibility {
    private Eligibility() {
    }

    /** R12: the offer's jurisdiction is one the job allows (no residency list: anywhere). */
    public static boolean residencyOk(Job job, Offer offer) {
        return job.residency().isEmpty() || job.residency().contains(offer.jurisdiction());
    }

    /** R13: the accelerator's vendor is one the job allows (no vendor list: any). */
    public static boolean vendorOk(Job job, Offer offer) {
        return job.vendors().isEmpty() || job.vendors().contains(offer.accelerator().vendor());
    }

    /** R14: spot only for interruptible jobs. */
    public static boolean interruptionOk(Job job, Offer offer) {
        return !offer.isSpot() || job.interruptible();
    }

    /** Serving (R8 clarification): GPUs per replica at most maxGpusPerReplica, default the offer's gpusPerInstance. */
    public static boolean replicaSizeOk(Job job, Offer offer, int gpusPerReplica) {
        if (!(job.work() instanceof io.gpuplan.problem.Work.Serving s)) {
            return true;
        }
        int max = s.maxGpusPerReplica() != null ? s.maxGpusPerReplica() : offer.gpusPerInstance();
        return gpusPerReplica <= max;
    }

    /** R15: the accelerator runs the job's stack, or the job has a migration to that stack (R16). */
    public static boolean stackOk(Job job, Offer offer) {
        return offer.accelerator().stack() == job.stack()
                || job.migration() != null && job.migration().to() == offer.accelerator().stack();
    }
}
