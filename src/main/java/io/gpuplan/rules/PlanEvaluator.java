package io.gpuplan.rules;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.Breach;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionSizer;
import io.gpuplan.sizing.OwnedGpus;
import io.gpuplan.sizing.Penalties;
import io.gpuplan.sizing.Reservations;
import io.gpuplan.sizing.Rule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks a plan against every rule with plain loops (no constraint streams, no solver) and prices it. The plan
 * writer, {@code verify} and the explanations all read their numbers from here.
 */
public final class PlanEvaluator {
    private PlanEvaluator() {
    }

    public static Evaluation evaluate(Problem problem, Decisions decisions) {
        Horizon h = problem.horizon();
        Map<String, Placement> placements = new LinkedHashMap<>();
        decisions.placements().forEach(p -> placements.put(p.job(), p));
        List<JobResult> jobs = new ArrayList<>();
        List<Violation> violations = new ArrayList<>();
        List<CostLine> lines = new ArrayList<>();
        Map<String, int[]> usage = new LinkedHashMap<>();
        problem.offers().forEach(o -> usage.put(o.id(), new int[h.slots()]));
        long unplannedPriority = 0;

        for (Job job : problem.jobs()) {
            Placement p = placements.get(job.id());
            if (p == null) {
                unplannedPriority += job.priority();
                jobs.add(new JobResult(job, null, null, null, List.of()));
                continue;
            }
            Offer offer = problem.offer(p.offer()).orElse(null);
            if (offer == null) {
                violations.add(new Violation(Rule.R15, job.id(), 1, "offer \"" + p.offer() + "\" is not in the problem"));
                jobs.add(new JobResult(job, p, null, null, List.of()));
                continue;
            }
            OptionSizer.Sizing sizing = OptionSizer.size(problem, job, offer, p.gpus());
            Option option = sizing.option();
            List<Breach> breaches = new ArrayList<>();
            boolean memoryCounted = false;
            for (Breach b : sizing.breaches()) {
                // R2 is judged on the actual start below; R21 on the summed usage per slot.
                if (b.rule() == Rule.R2 || b.rule() == Rule.R21) {
                    continue;
                }
                breaches.add(b);
                if (b.rule() == Rule.R8) {
                    // One R8 violation per job, weighted like the constraint (memory excess + replica size).
                    if (!memoryCounted) {
                        violations.add(new Violation(Rule.R8, job.id(), option == null ? 1 : Penalties.memoryFit(option), b.reason()));
                        memoryCounted = true;
                    }
                } else {
                    violations.add(new Violation(b.rule(), job.id(), 1, b.reason()));
                }
            }
            jobs.add(new JobResult(job, p, offer, option, List.copyOf(breaches)));
            if (option == null) {
                continue;
            }
            int outside = Penalties.slotsOutsideWindow(option, p.startSlot());
            if (outside > 0) {
                violations.add(new Violation(Rule.R2, job.id(), outside, "starts in slot " + p.startSlot()
                        + ", allowed " + option.earliestStart() + ".." + option.latestStart()
                        + " (" + option.durationSlots() + " slots before the deadline " + job.deadline() + ")"));
            }
            int[] used = usage.get(offer.id());
            for (int s = Math.max(0, p.startSlot()); s < Math.min(h.slots(), p.startSlot() + option.durationSlots()); s++) {
                used[s] += option.billedGpus();
            }
            addJobLines(problem, job, offer, option, p.startSlot(), lines);
        }

        List<ReservationResult> reservations = new ArrayList<>();
        List<OwnedResult> owned = new ArrayList<>();
        for (Offer offer : problem.offers()) {
            int[] used = usage.get(offer.id());
            if (offer.isOwned()) {
                OwnedResult r = owned(problem, offer, decisions.reservations().getOrDefault(offer.id(), 0), used,
                        powerOn(lines, offer), violations);
                owned.add(r);
                addOwnedLines(h, offer, r, lines);
            }
            if (offer.isReserved()) {
                ReservationResult r = reservation(problem, offer, decisions.reservations().getOrDefault(offer.id(), 0),
                        used, violations);
                reservations.add(r);
                if (r.horizonCents() > 0) {
                    lines.add(new CostLine(CostLine.Kind.RESERVATION, offer.id(), offer.id(), offer.provider(),
                            offer.purchase().label(), offer.accelerator().name(), r.horizonCents(),
                            MonthlySplit.split(r.horizonCents(), h, 0, h.slots())));
                }
                // R29: accrued when the commitment is made (an onerous contract's expected loss), so in the first month.
                if (r.strandedCents() > 0) {
                    lines.add(new CostLine(CostLine.Kind.STRANDED, offer.id(), offer.id(), offer.provider(),
                            offer.purchase().label(), offer.accelerator().name(), r.strandedCents(), oneTime(r.strandedCents(), h, 0)));
                }
            }
            int cap = offer.gpuLimit(decisions.reservations().getOrDefault(offer.id(), 0));
            for (int s = 0; s < used.length; s++) {
                if (used[s] > cap) {
                    violations.add(new Violation(Rule.R21, offer.id(), used[s] - cap, used[s] + " GPUs in use in slot "
                            + s + " (" + h.slotStart(s).toLocalDate() + "), " + (offer.isReserved() ? "reserved "
                            : offer.isOwned() ? "owned " : "capacity ") + cap));
                }
            }
        }
        for (String id : decisions.reservations().keySet()) {
            if (problem.offer(id).map(o -> !o.isCommitted()).orElse(true)) {
                violations.add(new Violation(Rule.R18, id, 1, "\"" + id + "\" is not a reserved or owned offer of the problem"));
            }
        }
        addOverheadLines(problem, jobs, lines, violations);
        checkBudget(problem, lines, violations);
        long hard = violations.stream().mapToLong(Violation::amount).sum();
        long cost = lines.stream().mapToLong(CostLine::cents).sum();
        return new Evaluation(problem, List.copyOf(jobs), List.copyOf(reservations), List.copyOf(owned), usage, List.copyOf(violations),
                List.copyOf(lines), hard, unplannedPriority, cost);
    }

