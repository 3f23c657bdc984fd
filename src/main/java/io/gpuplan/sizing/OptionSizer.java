package io.gpuplan.sizing;

import io.gpuplan.problem.Continuation;
import io.gpuplan.problem.Dataset;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.StorageTier;
import io.gpuplan.problem.Transfer;
import io.gpuplan.problem.Work;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sizes one job on one offer at one GPU count by the rules R6–R19, and says which eligibility rules it breaks.
 * The single home of the sizing arithmetic: the option enumerator, the solver model and {@code verify} all call it.
 */
public final class OptionSizer {
    private OptionSizer() {
    }

    /**
     * @param option   the sized option, or null when its numbers do not exist (no throughput measured on this
     *                 accelerator, or spot interruptions too frequent to ever finish)
     * @param breaches every rule the option breaks; empty means it is eligible
     */
    public record Sizing(Option option, List<Breach> breaches) {
        public boolean eligible() {
            return option != null && breaches.isEmpty();
        }
    }

    /** Rules that exclude an offer for a job whatever the GPU count: R12–R15. */
    public static List<Breach> offerBreaches(Job job, Offer offer) {
        List<Breach> out = new ArrayList<>();
        if (!Eligibility.residencyOk(job, offer)) {
            out.add(new Breach(Rule.R12, () -> "offer is in " + offer.jurisdiction() + ", job data must stay in "
                    + String.join(", ", job.residency().stream().sorted().toList())));
        }
        if (!Eligibility.vendorOk(job, offer)) {
            out.add(new Breach(Rule.R13, () -> offer.accelerator().name() + " is " + offer.accelerator().vendor()
                    + " hardware, job allows " + String.join(", ", job.vendors().stream().sorted().toList())));
        }
        if (!Eligibility.interruptionOk(job, offer)) {
            out.add(new Breach(Rule.R14, "offer is spot, job is not interruptible"));
        }
        if (!Eligibility.stackOk(job, offer)) {
            out.add(new Breach(Rule.R15, () -> offer.accelerator().name() + " runs " + name(offer.accelerator().stack())
                    + ", job runs " + name(job.stack()) + " with no migration to " + name(offer.accelerator().stack())));
        }
        return out;
    }

