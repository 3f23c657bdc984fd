package io.gpuplan.output.focus;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.OwnedTerms;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.MonthlySplit;
import io.gpuplan.rules.OwnedResult;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OwnedGpus;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Owned GPUs (R28) in FOCUS terms. The cards are a prepaid one-time purchase: a <i>Purchase</i> row in the month of
 * the horizon start (when they are bought; the lead time runs from there) bills the capital outlay (BilledCost =
 * GPUs × purchasePrice, EffectiveCost 0: it is not plan cost). Its amortization is FOCUS's EffectiveCost: per month a
 * depreciation Usage row with BilledCost 0 and EffectiveCost the month's depreciation cents. Operations (per month)
 * and power (per job and month) are billed as they are incurred: BilledCost = EffectiveCost. So EffectiveCost sums
 * to the plan's cost; BilledCost sums to it less depreciation plus the outlay.
 */
final class OwnedRows {
    static final String RESOURCE_TYPE = "Owned GPU";

    private OwnedRows() {
    }

    static String resourceId(Offer o) {
        return "owned/" + o.id();
    }

    /** The pool's rows: the purchase, then per month its depreciation and operations. */
    static List<FocusRow> of(RowContext c, OwnedResult r, CostLine depreciation, CostLine operations) {
        List<FocusRow> rows = new ArrayList<>();
        if (r.gpus() == 0) {
            return rows;
        }
        Horizon h = c.horizon();
        Offer o = r.offer();
        OwnedTerms t = o.owned();
        Periods.Span horizon = new Periods.Span(0, h.slots());
        YearMonth first = YearMonth.from(h.slotStart(0));
        FocusRow buy = poolRow(c, r, first, FocusRow.Line.PURCHASE, new Periods.Span(0, 1));
        c.cost(buy, r.outlayCents(), 0, 0).set("ListCost", Periods.money(r.outlayCents()))
                .set("ContractedCost", Periods.money(r.outlayCents()))
                .set("ChargeCategory", "Purchase").set("ChargeFrequency", "One-Time")
                .set("ChargeDescription", "Purchase of " + r.gpus() + " x " + o.accelerator().name() + " at "
                        + o.currency() + " " + Periods.number(t.purchasePrice()) + " each on " + o.id()
                        + ", written off over " + t.depreciationMonths() + " months (R28; not plan cost)")
                .set("PricingUnit", "GPUs").set("PricingQuantity", r.gpus())
                .set("ListUnitPrice", Periods.number(t.purchasePrice() / o.exchangeRate()))
                .set("ContractedUnitPrice", Periods.number(t.purchasePrice() / o.exchangeRate()))
                .set("PricingCurrencyListUnitPrice", Periods.number(t.purchasePrice()))
                .set("PricingCurrencyContractedUnitPrice", Periods.number(t.purchasePrice()))
                .set("PricingCurrencyEffectiveCost", Periods.money(0));
        rows.add(buy);
        // In the offer's own currency, priced there and spread over months like the base cents (R5).
        Map<YearMonth, Long> depreciationOwn = MonthlySplit.split(OwnedGpus.depreciationOwnCents(o, r.gpus(), h), h, 0, h.slots());
        Map<YearMonth, Long> operationsOwn = MonthlySplit.split(OwnedGpus.operationsOwnCents(o, r.gpus(), h), h, 0, h.slots());
        horizon.hoursByMonth(h).forEach((month, hours) -> {
            long gpuHours = hours * r.gpus() * 10_000L; // in the 1e-4 units quantities are written in
            if (depreciation != null) {
                long cents = depreciation.byMonth().getOrDefault(month, 0L);
                rows.add(monthly(c, r, month, FocusRow.Line.USAGE, horizon, 0, cents, depreciationOwn.getOrDefault(month, 0L), gpuHours,
                        t.depreciationPerGpuMonth() / Horizon.HOURS_PER_MONTH, "depreciation of " + r.gpus()
                                + " owned " + o.accelerator().name() + " (" + Periods.number(t.purchasePrice()) + " / "
                                + t.depreciationMonths() + " months / 730 h, straight line; R28)"));
            }
            if (operations != null) {
                long cents = operations.byMonth().getOrDefault(month, 0L);
                rows.add(monthly(c, r, month, FocusRow.Line.OPERATIONS, horizon, cents, cents, operationsOwn.getOrDefault(month, 0L), gpuHours,
                        t.operationsPerGpuMonth() / Horizon.HOURS_PER_MONTH, "operations of " + r.gpus()
                                + " owned " + o.accelerator().name() + " (" + Periods.number(t.operationsPerGpuMonth())
                                + " per GPU-month / 730 h; R28)"));
            }
        });
        return rows;
    }

