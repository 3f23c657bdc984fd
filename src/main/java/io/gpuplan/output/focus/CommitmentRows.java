package io.gpuplan.output.focus;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.MonthlySplit;
import io.gpuplan.rules.ReservationResult;
import io.gpuplan.sizing.Reservations;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A reservation (R18) as FOCUS models a commitment discount: per month a Purchase row that bills the month's share
 * of the reservation line (EffectiveCost 0), a Committed usage row per job it covers and an Unused row for the
 * reserved GPU-hours no job occupies (both BilledCost 0, EffectiveCost amortized). The month's cents are split
 * over jobs and idle capacity in proportion to GPU-hours (largest remainder, ties to the job first by id, idle
 * last), so the amortized rows of each month sum to its Purchase row.
 */
final class CommitmentRows {
    private static final String IDLE = "";

    private CommitmentRows() {
    }

    static String commitmentId(Offer o) {
        return "reservation/" + o.id();
    }

    /**
     * @param line    the reservation's cost line, or null when it costs nothing
     * @param covered the planned jobs on the reserved offer
     */
    static List<FocusRow> of(RowContext c, ReservationResult r, CostLine line, List<JobResult> covered) {
        List<FocusRow> rows = new ArrayList<>();
        if (r.gpus() == 0 && covered.isEmpty()) {
            return rows;
        }
        Horizon h = c.horizon();
        Periods.Span horizon = new Periods.Span(0, h.slots());
        List<JobResult> jobs = covered.stream().sorted(Comparator.comparing((JobResult j) -> j.job().id())).toList();
        Map<String, Map<YearMonth, Long>> used = new LinkedHashMap<>();
        Map<String, Map<YearMonth, Long>> consumed = new LinkedHashMap<>();
        for (JobResult j : jobs) {
            Periods.Span span = clipped(j, h);
            if (span == null) {
                continue;
            }
            Map<YearMonth, Long> gpuHours = new LinkedHashMap<>();
            span.hoursByMonth(h).forEach((m, hours) -> gpuHours.put(m, hours * j.option().billedGpus()));
            used.put(j.job().id(), gpuHours);
            consumed.put(j.job().id(), JobRows.gpuHours(c, j.option(), span));
        }
        // The same split in the offer's own currency, from its own price (R5): what the provider bills there.
        Map<YearMonth, Long> ownByMonth = line == null ? Map.of()
                : MonthlySplit.split(Reservations.horizonOwnCents(r.offer(), r.gpus(), h), h, 0, h.slots());
        horizon.hoursByMonth(h).forEach((month, hours) -> {
            long cents = line == null ? 0 : line.byMonth().getOrDefault(month, 0L);
            long bought = hours * r.gpus();
            Map<String, Long> weights = new LinkedHashMap<>();
            long usedTotal = 0;
            for (Map.Entry<String, Map<YearMonth, Long>> e : used.entrySet()) {
                long u = e.getValue().getOrDefault(month, 0L);
                if (u > 0) {
                    weights.put(e.getKey(), u);
                    usedTotal += u;
                }
            }
            long idle = Math.max(0, bought - usedTotal);
            if (idle > 0) {
                weights.put(IDLE, idle);
            }
            Map<String, Long> shares = Periods.apportion(cents, weights);
            Map<String, Long> ownShares = Periods.apportion(ownByMonth.getOrDefault(month, 0L), weights);
            // R31.1: a pool carried from the previous plan is not bought here: no Purchase rows, only its 0-cost usage.
            if (r.gpus() > 0 && !r.offer().isCarried()) {
                rows.add(purchase(c, r, month, horizon, cents, bought));
            }
            for (JobResult j : jobs) {
                Long share = shares.get(j.job().id());
                if (share != null) {
                    rows.add(used(c, r, j, month, share, ownShares.get(j.job().id()), weights.get(j.job().id()),
                            consumed.get(j.job().id()).getOrDefault(month, 0L)));
                }
            }
            if (idle > 0) {
                rows.add(unused(c, r, month, horizon, shares.get(IDLE), ownShares.get(IDLE), idle));
            }
        });
        return rows;
    }

