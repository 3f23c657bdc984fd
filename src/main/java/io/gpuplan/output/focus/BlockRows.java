package io.gpuplan.output.focus;

import io.gpuplan.problem.Offer;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.JobResult;
import io.gpuplan.sizing.CapacityBlocks;
import io.gpuplan.sizing.Option;
import java.time.LocalDateTime;
import java.time.YearMonth;
import java.util.List;

/**
 * A capacity block (R30) in FOCUS terms, as FOCUS models a prepaid commitment and as R18's reservation rows are
 * written: CommitmentDiscountId {@code block/<job>}, and in the month the block starts (it is paid upfront, and the
 * plan charges it there) two rows. A <i>Purchase</i> row (ChargeFrequency One-Time, PricingCategory Standard)
 * bills the block: BilledCost = the block line's cents, EffectiveCost 0, PricingQuantity = CommitmentDiscountQuantity
 * = its GPU-hours (billed GPUs × days × 24). A <i>Usage</i> row of the job (PricingCategory Committed,
 * CommitmentDiscountStatus Used) carries it as EffectiveCost (BilledCost 0), ConsumedQuantity = the job's GPU-hours
 * (billed GPUs × W). The block's idle tail is not a row of its own: the whole block is the job's. ChargePeriod is the
 * block (purchase) or the job (usage) within that month.
 */
final class BlockRows {
    static final String RESOURCE_TYPE = "GPU Capacity Block";

    private BlockRows() {
    }

    static String commitmentId(JobResult j) {
        return "block/" + j.job().id();
    }

    static List<FocusRow> of(RowContext c, CostLine line, JobResult j) {
        Offer o = j.offer();
        Option opt = j.option();
        YearMonth month = line.byMonth().keySet().iterator().next();
        LocalDateTime monthEnd = Periods.monthStart(month.plusMonths(1));
        LocalDateTime from = c.horizon().slotStart(j.startSlot());
        LocalDateTime to = from.plusDays(opt.blockDays());
        String blockHours = Periods.quantity(Periods.tenThousandths(opt.billedGpus() * CapacityBlocks.hours(opt.blockDays())));
        long own = CapacityBlocks.ownCents(o, opt.billedGpus(), opt.blockDays());

        FocusRow buy = block(c, j, c.row(month, FocusRow.Group.JOB, j.job().id(), FocusRow.Line.PURCHASE, o.id()));
        c.job(buy, j.job(), RESOURCE_TYPE);
        c.cost(buy, line.cents(), 0, 0).set("ListCost", Periods.money(line.cents()))
                .set("ContractedCost", Periods.money(line.cents()))
                .set("ChargePeriodStart", Periods.instant(from))
                .set("ChargePeriodEnd", Periods.instant(to.isBefore(monthEnd) ? to : monthEnd))
                .set("ChargeCategory", "Purchase").set("ChargeFrequency", "One-Time").set("PricingCategory", "Standard")
                .set("ChargeDescription", "Capacity block for " + j.job().id() + " on " + o.id() + ": "
                        + opt.billedGpus() + " x " + o.accelerator().name() + " GPUs for " + opt.blockDays()
                        + " days from " + from.toLocalDate() + " to " + to.toLocalDate() + ", paid upfront (R30)")
                .set("PricingQuantity", blockHours).set("CommitmentDiscountQuantity", blockHours);

        FocusRow use = block(c, j, c.row(month, FocusRow.Group.JOB, j.job().id(), FocusRow.Line.USAGE, o.id()));
        c.period(c.job(use, j.job(), RowContext.GPU_VM), JobRows.occupied(j), month);
        String consumed = Periods.quantity(Periods.tenThousandths(opt.billedGpus() * opt.expectedHours()));
        c.cost(use, 0, line.cents(), own)
                .set("ChargeCategory", "Usage").set("ChargeFrequency", "Usage-Based")
                .set("PricingCategory", "Committed").set("CommitmentDiscountStatus", "Used")
                .set("ChargeDescription", j.job().id() + " on " + o.id() + ": " + opt.billedGpus() + " x "
                        + o.accelerator().name() + " GPUs in " + commitmentId(j) + ", the block paid upfront (R30)")
                .set("PricingQuantity", blockHours).set("CommitmentDiscountQuantity", blockHours)
                .set("ConsumedQuantity", consumed).set("ConsumedUnit", RowContext.GPU_HOURS);
        return List.of(buy, use);
    }

    /** The cells both rows of a block have: the offer's, and which commitment it is. */
    private static FocusRow block(RowContext c, JobResult j, FocusRow row) {
        Offer o = j.offer();
        Option opt = j.option();
        return c.offer(row, o).set("ServiceName", "GPU Capacity Blocks")
                .set("CommitmentDiscountId", commitmentId(j))
                .set("CommitmentDiscountName", opt.billedGpus() + " x " + o.accelerator().name() + " capacity block on "
                        + o.id() + ", " + opt.blockDays() + " days")
                .set("CommitmentDiscountType", "Capacity Block")
                .set("CommitmentDiscountCategory", "Usage")
                .set("CommitmentDiscountUnit", RowContext.GPU_HOURS)
                .set("x_Rule", "R30").set("x_Gpus", opt.billedGpus());
    }
}
