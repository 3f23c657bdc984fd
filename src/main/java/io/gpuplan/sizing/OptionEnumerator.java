package io.gpuplan.sizing;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.Work;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/** Lists each job's eligible options: every offer × every GPU count worth considering, sized by {@link OptionSizer}. */
public final class OptionEnumerator {
    private OptionEnumerator() {
    }

    /** Every job's options, in the problem's job order (sized in parallel: jobs do not depend on each other). */
    public static List<JobOptions> enumerate(Problem problem) {
        return enumerate(problem, () -> false);
    }

    /**
     * Every job's options, unless {@code stop} says to stop first (checked at every GPU count sized).
     *
     * @throws SizingStopped when stopped: some job has not all its options, so none is returned
     */
    public static List<JobOptions> enumerate(Problem problem, BooleanSupplier stop) {
        AtomicInteger done = new AtomicInteger();
        return problem.jobs().parallelStream().map(job -> {
            JobOptions jo = enumerate(problem, job, stop);
            if (jo == null) {
                throw new SizingStopped(done.get(), problem.jobs().size());
            }
            done.incrementAndGet();
            return jo;
        }).toList();
    }

    public static JobOptions enumerate(Problem problem, Job job) {
        return enumerate(problem, job, () -> false);
    }

    /** A job's options, or null when {@code stop} said to stop before they were all sized. */
    private static JobOptions enumerate(Problem problem, Job job, BooleanSupplier stop) {
        List<Option> options = new ArrayList<>();
        List<JobOptions.Exclusion> exclusions = new ArrayList<>();
        int dominated = 0;
        int sized = 0;
        for (Offer offer : problem.offers()) {
            List<Breach> offerBreaches = OptionSizer.offerBreaches(job, offer);
            if (!offerBreaches.isEmpty()) {
                offerBreaches.forEach(b -> exclusions.add(new JobOptions.Exclusion(offer, 0, b)));
                continue;
            }
            List<Option> onOffer = new ArrayList<>();
            Map<Rule, JobOptions.Exclusion> closestPerRule = new LinkedHashMap<>();
            List<Integer> counts = gpuCounts(job, offer);
            if (counts.isEmpty()) {
                // Even the job's fewest GPUs bill more than the offer has (R21): sized once, for the reason.
                OptionSizer.Sizing s = OptionSizer.size(problem, job, offer, fewestGpus(job));
                sized++;
                s.breaches().forEach(b -> closestPerRule.putIfAbsent(b.rule(), new JobOptions.Exclusion(offer, fewestGpus(job), b)));
            }
            int fits = job.isServing() ? 0
                    : Memory.minGpus(Memory.needGb(job), offer.accelerator().memoryGb(), problem.memoryHeadroom());
            int at = 0;
            while (at < counts.size()) {
                if (stop.getAsBoolean()) {
                    return null;
                }
                int g = counts.get(at);
                if (at + 1 < counts.size() && counts.get(at + 1) < fits) {
                    at++;
                    continue; // R8: too few GPUs for the memory; only the largest such count is sized, for the reason
                }
                OptionSizer.Sizing s = OptionSizer.size(problem, job, offer, g);
                sized++;
                if (s.eligible()) {
                    onOffer.add(s.option());
                    if (!job.isServing() && s.option().durationSlots() == 1) {
                        // More GPUs cannot shorten it further and never cost less (R6, R9, R10): all dominated.
                        dominated += counts.size() - at - 1;
                        break;
                    }
                } else {
                    boolean noMore = false;
                    for (Breach b : s.breaches()) {
                        // R10: lambda grows with the instances, so more GPUs are interrupted still more often.
                        noMore |= b.rule() == Rule.R21 || b.rule() == Rule.R10;
                        // Keep the GPU count closest to being eligible: the most GPUs for time and memory, the
                        // fewest for capacity and spot interruptions (which grow with the instances).
                        boolean fewestIsClosest = b.rule() == Rule.R10 || b.rule() == Rule.R21;
                        if (fewestIsClosest) {
                            closestPerRule.putIfAbsent(b.rule(), new JobOptions.Exclusion(offer, g, b));
                        } else {
                            int needed = b.rule() == Rule.R2 ? neededGpus(s, problem.horizon().slotHours()) : 0;
                            closestPerRule.put(b.rule(), new JobOptions.Exclusion(offer, g, b, needed));
                        }
                    }
                    if (noMore) {
                        break;
                    }
                }
                int next = nextWorthSizing(counts, at, s, problem.horizon().slotHours());
                if (s.eligible()) {
                    dominated += next - at - 1;
                }
                at = next;
            }
            List<Option> kept = withoutDominated(onOffer);
            dominated += onOffer.size() - kept.size();
            options.addAll(kept);
            if (onOffer.isEmpty()) {
                exclusions.addAll(closestPerRule.values());
            }
        }
        return new JobOptions(job, options, exclusions, dominated, sized);
    }

