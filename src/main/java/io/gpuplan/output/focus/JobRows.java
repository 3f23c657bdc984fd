package io.gpuplan.output.focus;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Dataset;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Transfer;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.MonthlySplit;
import io.gpuplan.rules.Totals;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The monthly rows of a job's own cost lines: on-demand and spot compute (R17), transfer (R19), migration (R16),
 * storage (R26); a capacity block's purchase (R30, {@link BlockRows}).
 */
final class JobRows {
    private JobRows() {
    }

    static List<FocusRow> of(RowContext c, CostLine line, JobResult j) {
        return switch (line.kind()) {
            case COMPUTE -> compute(c, line, j);
            case TRANSFER -> transfer(c, line, j);
            case MIGRATION -> migration(c, line, j);
            case CHURN -> churn(c, line, j);
            case STORAGE, STORAGE_COPY -> storage(c, line, j);
            case RESERVATION, STRANDED -> throw new IllegalArgumentException("reservations are written by CommitmentRows");
            case POWER -> OwnedRows.power(c, line, j);
            case BLOCK -> BlockRows.of(c, line, j);
            case DEPRECIATION, OPERATIONS -> throw new IllegalArgumentException("owned pools are written by OwnedRows");
            case PROVIDER_FIXED, SUPPORT -> throw new IllegalArgumentException("R27 overhead is written by OverheadRows");
        };
    }

    /** Span of a job's occupied slots, as its compute line is spread over months. */
    static Periods.Span occupied(JobResult j) {
        return new Periods.Span(j.startSlot(), j.endSlot());
    }

    /** GPU-hours the job runs (billed GPUs × W, R17), spread over months like its cost, in units of 1e-4. */
    static Map<YearMonth, Long> gpuHours(RowContext c, Option o, Periods.Span span) {
        return Periods.apportion(Periods.tenThousandths(o.billedGpus() * o.expectedHours()), span.hoursByMonth(c.horizon()));
    }

    private static List<FocusRow> compute(RowContext c, CostLine line, JobResult j) {
        Job job = j.job();
        Offer o = j.offer();
        Option opt = j.option();
        Periods.Span span = occupied(j);
        Map<YearMonth, Long> hours = gpuHours(c, opt, span);
        // In the offer's currency the line is its own price × the GPU-hours, spread over months like the base cents.
        Map<YearMonth, Long> own = MonthlySplit.split(Money.ownCents(o, opt.billedGpus(), opt.expectedHours()),
                c.horizon(), j.startSlot(), j.startSlot() + opt.durationSlots());
        List<FocusRow> rows = new ArrayList<>();
        line.byMonth().forEach((month, cents) -> {
            String quantity = Periods.quantity(hours.getOrDefault(month, 0L));
            FocusRow row = c.row(month, FocusRow.Group.JOB, job.id(), FocusRow.Line.USAGE, o.id());
            c.period(c.job(c.offer(row, o), job, RowContext.GPU_VM), span, month);
            c.cost(row, cents, cents, own.getOrDefault(month, 0L))
                    .set("ChargeCategory", "Usage").set("ChargeFrequency", "Usage-Based")
                    .set("PricingCategory", o.isSpot() ? "Dynamic" : "Standard")
                    .set("ChargeDescription", job.id() + " on " + o.id() + ": " + opt.billedGpus() + " x "
                            + o.accelerator().name() + " " + o.purchase().label() + " GPUs (R17)")
                    .set("PricingQuantity", quantity).set("ConsumedQuantity", quantity)
                    .set("ConsumedUnit", RowContext.GPU_HOURS)
                    .set("x_Rule", "R17").set("x_Gpus", opt.billedGpus());
            rows.add(row);
        });
        return rows;
    }

