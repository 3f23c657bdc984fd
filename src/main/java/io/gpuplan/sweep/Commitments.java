package io.gpuplan.sweep;

import io.gpuplan.previous.PreviousPlans;
import io.gpuplan.problem.Carried;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.PriceSource;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.OwnedResult;
import io.gpuplan.rules.ReservationResult;
import io.gpuplan.sizing.OwnedGpus;
import io.gpuplan.sizing.Reservations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * R32.2: the first-stage decisions, GPUs per committed offer (reserved: R18, owned: R28), read from a plan and fixed
 * into a scenario for the second stage. Capacity blocks, on-demand and spot are second-stage recourse.
 */
public final class Commitments {
    /** Who "bought" a fixed pool, as the plan's carried section names it. */
    public static final String SOURCE = "the sweep's commitment";

    private Commitments() {
    }

    /** Every committed offer of the problem (0 when none bought) with the GPUs the plan buys on it. */
    public static TreeMap<String, Integer> of(Problem p, Evaluation e) {
        TreeMap<String, Integer> out = empty(p);
        for (ReservationResult r : e.reservations()) {
            out.computeIfPresent(r.offer().id(), (k, v) -> r.gpus());
        }
        for (OwnedResult o : e.owned()) {
            out.computeIfPresent(o.offer().id(), (k, v) -> o.gpus());
        }
        return out;
    }

    /** Every committed offer at 0 GPUs. */
    public static TreeMap<String, Integer> empty(Problem p) {
        TreeMap<String, Integer> out = new TreeMap<>();
        p.offers().stream().filter(o -> o.isCommitted() && !o.isCarried()).forEach(o -> out.put(o.id(), 0));
        return out;
    }

    /**
     * The scenario with the levels fixed: a reserved pool becomes R31.1's carried offer (priced 0, maxGpus = the
     * level, the same derivation {@link PreviousPlans} uses), so no other reservation is bought; an owned offer is
     * capped at its level (it keeps its lead time and power; {@link #cents} pays the cards not used).
     */
    public static Problem fixed(Problem p, Map<String, Integer> levels) {
        Horizon h = p.horizon();
        List<Offer> offers = new ArrayList<>();
        for (Offer o : p.offers()) {
            Integer level = levels.get(o.id());
            if (level == null || o.isCarried()) {
                offers.add(o);
            } else if (o.isReserved()) {
                if (level > 0) {
                    Carried c = new Carried(o.id(), SOURCE, level, h.start().plusMonths(o.termMonths()), o.termMonths(),
                            h.slots(), o.price(), o.currency(), o.exchangeRate());
                    offers.add(PreviousPlans.carriedReservation(o, Carried.idOf(o.id()), c, source(o, level)));
                }
            } else if (level > 0) {
                offers.add(capped(o, level));
            }
        }
        return p.scenario(offers, p.jobs());
    }

    /**
     * What a stage-2 plan of {@code fixed} costs as the rules compute it: its own cost plus, per fixed reserved pool,
     * R18 for the level and R29 from the plan's use; per owned pool R28 for the cards bought but not used.
     */
    public static long cents(Problem original, Evaluation e, Map<String, Integer> levels) {
        return e.costCents() + extraCents(original, e, levels);
    }

    private static long extraCents(Problem original, Evaluation e, Map<String, Integer> levels) {
        Horizon h = original.horizon();
        long cents = 0;
        for (FixedPool f : fixedPools(original, e, levels)) {
            Offer o = f.offer();
            if (o.isReserved()) {
                cents += Reservations.horizonCents(o, f.level(), h) + Reservations.strandedCents(o, f.level(), f.usedGpuSlots(), h);
            } else {
                int bought = e.owned().stream().filter(w -> w.offer().id().equals(o.id())).mapToInt(OwnedResult::gpus).sum();
                cents += OwnedGpus.horizonCents(o, f.level(), h) - OwnedGpus.horizonCents(o, bought, h);
            }
        }
        return cents;
    }

    /** R29 plus the idle part of the fixed pools within the horizon, in cents: what was committed and not used. */
    public static long strandedCents(Problem original, Evaluation e, Map<String, Integer> levels) {
        Horizon h = original.horizon();
        long cents = 0;
        for (FixedPool f : fixedPools(original, e, levels)) {
            Offer o = f.offer();
            double idleHours = Math.max(0, ((double) f.level() * h.slots() - f.usedGpuSlots()) * h.slotHours());
            if (o.isReserved()) {
                cents += Math.round(idleHours * o.priceInBase() * 100) + Reservations.strandedCents(o, f.level(), f.usedGpuSlots(), h);
            } else {
                cents += Math.round(OwnedGpus.horizonCents(o, f.level(), h) * idleHours / ((double) f.level() * h.hours()));
            }
        }
        return cents;
    }

    /** A committed offer of the original problem fixed at a level > 0, and the GPU-slots the plan uses on it. */
    private record FixedPool(Offer offer, int level, long usedGpuSlots) {
    }

    /** The levels above 0, each with its pool's use in the plan (a reserved pool runs as its carried offer). */
    private static List<FixedPool> fixedPools(Problem original, Evaluation e, Map<String, Integer> levels) {
        List<FixedPool> out = new ArrayList<>();
        levels.forEach((id, level) -> {
            if (level > 0) {
                Offer o = original.offer(id).orElseThrow();
                out.add(new FixedPool(o, level, usedGpuSlots(e, o.isReserved() ? Carried.idOf(id) : id)));
            }
        });
        return out;
    }

    /** Stage 1: R29 plus the idle part of the pools the plan bought. */
    public static long strandedCents(Evaluation e) {
        long cents = 0;
        for (ReservationResult r : e.reservations()) {
            cents += Math.round(Math.max(0, r.boughtGpuHours() - r.usedGpuHours()) * r.offer().priceInBase() * 100) + r.strandedCents();
        }
        for (OwnedResult o : e.owned()) {
            if (o.boughtGpuHours() > 0) {
                long pool = o.depreciationCents() + o.operationsCents();
                cents += Math.round(pool * Math.max(0, o.boughtGpuHours() - o.usedGpuHours()) / o.boughtGpuHours());
            }
        }
        return cents;
    }

    private static long usedGpuSlots(Evaluation e, String offerId) {
        int[] used = e.usage().get(offerId);
        long sum = 0;
        if (used != null) {
            for (int u : used) {
                sum += u;
            }
        }
        return sum;
    }

    private static Offer capped(Offer o, int level) {
        return new Offer(o.id(), o.provider(), o.region(), o.jurisdiction(), o.accelerator(), o.purchase(), o.price(),
                o.currency(), o.priceInBase(), o.exchangeRate(), o.gpusPerInstance(), Math.min(level, o.maxGpus()),
                o.crossNodeEfficiency(), o.interruptionsPerDay(), o.termMonths(), o.priceSource(), o.owned(),
                o.expectedUse(), o.blockDays(), o.carried());
    }

    private static PriceSource source(Offer o, int level) {
        return new PriceSource("sweep", null, null, null, null, "0 here: " + level + " GPUs committed before the horizon"
                + " by the sweep's candidate, charged R18 at " + io.gpuplan.output.Numbers.exact(o.price()).toPlainString()
                + " " + o.currency() + " per GPU-hour whether used or not (R32.2)", List.of(), List.of());
    }
}
