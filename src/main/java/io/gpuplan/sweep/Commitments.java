package io.gpuplan.sweep;

import io.gpuplan.previous.PreviousPlans;
import io.gpuplan.problem.Carried;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.PriceSource;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.Placement;
import io.gpuplan.solve.bounds.Certificate;
import io.gpuplan.rules.OwnedResult;
import io.gpuplan.rules.ReservationResult;
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
     * R32.8: the scenario with the levels fixed as the format states them, {@code committedGpus} on each committed
     * offer: the plan buys exactly these (R18, R28 on all of them, R29 from the plan's use).
     */
    public static Problem commit(Problem p, Map<String, Integer> levels) {
        List<Offer> offers = new ArrayList<>();
        for (Offer o : p.offers()) {
            Integer level = levels.get(o.id());
            offers.add(level == null || o.isCarried() ? o : withLevel(o, o.maxGpus(), level));
        }
        return p.scenario(offers, p.jobs());
    }

    /** Whether the problem fixes any committed level (R32.8): then it is solved through {@link #solveForm}. */
    public static boolean fixesAny(Problem p) {
        return p.offers().stream().anyMatch(Offer::isFixed);
    }

    /**
     * What the search solves for a problem with fixed levels: a fixed reserved level r on offer o becomes an offer
     * like R31.1's carried ones, {@code o (committed)} (priced 0, maxGpus = r, the same derivation
     * {@link PreviousPlans} uses), and o itself is withdrawn (no other reservation); a fixed owned level caps the owned
     * offer (its lead time and power stay). The pool is free to use, so the search fills it; its R18/R28 are the same whatever the plan, and
     * {@link #lift} puts them back. R29's dependence on use is not weighed while placing (it only adds to a full pool).
     */
    public static Problem solveForm(Problem p) {
        Horizon h = p.horizon();
        List<Offer> offers = new ArrayList<>();
        for (Offer o : p.offers()) {
            if (!o.isFixed()) {
                offers.add(o);
            } else if (o.committedGpus() > 0 && o.isReserved()) {
                int level = o.committedGpus();
                Carried c = new Carried(o.id(), SOURCE, level, h.start().plusMonths(o.termMonths()), o.termMonths(),
                        h.slots(), o.price(), o.currency(), o.exchangeRate());
                offers.add(PreviousPlans.carriedReservation(o, poolId(o.id()), c, source(o, level)));
            } else if (o.committedGpus() > 0) {
                offers.add(withLevel(o, o.committedGpus(), null));
            }
        }
        return p.scenario(offers, p.jobs());
    }

    /**
     * The solve form's pool of a fixed reserved offer: {@code o (committed)}, apart from R31's {@code o (carried)} of
     * the same offer when the problem continues a previous plan that reserved on it.
     */
    static String poolId(String offer) {
        return offer + " (committed)";
    }

    /**
     * The decisions of a {@link #solveForm} plan as decisions of {@code p}: jobs on {@code o (committed)} run on o, and
     * every fixed offer buys its level.
     */
    public static Decisions lift(Problem p, Decisions d) {
        Map<String, String> base = new TreeMap<>(); // o (committed) -> o
        p.offers().stream().filter(o -> o.isFixed() && o.isReserved()).forEach(o -> base.put(poolId(o.id()), o.id()));
        List<Placement> placements = d.placements().stream().map(x -> base.containsKey(x.offer())
                ? new Placement(x.job(), base.get(x.offer()), x.gpus(), x.startSlot()) : x).toList();
        Map<String, Integer> levels = new TreeMap<>(d.reservations());
        base.keySet().forEach(levels::remove);
        return new Decisions(placements, levels).withFixedLevels(p);
    }

    /**
     * A {@link #solveForm} certificate for {@code p}: the same unplanned bound (p's plans are the form's, each with its
     * fixed pools' R18 added, R29 and R28's unused cards only adding to it), the cost bound raised by the fixed reserved
     * pools' R18.
     */
    public static Certificate certificate(Problem p, Certificate c) {
        if (c == null || c.costBound() < 0) {
            return c;
        }
        long r18 = p.offers().stream().filter(o -> o.isFixed() && o.isReserved())
                .mapToLong(o -> Reservations.horizonCents(o, o.committedGpus(), p.horizon())).sum();
        return new Certificate(c.unplannedAtLeast(), c.unplannedBy(), c.costBound() + r18,
                r18 == 0 ? c.costBy() : c.costBy() + ", plus the committed GPUs' R18 (R32.8)", c.startedFrom(), c.note());
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

    /** The offer at most {@code maxGpus}, its level fixed at {@code committed} (null: free up to it). */
    private static Offer withLevel(Offer o, int maxGpus, Integer committed) {
        return new Offer(o.id(), o.provider(), o.region(), o.jurisdiction(), o.accelerator(), o.purchase(), o.price(),
                o.currency(), o.priceInBase(), o.exchangeRate(), o.gpusPerInstance(), Math.min(maxGpus, o.maxGpus()),
                o.crossNodeEfficiency(), o.interruptionsPerDay(), o.termMonths(), o.priceSource(), o.owned(),
                o.expectedUse(), o.blockDays(), o.carried(), committed);
    }

    private static PriceSource source(Offer o, int level) {
        return new PriceSource("sweep", null, null, null, null, "0 here: " + level + " GPUs committed before the horizon"
                + " by the sweep's candidate, charged R18 at " + io.gpuplan.output.Numbers.exact(o.price()).toPlainString()
                + " " + o.currency() + " per GPU-hour whether used or not (R32.2)", List.of(), List.of());
    }
}