    public static Sizing size(Problem problem, Job job, Offer offer, int gpus) {
        List<Breach> breaches = new ArrayList<>(offerBreaches(job, offer));
        Horizon h = problem.horizon();
        int perReplica = 0;
        if (job.work() instanceof Work.Serving s) {
            if (gpus % s.replicas() != 0) {
                breaches.add(new Breach(Rule.R6, gpus + " GPUs do not split into " + s.replicas() + " equal replicas"));
            }
            perReplica = Math.max(1, gpus / s.replicas());
            if (!Eligibility.replicaSizeOk(job, offer, perReplica)) {
                breaches.add(new Breach(Rule.R8, perReplica + " GPUs per replica, more than maxGpusPerReplica ("
                        + (s.maxGpusPerReplica() != null ? s.maxGpusPerReplica() : offer.gpusPerInstance() + ", the offer's gpusPerInstance") + ")"));
            }
        } else if (gpus < job.gpus().min() || gpus > job.gpus().max()) {
            breaches.add(new Breach(Rule.R6, gpus + " GPUs outside the job's range " + job.gpus().min() + ".." + job.gpus().max()));
        }
        int instances = Billing.instances(gpus, offer.gpusPerInstance());
        int billed = instances * offer.gpusPerInstance();
        if (billed > offer.maxGpus()) {
            breaches.add(new Breach(Rule.R21, billed + " billed GPUs, the offer has at most " + offer.maxGpus()));
        }
        double need = Memory.needGb(job);
        int memoryGpus = perReplica > 0 ? perReplica : gpus;
        if (!Memory.fits(need, memoryGpus, offer.accelerator().memoryGb(), problem.memoryHeadroom())) {
            int replicaGpus = perReplica;
            breaches.add(new Breach(Rule.R8, () -> String.format(Locale.ROOT, "needs %s GB%s, %d × %s GB × %s headroom holds %s GB",
                    fmt(need), replicaGpus > 0 ? " per replica" : "", memoryGpus, fmt(offer.accelerator().memoryGb()),
                    fmt(problem.memoryHeadroom()), fmt(memoryGpus * offer.accelerator().memoryGb() * problem.memoryHeadroom()))));
        }
        boolean migrated = offer.accelerator().stack() != job.stack() && job.migration() != null
                && job.migration().to() == offer.accelerator().stack();
        double perf = migrated ? job.migration().performance() : 1.0;
        double efficiency = instances == 1 ? 1.0 : offer.crossNodeEfficiency();
        // R31.2: a continuing job that stays keeps running where it is: already ported (no migration again), no lead time.
        Continuation continuing = problem.previous().continuation(job.id());
        boolean staying = Continuing.stays(continuing, offer, billed);
        double leadHours = migrated && !staying ? job.migration().weeks() * 7 * 24 : 0;
        int earliestStart = h.slotAtOrAfter(h.hoursFromStart(job.earliest()) + leadHours);
        // R28: bought cards run from the horizon start + lead time on, rounded up to a slot as R16's lead time is.
        int ownedFrom = offer.isOwned() ? OwnedGpus.firstSlot(offer, h) : 0;
        boolean ownedLater = ownedFrom > earliestStart;
        earliestStart = Math.max(earliestStart, ownedFrom);

        double t;
        int start;
        int duration;
        int latestStart;
        if (job.isServing()) {
            start = Math.max(0, h.slotEdgeAtOrBefore(h.hoursFromStart(job.windowStart())));
            int end = Math.min(h.slots(), h.slotAtOrAfter(h.hoursFromStart(job.windowEnd())));
            duration = end - start;
            t = (double) duration * h.slotHours();
            if (earliestStart > start) {
                breaches.add(new Breach(Rule.R2, (ownedLater ? "owned cards' lead time" : "migration lead time")
                        + " ends in slot " + earliestStart + ", after the serving window starts in slot " + start));
            }
            // The window start is the only start; a later earliest start (lead time) leaves none (R2).
            earliestStart = Math.max(earliestStart, start);
            latestStart = start;
            // R31.1: a carried reservation's GPUs are there until its term ends.
            if (offer.isCarried() && end > offer.carried().untilSlot()) {
                breaches.add(new Breach(Rule.R2, "the serving window runs to slot " + end + ", the carried reservation's"
                        + " term ends in slot " + offer.carried().untilSlot() + " (" + offer.carried().termEnd() + ")"));
            }
        } else {
            t = WorkHours.hours(job.work(), job.utilization(), offer, gpus, perf, efficiency);
            duration = 0;
            latestStart = 0;
            start = 0;
        }
        if (Double.isNaN(t)) {
            breaches.add(new Breach(Rule.R9, "no measured throughput for " + offer.id() + ": throughputPerGpu names"
                    + " neither the offer, its provider " + offer.provider() + " nor its accelerator " + offer.accelerator().name()));
            return new Sizing(null, List.copyOf(breaches));
        }
        double w = t;
        double wq = t;
        int k = 0;
        if (offer.isSpot()) {
            double lambda = SpotMath.lambdaPerHour(offer.interruptionsPerDay(), instances);
            double loss = SpotMath.lossPerInterruption(job.checkpointHours(), job.restartHours());
            if (!SpotMath.feasible(lambda, loss)) {
                breaches.add(new Breach(Rule.R10, () -> String.format(Locale.ROOT,
                        "lambda·L = %s/h × %s h = %s >= %s: interruptions would eat the job",
                        fmt(lambda), fmt(loss), fmt(lambda * loss), fmt(SpotMath.MAX_LOSS_FRACTION))));
                return new Sizing(null, List.copyOf(breaches));
            }
            if (!job.isServing()) {
                w = SpotMath.expectedHours(t, lambda, loss);
                k = SpotMath.interruptionsAtConfidence(lambda, w, job.deadlineConfidence());
                wq = SpotMath.confidenceHours(t, w, loss, k);
            }
        }
        if (!job.isServing()) {
            // At least one slot: a job of 1 FLOP still runs somewhere in time (the tolerance would round it to 0).
            duration = Math.max(1, (int) Math.ceil(wq / h.slotHours() - 1e-9));
            latestStart = h.slotEdgeAtOrBefore(h.hoursFromStart(job.deadline())) - duration;
            if (offer.isCarried()) { // R31.1: jobs on a carried reservation end by its term end
                latestStart = Math.min(latestStart, offer.carried().untilSlot() - duration);
            }
            if (earliestStart > latestStart) {
                int slots = duration;
                double hours = wq;
                int fit = Math.max(0, latestStart + duration - earliestStart);
                breaches.add(new Breach(Rule.R2, () -> String.format(Locale.ROOT,
                        "needs %d slots (%s h%s), only %d fit between %s%s and the deadline %s",
                        slots, fmt(hours), offer.isSpot() ? " at " + fmt(job.deadlineConfidence()) + " confidence" : "",
                        fit, job.earliest(),
                        migrated ? " + " + fmt(job.migration().weeks()) + " weeks migration" : "",
                        job.deadline()) + (ownedLater ? " (owned cards run from slot " + ownedFrom + ", after their lead time)" : "")));
            }
        }
        if (staying) {
            // R31.2: it keeps running from the horizon start: slot 0 is its only start (none when 0 is outside R2).
            if (earliestStart > 0 || latestStart < 0) {
                breaches.add(new Breach(Rule.R2, "staying on " + continuing.offer() + " means running on from slot 0,"
                        + " outside the job's window (slots " + earliestStart + ".." + latestStart + ")"));
            }
            latestStart = Math.min(latestStart, 0);
        }
        // R30: a block holds the billed GPUs from the job's start for the shortest allowed length covering its d slots.
        int blockDays = 0;
        if (offer.isBlock()) {
            double occupied = (double) duration * h.slotHours();
            blockDays = CapacityBlocks.days(offer.blockDays(), occupied);
            if (blockDays == CapacityBlocks.NONE) {
                int slots = duration;
                breaches.add(new Breach(Rule.R30, () -> String.format(Locale.ROOT,
                        "occupies %d slots (%s h), longer than the longest capacity block of %d days (%d h)", slots,
                        fmt(occupied), offer.longestBlockDays(),
                        offer.longestBlockDays() * 24)));
                return new Sizing(null, List.copyOf(breaches));
            }
        }
        // Hours beyond the horizon make the option ineligible (R2 above); capping them keeps the money of such an
        // option of a huge job finite and within a long's cents (the reader bounds the horizon's worst cost).
        long block = offer.isBlock() ? CapacityBlocks.cents(offer, billed, blockDays) : 0;
        long list = offer.isBlock() ? block : Money.baseCents(offer, billed, Math.min(w, h.hours()));
        long compute = offer.isCommitted() || offer.isBlock() ? 0 : list;
        long power = offer.isOwned() ? OwnedGpus.powerCents(offer, billed, Math.min(w, h.hours())) : 0;
        long transfer = Money.cents(continuing == null ? transferAmount(problem.transfer(), job, offer)
                : Continuing.transferAmount(problem.transfer(), job, continuing, offer));
        long migration = migrated && !staying ? Money.cents(job.migration().cost()) : 0;
        long churn = continuing != null && !staying ? Money.cents(problem.previous().churnCostPerMove()) : 0;
        String dataProvider = job.dataset() == null ? null : continuing != null ? continuing.provider() : job.dataset().provider();
        double storedHours = Math.min(w, h.hours());
        long storageOrigin = storageOriginCents(problem, job, storedHours);
        long storageDestination = storageDestinationCents(problem, job, offer, storedHours);
        Option option = new Option(job, offer, gpus, perReplica, instances, billed, efficiency, perf, migrated,
                need / memoryGpus, offer.accelerator().memoryGb() * problem.memoryHeadroom(), t, w, wq, k, duration,
                earliestStart, latestStart, list, compute, transfer, storageOrigin, storageDestination, migration, power,
                blockDays, block, churn, dataProvider);
        return new Sizing(option, List.copyOf(breaches));
    }

