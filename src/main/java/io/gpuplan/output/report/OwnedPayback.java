package io.gpuplan.output.report;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.OwnedTerms;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.OwnedResult;
import io.gpuplan.sizing.Money;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * R28's payback of owned cards against renting them:
 * {@code payback months = capital outlay / (monthly rent avoided − monthly running cost)}, where
 * <ul>
 *   <li>rent avoided = the GPU-hours the pool's jobs are billed (billed GPUs × W, as R17 would bill them) × the
 *       price per GPU-hour of the cheapest on-demand or reserved offer of the same accelerator in the problem,</li>
 *   <li>running cost = the pool's operations + power in the horizon,</li>
 * </ul>
 * both per month as horizon amounts × 730 / horizon hours. "never" when the saving is not positive.
 *
 * @param rented        the offer rent is priced at, null when the problem rents no such accelerator
 * @param gpuHours      GPU-hours of the pool's jobs
 * @param rentPerMonth  base currency per month, null without {@code rented}
 * @param runningPerMonth base currency per month
 * @param months        payback in months, null when it never pays back (or nothing to price rent at)
 */
record OwnedPayback(Offer rented, double gpuHours, BigDecimal rentPerMonth, BigDecimal runningPerMonth, BigDecimal months) {

    static OwnedPayback of(Problem problem, Evaluation e, OwnedResult r) {
        double hours = problem.horizon().hours();
        double gpuHours = 0;
        for (JobResult j : e.jobs()) {
            if (j.planned() && j.option() != null && j.offer() == r.offer()) {
                gpuHours += j.option().billedGpus() * Math.min(j.option().expectedHours(), hours);
            }
        }
        Offer rented = null;
        for (Offer o : problem.offers()) {
            if ((o.purchase() == io.gpuplan.problem.PurchaseModel.ON_DEMAND || o.isReserved())
                    && o.accelerator().equals(r.offer().accelerator()) && (rented == null || o.priceInBase() < rented.priceInBase())) {
                rented = o;
            }
        }
        BigDecimal perMonth = BigDecimal.valueOf(Horizon.HOURS_PER_MONTH / hours);
        BigDecimal running = Money.toDecimal(r.operationsCents() + r.powerCents()).multiply(perMonth)
                .setScale(2, RoundingMode.HALF_UP);
        if (rented == null) {
            return new OwnedPayback(null, gpuHours, null, running, null);
        }
        BigDecimal rent = BigDecimal.valueOf(gpuHours).multiply(BigDecimal.valueOf(rented.priceInBase())).multiply(perMonth)
                .setScale(2, RoundingMode.HALF_UP);
        BigDecimal saving = rent.subtract(running);
        BigDecimal months = saving.signum() <= 0 ? null
                : Money.toDecimal(r.outlayCents()).divide(saving, MathContext.DECIMAL64).setScale(1, RoundingMode.HALF_UP);
        return new OwnedPayback(rented, gpuHours, rent, running, months);
    }

    /** "8.0 months", "never pays back", or why there is no figure. */
    String text() {
        if (rented == null) {
            return "— (no rented offer of this accelerator)";
        }
        return months == null ? "never pays back" : months.toPlainString() + " months";
    }
}