    /** The job's occupied slots within the horizon, or null when none are. */
    private static Periods.Span clipped(JobResult j, Horizon h) {
        int from = Math.max(0, j.startSlot());
        int to = Math.min(h.slots(), j.endSlot());
        return from < to ? new Periods.Span(from, to) : null;
    }

    private static FocusRow purchase(RowContext c, ReservationResult r, YearMonth month, Periods.Span horizon,
                                     long cents, long boughtGpuHours) {
        Offer o = r.offer();
        FocusRow row = reservationRow(c, r, month, FocusRow.Line.PURCHASE, horizon);
        String past = r.pastHorizonCents() > 0 ? "; " + o.termMonths() + "-month term: " + c.currency() + " "
                + Periods.money(r.pastHorizonCents()) + " more falls after the horizon and is not in this file" : "";
        return c.cost(row, cents, 0, 0)
                .set("ChargeCategory", "Purchase").set("ChargeFrequency", "Recurring")
                .set("PricingCategory", "Standard")
                .set("ChargeDescription", "Reservation of " + r.gpus() + " x " + o.accelerator().name() + " GPUs on "
                        + o.id() + " for the horizon (R18)" + past)
                .set("PricingQuantity", boughtGpuHours).set("CommitmentDiscountQuantity", boughtGpuHours);
    }

    private static FocusRow used(RowContext c, ReservationResult r, JobResult j, YearMonth month, long cents,
                                 long ownCents, long gpuHours, long consumed) {
        Offer o = r.offer();
        FocusRow row = commitment(c, r, c.row(month, FocusRow.Group.JOB, j.job().id(), FocusRow.Line.USAGE, o.id()));
        c.period(c.job(row, j.job(), RowContext.GPU_VM), clipped(j, c.horizon()), month);
        c.cost(row, 0, cents, ownCents);
        listAtOnDemand(c, row, o, consumed);
        return row
                .set("ChargeCategory", "Usage").set("ChargeFrequency", "Usage-Based")
                .set("PricingCategory", "Committed").set("CommitmentDiscountStatus", "Used")
                .set("ChargeDescription", j.job().id() + " on " + o.id() + ": " + j.option().billedGpus() + " x "
                        + o.accelerator().name() + " GPUs covered by " + commitmentId(o) + " (R18)")
                .set("PricingQuantity", gpuHours).set("CommitmentDiscountQuantity", gpuHours)
                .set("ConsumedQuantity", Periods.quantity(consumed)).set("ConsumedUnit", RowContext.GPU_HOURS)
                .set("x_Gpus", j.option().billedGpus());
    }

    /**
     * FOCUS ListCost of covered usage: what the GPU-hours consumed would cost at the on-demand list price, so
     * ListCost − EffectiveCost is what the commitment saves. Without an on-demand twin the row keeps its own price.
     */
    private static void listAtOnDemand(RowContext c, FocusRow row, Offer reserved, long consumedTenThousandths) {
        Offer twin = c.onDemandTwin(reserved);
        if (twin == null) {
            return;
        }
        BigDecimal list = BigDecimal.valueOf(consumedTenThousandths, 4).multiply(BigDecimal.valueOf(twin.priceInBase()))
                .setScale(2, RoundingMode.HALF_UP);
        double inPricingCurrency = twin.currency().equals(reserved.currency()) ? twin.price()
                : twin.priceInBase() * c.rate(reserved.currency());
        row.set("ListCost", list.toPlainString())
                .set("ListUnitPrice", Periods.number(twin.priceInBase()))
                .set("PricingCurrencyListUnitPrice", Periods.number(inPricingCurrency));
    }