    /** R19: dataset size × the rate its provider charges to another region or provider; 0 when co-located. */
    public static double transferAmount(Transfer transfer, Job job, Offer offer) {
        return job.dataset() == null ? 0
                : transferAmount(transfer, job.dataset().sizeGb(), job.dataset().provider(), job.dataset().location(), offer);
    }

    /**
     * R19: moving {@code sizeGb} from {@code fromLocation} (billed by {@code fromProvider}, at its rates) to the offer:
     * cross-region within the provider, cross-provider across; 0 when the data is already there.
     */
    public static double transferAmount(Transfer transfer, double sizeGb, String fromProvider, String fromLocation, Offer offer) {
        if (fromLocation.equals(offer.location())) {
            return 0;
        }
        Transfer.Rates rates = transfer.ratesOf(fromProvider);
        return sizeGb * (fromProvider.equals(offer.provider()) ? rates.crossRegionPerGb() : rates.crossProviderPerGb());
    }

    /** R26: the dataset kept where it lives for the job's W hours: {@code sizeGb × price(tier, location) × W / 730}. */
    public static long storageOriginCents(Problem problem, Job job, double hours) {
        if (job.dataset() == null || !job.dataset().stored()) {
            return 0;
        }
        Dataset d = job.dataset();
        return Money.storageCents(d.sizeGb(), hours, price(problem, d.tier(), d.provider(), d.region()));
    }

    /**
     * R26: the copy kept at the offer while the job runs there, when the offer is elsewhere (as R19 moves it):
     * {@code sizeGb × price(tier, offer's provider/region) × W / 730}.
     */
    public static long storageDestinationCents(Problem problem, Job job, Offer offer, double hours) {
        if (job.dataset() == null || !job.dataset().stored() || job.dataset().location().equals(offer.location())) {
            return 0;
        }
        return Money.storageCents(job.dataset().sizeGb(), hours, price(problem, job.dataset().tier(), offer.provider(), offer.region()));
    }

    private static double price(Problem problem, StorageTier tier, String provider, String region) {
        // The reader refuses a stored dataset without a price at its location or at any offer elsewhere.
        return problem.storage().pricePerGbMonth(tier, provider, region).orElseThrow(() -> new IllegalStateException(
                "no " + tier.label() + " storage price for " + provider + "/" + region));
    }

    private static String name(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    /** A number for a message: whole numbers as they are, others to four significant digits, never in E notation. */
    static String fmt(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.valueOf((long) v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
