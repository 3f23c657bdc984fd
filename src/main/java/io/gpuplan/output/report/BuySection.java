package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocument.Assignment;
import io.gpuplan.output.PlanDocument.Reservation;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Plural;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * What to buy: reservations with their commitment past the quarter (R18), owned cards with their payback (R28), and
 * the capacity to secure elsewhere.
 */
final class BuySection {
    private BuySection() {
    }

    static Section build(ReportInput in) {
        String cur = in.currency();
        var s = Section.builder("buy", "What to buy");
        List<Reservation> rs = in.reservations();
        int gpus = rs.stream().mapToInt(Reservation::gpus).sum();
        BigDecimal past = rs.stream().map(Reservation::commitmentPastHorizon).filter(v -> v != null)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        boolean blocks = in.plan().blocks() != null && !in.plan().blocks().isEmpty();
        s.paragraph(rs.isEmpty() ? "No reservation: every job runs on on-demand or spot capacity"
                + (blocks ? ", or in a capacity block." : ".")
                : "Reserve " + Plural.count(gpus, "GPU", "GPUs") + " on " + Plural.count(rs.size(), "offer", "offers")
                + " for the whole horizon (R18). The terms run past " + in.horizon().end() + ": a further "
                + cur + " " + Fmt.money(past) + " is committed beyond this plan" + stranded(rs, cur) + ".");
        var t = Table.builder("Reservations to buy", "reservation").text("offer", "provider", "accelerator")
                .num("GPUs bought", "peak in use", "price per GPU-hour", "cost in horizon (" + cur + ")", "utilization",
                        "term (months)", "commitment past horizon (" + cur + ")", "expected use after horizon",
                        "stranded commitment (" + cur + ")")
                .empty("No reservation.");
        for (Reservation r : rs) {
            t.row(Table.data("offer", r.offer(), "gpus", Integer.toString(r.gpus())), r.offer(),
                    r.provider() + " " + r.region(), r.accelerator(), Integer.toString(r.gpus()),
                    Integer.toString(r.peakGpus()), Fmt.exact(r.pricePerGpuHour()) + " " + r.priceCurrency(),
                    Fmt.money(r.horizonCost()), Fmt.fraction(r.utilization()), Integer.toString(r.termMonths()),
                    Fmt.money(r.commitmentPastHorizon()) + " (" + Fmt.measure(r.hoursPastHorizon()) + " h)",
                    r.expectedUseAfterHorizon() == null ? "—" : Fmt.fraction(r.expectedUseAfterHorizon())
                            + (io.gpuplan.rules.ReservationResult.DEFAULT_USE.equals(r.expectedUseBy()) ? " (utilization)" : " (stated)"),
                    r.strandedCommitment() == null ? "—" : Fmt.money(r.strandedCommitment()));
        }
        s.table(t.build());
        if (in.plan().owned() != null) {
            owned(in, s);
        }
        if (in.plan().blocks() != null) {
            blocks(in, s);
        }
        s.table(capacity(in));
        s.note("Peak GPUs in use at once per on-demand and spot offer: the quota or capacity to secure with each "
                + "provider (R21). Utilization of a reservation = GPU-hours its jobs occupy / GPU-hours bought."
                + (rs.isEmpty() ? "" : " Stranded commitment (R29) = (1 − expected use after the horizon) × GPUs bought"
                + " × hours past the horizon × price: the part of the obligation expected to stand idle, in plan cost"
                + " and the budgets (accrued now); the whole obligation past the horizon is reported beside it, not in"
                + " plan cost. Expected use is the problem's (expectedUseAfterHorizon), else the utilization within the"
                + " horizon."));
        return s.build();
    }