    /** R19: egress billed by the dataset's provider, once, in the slot the job starts. */
    private static List<FocusRow> transfer(RowContext c, CostLine line, JobResult j) {
        Job job = j.job();
        Offer o = j.offer();
        Dataset d = job.dataset();
        boolean crossProvider = !d.provider().equals(o.provider());
        Transfer.Rates rates = c.problem().transfer().ratesOf(d.provider());
        double rate = crossProvider ? rates.crossProviderPerGb() : rates.crossRegionPerGb();
        String sku = "egress/" + d.provider() + "/" + (crossProvider ? "cross-provider" : "cross-region");
        return oneTime(c, line, j, FocusRow.Line.TRANSFER, "Data Transfer", Periods.tenThousandths(d.sizeGb()), (row, quantity) -> {
            c.billedBy(row, line.provider())
                    .set("RegionId", d.region()).set("RegionName", d.region())
                    .set("ChargeCategory", "Usage").set("PricingCategory", "Standard")
                    .set("ChargeDescription", job.id() + ": " + Periods.number(d.sizeGb()) + " GB from "
                            + d.location() + " to " + o.location() + " (R19)")
                    .set("ServiceCategory", "Networking").set("ServiceSubcategory", "Network Connectivity")
                    .set("ServiceName", "Data Transfer")
                    .set("SkuId", sku).set("SkuPriceId", sku).set("SkuMeter", "Data Transfer")
                    .set("PricingUnit", "GB").set("PricingQuantity", quantity)
                    .set("ConsumedQuantity", quantity).set("ConsumedUnit", "GB")
                    .set("ListUnitPrice", Periods.number(rate)).set("ContractedUnitPrice", Periods.number(rate))
                    .set("PricingCurrencyListUnitPrice", Periods.number(rate))
                    .set("PricingCurrencyContractedUnitPrice", Periods.number(rate))
                    .set("x_Rule", "R19");
        });
    }

    /**
     * R26: one copy of the job's dataset kept while it runs, billed by the provider holding it: one row per month,
     * in GB-months ({@code sizeGb × W / 730}, spread over months like the cents).
     */
    private static List<FocusRow> storage(RowContext c, CostLine line, JobResult j) {
        Job job = j.job();
        Dataset d = job.dataset();
        Option opt = j.option();
        // The origin copy is billed by the dataset's provider; the copy at the offer elsewhere by the offer's.
        boolean copy = line.kind() == CostLine.Kind.STORAGE_COPY;
        String provider = copy ? j.offer().provider() : d.provider();
        String region = copy ? j.offer().region() : d.region();
        double price = c.problem().storage().pricePerGbMonth(d.tier(), provider, region).orElseThrow();
        String sku = "storage/" + provider + "/" + region + "/" + d.tier().label();
        Periods.Span span = occupied(j);
        double gbMonths = d.sizeGb() * Math.min(opt.expectedHours(), c.horizon().hours()) / Horizon.HOURS_PER_MONTH;
        Map<YearMonth, Long> quantities = Periods.apportion(Periods.tenThousandths(gbMonths), span.hoursByMonth(c.horizon()));
        List<FocusRow> rows = new ArrayList<>();
        line.byMonth().forEach((month, cents) -> {
            String quantity = Periods.quantity(quantities.getOrDefault(month, 0L));
            FocusRow row = c.row(month, FocusRow.Group.JOB, job.id(), copy ? FocusRow.Line.STORAGE_COPY : FocusRow.Line.STORAGE,
                    j.offer().id());
            c.period(c.job(row, job, "Storage Volume"), span, month);
            c.billedBy(c.cost(row, cents, cents, cents), provider)
                    .set("RegionId", region).set("RegionName", region)
                    .set("ChargeCategory", "Usage").set("ChargeFrequency", "Usage-Based").set("PricingCategory", "Standard")
                    .set("ChargeDescription", job.id() + ": " + Periods.number(d.sizeGb()) + " GB " + d.tier().label()
                            + (copy ? " copy at " + j.offer().location() + " while it runs on " + j.offer().id()
                            : " at " + d.location() + " while it runs") + " (R26)")
                    .set("ServiceCategory", "Storage")
                    .set("ServiceSubcategory", d.tier() == io.gpuplan.problem.StorageTier.HOT ? "Block Storage" : "Object Storage")
                    .set("ServiceName", d.tier() == io.gpuplan.problem.StorageTier.HOT ? "Block Storage" : "Archive Storage")
                    .set("SkuId", sku).set("SkuPriceId", sku).set("SkuMeter", "Storage")
                    .set("PricingUnit", "GB-Month").set("PricingQuantity", quantity)
                    .set("ConsumedQuantity", quantity).set("ConsumedUnit", "GB-Month")
                    .set("ListUnitPrice", Periods.number(price)).set("ContractedUnitPrice", Periods.number(price))
                    .set("PricingCurrency", c.currency()).set("x_ExchangeRate", "1")
                    .set("PricingCurrencyListUnitPrice", Periods.number(price))
                    .set("PricingCurrencyContractedUnitPrice", Periods.number(price))
                    .set("x_Accelerator", line.accelerator())
                    .set("x_Rule", "R26");
            rows.add(row);
        });
        return rows;
    }