    private static FocusRow unused(RowContext c, ReservationResult r, YearMonth month, Periods.Span horizon,
                                   long cents, long ownCents, long idleGpuHours) {
        Offer o = r.offer();
        FocusRow row = reservationRow(c, r, month, FocusRow.Line.UNUSED, horizon);
        return c.cost(row, 0, cents, ownCents)
                .set("ChargeCategory", "Usage").set("ChargeFrequency", "Usage-Based")
                .set("PricingCategory", "Committed").set("CommitmentDiscountStatus", "Unused")
                .set("ChargeDescription", "Reserved GPU-hours on " + o.id() + " that no job occupies (R18)")
                .set("PricingQuantity", idleGpuHours).set("CommitmentDiscountQuantity", idleGpuHours);
    }

    /**
     * R29: the expected idle part of the commitment past the horizon, accrued in the horizon's first month. An
     * Adjustment (FOCUS 1.x: a change to cost not tied to new usage or a new purchase), not a Purchase: nothing more
     * is bought, the reservation already reported is expected to be partly wasted. Tags mark it expected and accrued.
     */
    static FocusRow stranded(RowContext c, ReservationResult r, CostLine line) {
        Offer o = r.offer();
        YearMonth month = line.byMonth().keySet().iterator().next();
        FocusRow row = reservationRow(c, r, month, FocusRow.Line.STRANDED, new Periods.Span(0, c.horizon().slots()));
        String u = io.gpuplan.output.Numbers.measure(r.expectedUse()).toPlainString();
        return c.cost(row, line.cents(), line.cents(), line.cents())
                .set("ChargeCategory", "Adjustment").set("ChargeFrequency", "One-Time")
                .set("PricingCategory", "Committed")
                .set("PricingCurrency", c.currency()).set("x_ExchangeRate", "1")
                .set("ChargeDescription", "Stranded commitment on " + o.id() + ": (1 - " + u + ") x " + r.gpus()
                        + " GPUs x " + Periods.number(r.hoursPastHorizon()) + " h past the horizon x price, expected idle"
                        + " (use after the horizon " + u + ", " + r.expectedUseBy() + "), accrued now (R29)")
                .set("PricingQuantity", Periods.quantity(Periods.tenThousandths(idleGpuHours(r))))
                .set("PricingCurrencyListUnitPrice", Periods.number(o.priceInBase()))
                .set("PricingCurrencyContractedUnitPrice", Periods.number(o.priceInBase()))
                .set("Tags", "{\"x_Accrual\":\"expected\"}")
                .set("x_Rule", "R29");
    }

    /** R29's GPU-hours: {@code (1 − u) × r × pastHours}. */
    private static double idleGpuHours(ReservationResult r) {
        return (1 - r.expectedUse()) * r.gpus() * r.hoursPastHorizon();
    }

    /** A row of the reservation itself (Purchase, Unused): the commitment is the resource. */
    private static FocusRow reservationRow(RowContext c, ReservationResult r, YearMonth month, FocusRow.Line kind,
                                           Periods.Span horizon) {
        Offer o = r.offer();
        String id = commitmentId(o);
        FocusRow row = commitment(c, r, c.row(month, FocusRow.Group.RESERVATION, id, kind, o.id()));
        return c.period(row, horizon, month)
                .set("ResourceId", id).set("ResourceName", id).set("ResourceType", "GPU Reservation")
                .set("x_Gpus", r.gpus());
    }

    /** The cells every row of a commitment has: the offer's, and which commitment it is. */
    private static FocusRow commitment(RowContext c, ReservationResult r, FocusRow row) {
        Offer o = r.offer();
        return c.offer(row, o)
                .set("CommitmentDiscountId", commitmentId(o))
                .set("CommitmentDiscountName", r.gpus() + " x " + o.accelerator().name() + " reserved on " + o.id()
                        + ", " + o.termMonths() + "-month term")
                .set("CommitmentDiscountType", "Reserved GPUs")
                .set("CommitmentDiscountCategory", "Usage")
                .set("CommitmentDiscountUnit", RowContext.GPU_HOURS)
                .set("x_Rule", "R18");
    }
}