    /** R28: the owned cards to buy, what the horizon carries of them, and their payback against renting. */
    private static void owned(ReportInput in, Section.Builder s) {
        String cur = in.currency();
        List<PlanDocument.Owned> bought = in.plan().owned().stream().filter(o -> o.gpus() > 0).toList();
        int gpus = bought.stream().mapToInt(PlanDocument.Owned::gpus).sum();
        BigDecimal outlay = bought.stream().map(PlanDocument.Owned::capitalOutlay).reduce(BigDecimal.ZERO, BigDecimal::add);
        s.paragraph(bought.isEmpty() ? "No owned cards: renting is cheaper for this plan's jobs than buying (R28)."
                : "Buy " + Plural.count(gpus, "card", "cards") + " outright for " + cur + " " + Fmt.money(outlay)
                + " (R28; a one-time purchase, not plan cost): the horizon carries their depreciation and operations"
                + " for every hour, used or not, and the power their jobs draw.");
        var t = Table.builder("Owned cards to buy", "owned").text("offer", "provider", "accelerator")
                .num("GPUs bought", "peak in use", "capital outlay (" + cur + ")", "depreciation (" + cur + ")",
                        "operations (" + cur + ")", "power (" + cur + ")", "cost in horizon (" + cur + ")", "utilization")
                .text("runs from", "payback against renting")
                .empty("No owned cards.");
        for (PlanDocument.Owned o : bought) {
            var result = in.evaluation().owned().stream().filter(r -> r.offer().id().equals(o.offer())).findFirst();
            String payback = result.map(r -> OwnedPayback.of(in.problem(), in.evaluation(), r).text()).orElse("—");
            t.row(Table.data("offer", o.offer(), "gpus", Integer.toString(o.gpus())), o.offer(),
                    o.provider() + " " + o.region(), o.accelerator(), Integer.toString(o.gpus()),
                    Integer.toString(o.peakGpus()), Fmt.money(o.capitalOutlay()), Fmt.money(o.depreciation()),
                    Fmt.money(o.operations()), Fmt.money(o.power()), Fmt.money(o.horizonCost()),
                    Fmt.fraction(o.utilization()), o.runsFrom(), payback);
        }
        s.table(t.build());
        s.note("Payback = capital outlay / (monthly rent avoided − monthly running cost): rent avoided prices the"
                + " GPU-hours the owned cards' jobs are billed (billed GPUs × W) at the cheapest on-demand or reserved"
                + " offer of the same accelerator in the problem; running cost is operations + power; monthly = horizon"
                + " amount × 730 / horizon hours. \"Never pays back\" when renting costs no more than running the cards."
                + " Depreciation = GPUs × purchasePrice / depreciationMonths × horizon hours / 730.");
    }

    /** R30: each capacity block to buy, when it starts and ends, and what it costs upfront. */
    private static void blocks(ReportInput in, Section.Builder s) {
        String cur = in.currency();
        List<PlanDocument.BlockPurchase> bs = in.plan().blocks();
        if (bs.isEmpty()) {
            s.paragraph("No capacity block: no job is cheaper in a block than elsewhere (R30).");
        }
        for (PlanDocument.BlockPurchase b : bs) {
            s.paragraph("Buy a capacity block of " + Plural.count(b.gpus(), "GPU", "GPUs") + " on " + b.offer() + " from "
                    + b.start() + " to " + b.end() + " (" + Plural.count(b.days(), "day", "days") + "): " + cur + " "
                    + Fmt.money(b.cost()) + ", paid upfront, for " + b.job() + " (R30).");
        }
        var t = Table.builder("Capacity blocks to buy", "block").text("job", "offer", "provider", "accelerator")
                .num("GPUs", "days").text("starts", "ends").num("hours", "price per GPU-hour", "cost (" + cur + ")")
                .empty("No capacity block.");
        for (PlanDocument.BlockPurchase b : bs) {
            t.row(Table.data("offer", b.offer(), "job", b.job()), b.job(), b.offer(), b.provider() + " " + b.region(),
                    b.accelerator(), Integer.toString(b.gpus()), Integer.toString(b.days()), b.start(), b.end(),
                    Fmt.measure(b.hours()), Fmt.exact(b.pricePerGpuHour()) + " " + b.priceCurrency(), Fmt.money(b.cost()));
        }
        s.table(t.build());
        s.note("A capacity block (R30) holds a job's billed GPUs from its start for the shortest length the offer sells"
                + " that covers the slots the job occupies, paid upfront for every hour, used or not: GPUs × days × 24 ×"
                + " the block's price per GPU-hour. It may end after the horizon.");
    }

    /** R29: what of the obligation past the horizon is expected to stand idle, when any. */
    private static String stranded(List<Reservation> rs, String cur) {
        BigDecimal s = rs.stream().map(Reservation::strandedCommitment).filter(v -> v != null).reduce(BigDecimal.ZERO, BigDecimal::add);
        return s.signum() == 0 ? "" : ", of which " + cur + " " + Fmt.money(s) + " is expected to stand idle: the stranded"
                + " commitment (R29), in plan cost";
    }

    private static Table capacity(ReportInput in) {
        var t = Table.builder("On-demand and spot capacity used", "capacity").text("offer", "purchase", "accelerator")
                .num("jobs", "peak GPUs in use", "cap (maxGpus)").empty("No job runs on on-demand or spot capacity.");
        for (Map.Entry<String, List<Assignment>> e : in.plannedByOffer().entrySet()) {
            Offer o = in.offer(e.getKey());
            if (o == null || o.isCommitted() || o.isBlock()) { // blocks have their own table (R30)
                continue;
            }
            int peak = 0;
            for (int u : in.usage(o.id())) {
                peak = Math.max(peak, u);
            }
            t.row(Table.data("offer", o.id()), o.id(), o.purchase().label(), o.accelerator().name(),
                    Integer.toString(e.getValue().size()), Integer.toString(peak),
                    o.isCapped() ? Integer.toString(o.maxGpus()) : "no cap");
        }
        return t.build();
    }
}