    /** R16: the one-time cost of porting the job to another stack; no provider bills it. */
    private static List<FocusRow> migration(RowContext c, CostLine line, JobResult j) {
        Job job = j.job();
        String stack = job.migration().to().name().toLowerCase(Locale.ROOT);
        String sku = "migration/" + stack;
        String price = Periods.money(line.cents());
        return oneTime(c, line, j, FocusRow.Line.MIGRATION, "Stack Migration", 10_000, (row, quantity) -> {
            c.billedBy(row, Totals.INTERNAL)
                    .set("ChargeCategory", "Purchase").set("PricingCategory", "Standard")
                    .set("ChargeDescription", job.id() + ": one-time port to " + stack + " for " + j.offer().id()
                            + " (R16)")
                    .set("ServiceCategory", "Migration").set("ServiceSubcategory", "Resource Migration")
                    .set("ServiceName", "Stack Migration")
                    .set("SkuId", sku).set("SkuPriceId", sku).set("SkuMeter", "Migration")
                    .set("PricingUnit", "Units").set("PricingQuantity", quantity)
                    .set("ListUnitPrice", price).set("ContractedUnitPrice", price)
                    .set("PricingCurrencyListUnitPrice", price).set("PricingCurrencyContractedUnitPrice", price)
                    .set("x_Rule", "R16");
        });
    }

    /**
     * R31.2: moving a job still running from the previous plan, the team's own work like a migration (internal):
     * FOCUS has no category for it, so it is a one-time Purchase of a "Workload Move", marked by x_Rule R31.
     */
    private static List<FocusRow> churn(RowContext c, CostLine line, JobResult j) {
        Job job = j.job();
        String price = Periods.money(line.cents());
        var from = c.problem().previous().continuation(job.id());
        return oneTime(c, line, j, FocusRow.Line.CHURN, "Workload Move", 10_000, (row, quantity) -> {
            c.billedBy(row, Totals.INTERNAL)
                    .set("ChargeCategory", "Purchase").set("PricingCategory", "Standard")
                    .set("ChargeDescription", job.id() + ": moved from " + from.offer() + " to " + j.offer().id()
                            + " (R31.2 churn)")
                    .set("ServiceCategory", "Migration").set("ServiceSubcategory", "Resource Migration")
                    .set("ServiceName", "Workload Move")
                    .set("SkuId", "churn").set("SkuPriceId", "churn").set("SkuMeter", "Move")
                    .set("PricingUnit", "Units").set("PricingQuantity", quantity)
                    .set("ListUnitPrice", price).set("ContractedUnitPrice", price)
                    .set("PricingCurrencyListUnitPrice", price).set("PricingCurrencyContractedUnitPrice", price)
                    .set("x_Rule", "R31");
        });
    }

    private interface Cells {
        void fill(FocusRow row, String quantity);
    }

    /** Rows of a one-time line: in the job's start slot, in the base currency, quantity spread like the cents. */
    private static List<FocusRow> oneTime(RowContext c, CostLine line, JobResult j, FocusRow.Line kind,
                                          String resourceType, long quantity, Cells cells) {
        Periods.Span span = new Periods.Span(j.startSlot(), j.startSlot() + 1);
        Map<YearMonth, Long> weights = new LinkedHashMap<>(span.hoursByMonth(c.horizon()));
        Map<YearMonth, Long> quantities = Periods.apportion(quantity, weights);
        List<FocusRow> rows = new ArrayList<>();
        line.byMonth().forEach((month, cents) -> {
            FocusRow row = c.row(month, FocusRow.Group.JOB, j.job().id(), kind, j.offer().id());
            c.period(c.job(row, j.job(), resourceType), span, month);
            c.cost(row, cents, cents, cents)
                    .set("ChargeFrequency", "One-Time")
                    .set("PricingCurrency", c.currency()).set("x_ExchangeRate", "1")
                    .set("x_Accelerator", line.accelerator());
            cells.fill(row, Periods.quantity(quantities.getOrDefault(month, 0L)));
            rows.add(row);
        });
        return rows;
    }
}