    private static void addJobLines(Problem problem, Job job, Offer offer, Option option, int start, List<CostLine> lines) {
        Horizon h = problem.horizon();
        String acc = offer.accelerator().name();
        if (option.computeCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.COMPUTE, job.id(), offer.id(), offer.provider(), offer.purchase().label(),
                    acc, option.computeCents(), MonthlySplit.split(option.computeCents(), h, start, start + option.durationSlots())));
        }
        if (option.powerCents() > 0) { // R28: billed by the offer's provider, as the cards' other lines
            lines.add(new CostLine(CostLine.Kind.POWER, job.id(), offer.id(), offer.provider(), offer.purchase().label(),
                    acc, option.powerCents(), MonthlySplit.split(option.powerCents(), h, start, start + option.durationSlots())));
        }
        // R30: the block is paid upfront, so all of it falls in the month it (and the job) starts.
        if (option.blockCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.BLOCK, job.id(), offer.id(), offer.provider(), offer.purchase().label(),
                    acc, option.blockCents(), oneTime(option.blockCents(), h, start)));
        }
        // R26: each copy of the dataset is kept while the job runs, so its cost is spread like compute.
        if (option.storageOriginCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.STORAGE, job.id(), offer.id(), job.dataset().provider(), null, acc,
                    option.storageOriginCents(), MonthlySplit.split(option.storageOriginCents(), h, start, start + option.durationSlots())));
        }
        if (option.storageDestinationCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.STORAGE_COPY, job.id(), offer.id(), offer.provider(), null, acc,
                    option.storageDestinationCents(), MonthlySplit.split(option.storageDestinationCents(), h, start, start + option.durationSlots())));
        }
        // One-time charges fall in the month the job starts.
        if (option.transferCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.TRANSFER, job.id(), offer.id(), option.dataProvider(), null, acc,
                    option.transferCents(), oneTime(option.transferCents(), h, start)));
        }
        if (option.migrationCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.MIGRATION, job.id(), offer.id(), null, null, acc,
                    option.migrationCents(), oneTime(option.migrationCents(), h, start)));
        }
        // R31.2: the team's work of moving a running job, billed by no provider (like migration), when it starts.
        if (option.churnCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.CHURN, job.id(), offer.id(), null, null, acc,
                    option.churnCents(), oneTime(option.churnCents(), h, start)));
        }
    }

    /** A one-time charge, all in the month the job starts (even when a weekly slot straddles two months). */
    private static Map<java.time.YearMonth, Long> oneTime(long cents, Horizon h, int start) {
        return Map.of(java.time.YearMonth.from(h.slotStart(start)), cents);
    }

    /**
     * A committed pool's level as the plan states it and its jobs' use: GPUs bought (a multiple of the sale unit within
     * maxGpus, else {@code rule} breaks), the peak in use at once and the GPU-slots used.
     */
    private record PoolUse(int bought, int peak, long usedSlotGpus) {
        static PoolUse of(Offer offer, int gpus, int[] used, Rule rule, String verb, List<Violation> violations) {
            if (gpus < 0 || gpus % offer.gpusPerInstance() != 0 || gpus > offer.maxGpus()) {
                violations.add(new Violation(rule, offer.id(), 1, gpus + " GPUs " + verb + "; must be a multiple of "
                        + offer.gpusPerInstance() + " from 0 to " + (offer.isCapped() ? offer.maxGpus() : "any")));
            }
            if (offer.isFixed() && gpus != offer.committedGpus()) { // R32.8: the level was fixed before the horizon
                violations.add(new Violation(rule, offer.id(), 1, gpus + " GPUs " + verb + "; committedGpus fixes "
                        + offer.committedGpus() + " (R32.8)"));
            }
            int peak = 0;
            long usedSlotGpus = 0;
            for (int u : used) {
                peak = Math.max(peak, u);
                usedSlotGpus += u;
            }
            return new PoolUse(Math.max(0, gpus), peak, usedSlotGpus);
        }
    }

    private static ReservationResult reservation(Problem problem, Offer offer, int gpus, int[] used, List<Violation> violations) {
        Horizon h = problem.horizon();
        PoolUse use = PoolUse.of(offer, gpus, used, Rule.R18, "reserved", violations);
        int bought = use.bought();
        long usedSlotGpus = use.usedSlotGpus();
        return new ReservationResult(offer, bought, use.peak(), (double) usedSlotGpus * h.slotHours(), bought * h.hours(),
                Reservations.horizonCents(offer, bought, h), Reservations.hoursPastHorizon(offer, h),
                Reservations.pastHorizonCents(offer, bought, h), Reservations.expectedUse(offer, bought, usedSlotGpus, h),
                offer.expectedUse() == null ? ReservationResult.DEFAULT_USE : offer.expectedUse().statedIn(),
                Reservations.strandedCents(offer, bought, usedSlotGpus, h));
    }

    /** R28: the owned pool's power, the sum of its jobs' power lines (already added). */
    private static long powerOn(List<CostLine> lines, Offer offer) {
        return lines.stream().filter(l -> l.kind() == CostLine.Kind.POWER && l.offer().equals(offer.id()))
                .mapToLong(CostLine::cents).sum();
    }

    /** R28: bought cards are charged depreciation and operations for the whole horizon, used or not, as two lines. */
    private static void addOwnedLines(Horizon h, Offer offer, OwnedResult r, List<CostLine> lines) {
        String acc = offer.accelerator().name();
        if (r.depreciationCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.DEPRECIATION, offer.id(), offer.id(), offer.provider(), offer.purchase().label(),
                    acc, r.depreciationCents(), MonthlySplit.split(r.depreciationCents(), h, 0, h.slots())));
        }
        if (r.operationsCents() > 0) {
            lines.add(new CostLine(CostLine.Kind.OPERATIONS, offer.id(), offer.id(), offer.provider(), offer.purchase().label(),
                    acc, r.operationsCents(), MonthlySplit.split(r.operationsCents(), h, 0, h.slots())));
        }
    }

    private static OwnedResult owned(Problem problem, Offer offer, int gpus, int[] used, long powerCents,
                                     List<Violation> violations) {
        Horizon h = problem.horizon();
        PoolUse use = PoolUse.of(offer, gpus, used, Rule.R28, "bought", violations);
        int bought = use.bought();
        return new OwnedResult(offer, bought, use.peak(), (double) use.usedSlotGpus() * h.slotHours(), bought * h.hours(),
                OwnedGpus.outlayCents(offer, bought), OwnedGpus.depreciationCents(offer, bought, h),
                OwnedGpus.operationsCents(offer, bought, h), powerCents, OwnedGpus.firstSlot(offer, h));
    }

    /**
     * R27: the providers the plan opens (a job placed on one of their offers, or a reservation line), each charged
     * its fixed cost (internal, in the horizon's first month) and its support, max(rate × what it bills before
     * support, minimum × horizon hours / 730), billed by it and spread over the horizon's months; more opened
     * providers than maxProviders break R27, one per provider over.
     */
    private static void addOverheadLines(Problem problem, List<JobResult> jobs, List<CostLine> lines, List<Violation> violations) {
        java.util.SortedSet<String> opened = opened(jobs, lines);
        Map<String, Long> spend = new TreeMap<>();
        // Every line the provider bills, R29's accrued stranded part included (its commitment is billed by it too).
        lines.stream().filter(l -> l.provider() != null).forEach(l -> spend.merge(l.provider(), l.cents(), Long::sum));
        Horizon h = problem.horizon();
        for (String provider : opened) {
            io.gpuplan.problem.ProviderOverhead o = problem.overheads().byProvider().get(provider);
            if (o == null) {
                continue;
            }
            long fixed = o.fixedCents();
            if (fixed > 0) {
                lines.add(new CostLine(CostLine.Kind.PROVIDER_FIXED, provider, null, null, null, null, fixed,
                        Map.of(java.time.YearMonth.from(h.slotStart(0)), fixed)));
            }
            long support = io.gpuplan.problem.ProviderOverhead.supportCents(o.supportRate(), o.supportMinimumCents(h),
                    spend.getOrDefault(provider, 0L));
            if (support > 0) {
                lines.add(new CostLine(CostLine.Kind.SUPPORT, provider, null, provider, null, null, support,
                        MonthlySplit.split(support, h, 0, h.slots())));
            }
        }
        Integer max = problem.overheads().maxProviders();
        if (max != null && opened.size() > max) {
            violations.add(new Violation(Rule.R27, "maxProviders", opened.size() - max, "opens " + opened.size()
                    + " providers (" + String.join(", ", opened) + "), at most " + max));
        }
    }

    /** R27: the providers a plan opens: a job on one of their offers, or a reservation (egress alone opens none). */
    static java.util.SortedSet<String> opened(List<JobResult> jobs, List<CostLine> lines) {
        java.util.SortedSet<String> opened = new java.util.TreeSet<>();
        jobs.stream().filter(j -> j.option() != null).forEach(j -> opened.add(j.offer().provider()));
        lines.stream().filter(l -> l.kind() == CostLine.Kind.RESERVATION).forEach(l -> opened.add(l.provider()));
        return opened;
    }

    /** R22: the total cap counts every line; a provider's cap counts the lines that provider bills. */
    private static void checkBudget(Problem problem, List<CostLine> lines, List<Violation> violations) {
        long total = lines.stream().mapToLong(CostLine::cents).sum();
        if (problem.budget().total() != null) {
            long cap = Money.cents(problem.budget().total());
            if (total > cap) {
                violations.add(new Violation(Rule.R22, "budget", Penalties.budgetExcessUnits(total, cap),
                        "plan costs " + Money.format(total) + ", budget " + Money.format(cap)));
            }
        }
        Map<String, Long> byProvider = new TreeMap<>();
        lines.stream().filter(l -> l.provider() != null).forEach(l -> byProvider.merge(l.provider(), l.cents(), Long::sum));
        for (Map.Entry<String, Double> e : new TreeMap<>(problem.budget().byProvider()).entrySet()) {
            long cap = Money.cents(e.getValue());
            long spent = byProvider.getOrDefault(e.getKey(), 0L);
            if (spent > cap) {
                violations.add(new Violation(Rule.R22, "budget." + e.getKey(), Penalties.budgetExcessUnits(spent, cap),
                        e.getKey() + " bills " + Money.format(spent) + ", cap " + Money.format(cap)));
            }
        }
    }
}