    /** A job's power on owned cards (R28), per month it runs: kWh = billed GPUs × W × powerKw × pue. */
    static List<FocusRow> power(RowContext c, CostLine line, JobResult j) {
        Offer o = j.offer();
        Option opt = j.option();
        OwnedTerms t = o.owned();
        Periods.Span span = JobRows.occupied(j);
        double kwh = opt.billedGpus() * Math.min(opt.expectedHours(), c.horizon().hours()) * t.powerKw() * t.pue();
        Map<YearMonth, Long> quantities = Periods.apportion(Periods.tenThousandths(kwh), span.hoursByMonth(c.horizon()));
        Map<YearMonth, Long> own = MonthlySplit.split(OwnedGpus.powerOwnCents(o, opt.billedGpus(),
                Math.min(opt.expectedHours(), c.horizon().hours())), c.horizon(), j.startSlot(), j.startSlot() + opt.durationSlots());
        List<FocusRow> rows = new ArrayList<>();
        line.byMonth().forEach((month, cents) -> {
            String quantity = Periods.quantity(quantities.getOrDefault(month, 0L));
            FocusRow row = c.row(month, FocusRow.Group.JOB, j.job().id(), FocusRow.Line.POWER, o.id());
            c.period(c.job(owned(c, row, o), j.job(), RESOURCE_TYPE), span, month);
            c.cost(row, cents, cents, own.getOrDefault(month, 0L))
                    .set("ChargeCategory", "Usage").set("ChargeFrequency", "Usage-Based")
                    .set("ChargeDescription", j.job().id() + " on " + o.id() + ": power of " + opt.billedGpus() + " x "
                            + o.accelerator().name() + " (" + Periods.number(t.powerKw()) + " kW x pue "
                            + Periods.number(t.pue()) + " at " + Periods.number(t.electricityPricePerKwh()) + " per kWh; R28)")
                    .set("SkuMeter", "Energy").set("PricingUnit", "kWh").set("ConsumedUnit", "kWh")
                    .set("PricingQuantity", quantity).set("ConsumedQuantity", quantity)
                    .set("ListUnitPrice", Periods.number(t.electricityPricePerKwh() / o.exchangeRate()))
                    .set("ContractedUnitPrice", Periods.number(t.electricityPricePerKwh() / o.exchangeRate()))
                    .set("PricingCurrencyListUnitPrice", Periods.number(t.electricityPricePerKwh()))
                    .set("PricingCurrencyContractedUnitPrice", Periods.number(t.electricityPricePerKwh()))
                    .set("x_Gpus", opt.billedGpus());
            rows.add(row);
        });
        return rows;
    }

    private static FocusRow monthly(RowContext c, OwnedResult r, YearMonth month, FocusRow.Line line,
                                    Periods.Span horizon, long billed, long effective, long ownEffective, long gpuHours,
                                    double perGpuHourOwn, String what) {
        Offer o = r.offer();
        FocusRow row = poolRow(c, r, month, line, horizon);
        String quantity = Periods.quantity(gpuHours);
        return c.cost(row, billed, effective, ownEffective)
                .set("ChargeCategory", "Usage").set("ChargeFrequency", "Recurring")
                .set("ChargeDescription", o.id() + ": " + what)
                .set("PricingQuantity", quantity).set("ConsumedQuantity", quantity)
                .set("ConsumedUnit", RowContext.GPU_HOURS)
                .set("ListUnitPrice", Periods.number(perGpuHourOwn / o.exchangeRate()))
                .set("ContractedUnitPrice", Periods.number(perGpuHourOwn / o.exchangeRate()))
                .set("PricingCurrencyListUnitPrice", Periods.number(perGpuHourOwn))
                .set("PricingCurrencyContractedUnitPrice", Periods.number(perGpuHourOwn));
    }

    /** A row of the pool itself: the owned cards are the resource. */
    private static FocusRow poolRow(RowContext c, OwnedResult r, YearMonth month, FocusRow.Line line, Periods.Span span) {
        Offer o = r.offer();
        String id = resourceId(o);
        FocusRow row = owned(c, c.row(month, FocusRow.Group.OWNED, id, line, o.id()), o);
        return c.period(row, span, month)
                .set("ResourceId", id).set("ResourceName", id).set("ResourceType", RESOURCE_TYPE)
                .set("x_Gpus", r.gpus());
    }

    /** The cells of every owned row: the offer's, on bare metal that the owner runs. */
    private static FocusRow owned(RowContext c, FocusRow row, Offer o) {
        return c.offer(row, o).set("ServiceSubcategory", "Bare Metal").set("ServiceName", "Owned GPUs")
                .set("PricingCategory", "Standard").set("x_Rule", "R28");
    }
}