    /**
     * The index of the next count worth sizing after {@code counts[at]}. On several instances of an on-demand or
     * reserved offer the hours are inversely proportional to the GPUs (R9: fixed cross-node efficiency) and the cost
     * of filled instances does not change (R6): a count of the same duration in slots is no better than this one.
     * So the next count tried is the first one that could be a slot shorter, or, while the job does not fit its window
     * (R2), the first one that could fit it. Spot (interruptions grow with the instances, R10) and serving (a fixed
     * window) are sized count by count.
     */
    static int nextWorthSizing(List<Integer> counts, int at, OptionSizer.Sizing s, double slotHours) {
        Option o = s.option();
        boolean onlyTime = true;
        for (Breach b : s.breaches()) { // a loop, not a stream: this runs for every count sized
            onlyTime &= b.rule() == Rule.R2;
        }
        if (o == null || !onlyTime || o.offer().isSpot() || o.job().isServing() || o.instances() < 2) {
            return at + 1;
        }
        int window = o.latestStart() + o.durationSlots() - o.earliestStart();
        int slots = s.eligible() ? o.durationSlots() - 1 : window;
        if (slots < 1) {
            return Math.max(at + 1, counts.size() - 1); // never fits: the largest count gives the reason
        }
        // t(g') = t(g) · g / g'; a little below the exact count, so rounding never skips the one that is shorter.
        double target = o.computeHours() * o.gpus() / (slots * slotHours) * (1 - 1e-9);
        int lo = at + 1;
        int hi = counts.size() - 1;
        if (lo > hi || counts.get(hi) < target) {
            return s.eligible() ? counts.size() : Math.max(lo, hi); // none shorter; or the largest, for the reason
        }
        while (lo < hi) { // the first count at or above the target
            int mid = (lo + hi) >>> 1;
            if (counts.get(mid) >= target) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /**
     * The fewest GPUs that would fit a job too slow for its window (R2) on this offer, whatever its cap and the job's
     * range: t(g) = GPU-hours / (g × efficiency), efficiency 1 on one instance (R9). 0 when not known: spot (the
     * interruptions change with the instances), serving, another rule broken, or a window of no slots.
     */
    static int neededGpus(OptionSizer.Sizing s, double slotHours) {
        Option o = s.option();
        if (o == null || o.offer().isSpot() || o.job().isServing() || s.breaches().stream().anyMatch(b -> b.rule() != Rule.R2)) {
            return 0;
        }
        int window = o.latestStart() + o.durationSlots() - o.earliestStart();
        if (window < 1) {
            return 0;
        }
        double gpuHours = o.computeHours() * o.gpus() * o.efficiency(); // at efficiency 1
        double hours = window * slotHours;
        int per = o.offer().gpusPerInstance();
        double onOne = Math.ceil(gpuHours / hours - 1e-9);
        if (onOne <= per) {
            return (int) Math.max(1, onOne);
        }
        double several = Math.ceil(gpuHours / (o.offer().crossNodeEfficiency() * hours) - 1e-9);
        return several > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) Math.max(per + 1, several);
    }

    /** The fewest GPUs a job can run on: its minimum, or one per replica. */
    private static int fewestGpus(Job job) {
        return job.work() instanceof Work.Serving s ? s.replicas() : job.gpus().min();
    }

    /**
     * GPU counts worth trying on an offer. Billing is by whole instances (R6) and capacity counts billed GPUs (R21),
     * so a count that leaves part of an instance idle is never better than filling that instance: only
     * {@code min(n × gpusPerInstance, max)} for each instance count n is tried. Serving: replicas × 1..maxGpusPerReplica.
     * Counts that bill more GPUs than the offer has (R21) cannot be options and are not listed: the work is bounded by
     * the offer's capacity, not by the job's range.
     */
    public static List<Integer> gpuCounts(Job job, Offer offer) {
        List<Integer> out = new ArrayList<>();
        int per = offer.gpusPerInstance();
        if (job.work() instanceof Work.Serving s) {
            int maxPerReplica = s.maxGpusPerReplica() != null ? s.maxGpusPerReplica() : per;
            for (int p = 1; p <= maxPerReplica; p++) {
                if (Billing.billedGpus(s.replicas() * p, per) > offer.maxGpus()) {
                    break;
                }
                out.add(s.replicas() * p);
            }
            return out;
        }
        int min = job.gpus().min();
        int max = job.gpus().max();
        int fromInstances = Billing.instances(min, per);
        int toInstances = Math.min(Billing.instances(max, per), offer.maxGpus() / per);
        for (int n = fromInstances; n <= toInstances; n++) {
            int g = Math.min(n * per, max);
            if (g >= min && (out.isEmpty() || out.get(out.size() - 1) != g)) {
                out.add(g);
            }
        }
        return out;
    }

    /**
     * Drops options that another option on the same offer beats or equals in every respect that matters: no more billed
     * GPUs, no more slots, no higher cost (nor R24 bound cost), no later earliest start and no earlier latest start
     * (R31.2 pins a staying option to slot 0). Any plan using the dropped one stays feasible
     * and gets no dearer with the other in its place, so no optimum is lost.
     */
    static List<Option> withoutDominated(List<Option> options) {
        // In this order a dominating option always comes before the ones it dominates, and an option dominated by a
        // dropped one is also dominated by whatever dropped that one: so comparing with the kept front suffices.
        List<Option> sorted = new ArrayList<>(options);
        sorted.sort(java.util.Comparator.comparingInt(Option::billedGpus).thenComparingInt(Option::durationSlots)
                .thenComparingLong(Option::totalCents).thenComparingLong(Option::boundCents)
                .thenComparingInt(Option::earliestStart).thenComparingInt(Option::gpus));
        List<Option> kept = new ArrayList<>();
        for (Option b : sorted) {
            boolean dominated = false;
            for (Option a : kept) {
                if (a.billedGpus() <= b.billedGpus() && a.durationSlots() <= b.durationSlots()
                        && a.totalCents() <= b.totalCents() && a.boundCents() <= b.boundCents()
                        && a.earliestStart() <= b.earliestStart() && a.latestStart() >= b.latestStart()) {
                    dominated = true;
                    break;
                }
            }
            if (!dominated) {
                kept.add(b);
            }
        }
        Map<Option, Integer> position = new java.util.IdentityHashMap<>();
        for (int i = 0; i < options.size(); i++) {
            position.put(options.get(i), i);
        }
        kept.sort(java.util.Comparator.comparingInt(position::get)); // back in the order they were sized
        return kept;
    }
}
