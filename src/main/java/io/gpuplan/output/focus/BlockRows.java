package io.gpuplan.output.focus;

import io.gpuplan.problem.Offer;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.JobResult;
import io.gpuplan.sizing.CapacityBlocks;
import io.gpuplan.sizing.Option;
import java.time.LocalDateTime;
import java.time.YearMonth;

/**
 * A capacity block (R30) in FOCUS terms: a one-time upfront purchase of GPUs for a run of days, one <i>Purchase</i>
 * row in the month the block starts (ChargeFrequency One-Time, PricingCategory Committed, CommitmentDiscountId
 * {@code block/<job>}). It is plan cost and pays for nothing later in the plan: BilledCost = EffectiveCost = the
 * block line's cents, as R16's one-time migration purchase has it. The job on it has no compute line (R17), so no
 * usage row: the block's GPU-hours are the row's PricingQuantity; ChargePeriod is the block itself.
 */
final class BlockRows {
    static final String RESOURCE_TYPE = "GPU Capacity Block";

    private BlockRows() {
    }

    static String commitmentId(JobResult j) {
        return "block/" + j.job().id();
    }

    static FocusRow purchase(RowContext c, CostLine line, JobResult j) {
        Offer o = j.offer();
        Option opt = j.option();
        YearMonth month = line.byMonth().keySet().iterator().next();
        LocalDateTime from = c.horizon().slotStart(j.startSlot());
        LocalDateTime to = from.plusDays(opt.blockDays());
        String gpuHours = Periods.quantity(Periods.tenThousandths(opt.billedGpus() * CapacityBlocks.hours(opt.blockDays())));
        FocusRow row = c.row(month, FocusRow.Group.JOB, j.job().id(), FocusRow.Line.PURCHASE, o.id());
        c.offer(row, o).set("ServiceSubcategory", "Virtual Machines").set("ServiceName", "GPU Capacity Blocks");
        c.job(row, j.job(), RESOURCE_TYPE);
        c.cost(row, line.cents(), line.cents(), CapacityBlocks.ownCents(o, opt.billedGpus(), opt.blockDays()));
        return row.set("ChargePeriodStart", Periods.instant(from)).set("ChargePeriodEnd", Periods.instant(to))
                .set("ChargeCategory", "Purchase").set("ChargeFrequency", "One-Time")
                .set("PricingCategory", "Committed")
                .set("CommitmentDiscountId", commitmentId(j))
                .set("CommitmentDiscountName", opt.billedGpus() + " x " + o.accelerator().name() + " capacity block on "
                        + o.id() + ", " + opt.blockDays() + " days")
                .set("CommitmentDiscountType", "Capacity Block")
                .set("CommitmentDiscountCategory", "Usage")
                .set("CommitmentDiscountUnit", RowContext.GPU_HOURS)
                .set("CommitmentDiscountQuantity", gpuHours)
                .set("ChargeDescription", "Capacity block for " + j.job().id() + " on " + o.id() + ": "
                        + opt.billedGpus() + " x " + o.accelerator().name() + " GPUs for " + opt.blockDays()
                        + " days from " + from.toLocalDate() + " to " + to.toLocalDate() + ", paid upfront (R30)")
                .set("PricingQuantity", gpuHours)
                .set("x_Rule", "R30").set("x_Gpus", opt.billedGpus());
    }
}
