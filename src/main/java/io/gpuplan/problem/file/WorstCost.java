package io.gpuplan.problem.file;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Limits;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Storage;
import io.gpuplan.problem.Transfer;
import io.gpuplan.problem.Work;
import java.util.List;

/**
 * The most any option of a job could cost, so that a plan's money (exact cents in a {@code long}) cannot overflow:
 * every field is within {@link Limits}, but their product (a price × 100,000 GPUs × a ten-year horizon) may not be.
 * Bounded by the priciest offer at the job's largest GPU count for the whole horizon (a reserved term or a capacity
 * block when longer),
 * plus its dataset moved at the dearest transfer rate, plus its migration, plus two copies of its dataset stored for
 * the whole horizon at the dearest storage price (R26).
 */
final class WorstCost {
    private WorstCost() {
    }

    static double of(Job job, List<Offer> offers, Horizon horizon, Transfer transfer, Storage storage) {
        double gpus = job.work() instanceof Work.Serving s
                ? (double) s.replicas() * (s.maxGpusPerReplica() != null ? s.maxGpusPerReplica() : Limits.MAX_GPUS_PER_INSTANCE)
                : job.gpus().max();
        double compute = 0;
        for (Offer o : offers) {
            double billed = Math.ceil(gpus / o.gpusPerInstance()) * o.gpusPerInstance();
            // A capacity block (R30) may run past the horizon end: at most its longest length.
            double hours = Math.max(horizon.hours(), o.isReserved() ? o.termMonths() * 31.0 * 24
                    : o.isBlock() ? o.longestBlockDays() * 24.0 : 0);
            compute = Math.max(compute, billed * hours * (o.priceInBase() + o.powerPerGpuHourInBase()));
        }
        double rate = Math.max(transfer.crossRegionPerGb(), transfer.crossProviderPerGb());
        for (Transfer.Rates r : transfer.byProvider().values()) {
            rate = Math.max(rate, Math.max(r.crossRegionPerGb(), r.crossProviderPerGb()));
        }
        double moved = job.dataset() == null ? 0 : job.dataset().sizeGb() * rate;
        double migration = job.migration() == null ? 0 : job.migration().cost();
        double stored = 0;
        if (job.dataset() != null && job.dataset().stored()) {
            double dearest = storage.byLocation().values().stream()
                    .mapToDouble(p -> Math.max(p.hot() == null ? 0 : p.hot(), p.cold() == null ? 0 : p.cold())).max().orElse(0);
            stored = 2 * job.dataset().sizeGb() * dearest * horizon.hours() / 730;
        }
        return compute + moved + migration + stored;
    }

    /** The sum of every job's worst cost ({@link #of}) stays within {@link Limits#MAX_AMOUNT}, so no money sum overflows. */
    static boolean withinMoneyLimit(Horizon horizon, List<Offer> offers, List<Job> jobs, Transfer transfer, Storage storage,
                                    ProblemResolver.Checks c) {
        double total = 0;
        double largest = -1;
        int at = -1;
        for (int i = 0; i < jobs.size(); i++) {
            double worst = of(jobs.get(i), offers, horizon, transfer, storage);
            total += worst;
            if (worst > largest) {
                largest = worst;
                at = i;
            }
        }
        if (total <= Limits.MAX_AMOUNT) {
            return true;
        }
        c.error("jobs[" + at + "]", "could cost up to " + ProblemResolver.Checks.fmt(largest) + " (all jobs together up to "
                        + ProblemResolver.Checks.fmt(total) + ": the priciest offer at the largest GPU count for the whole horizon)",
                "at most " + ProblemResolver.Checks.limit(Limits.MAX_AMOUNT) + " in the base currency for all jobs together: fewer GPUs,"
                        + " lower prices or a shorter horizon");
        return false;
    }
}
