package io.gpuplan.output;

import io.gpuplan.problem.Carried;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.ReservationResult;
import io.gpuplan.sizing.Reservations;
import java.util.List;

/** R31.1: the plan's {@code carried:} list, one entry per reservation carried from the previous plan. */
final class CarriedPools {
    private CarriedPools() {
    }

    /** Null (left out of the plan) when the problem carries nothing. */
    static List<PlanDocument.Carried> of(Problem problem, Evaluation e) {
        List<PlanDocument.Carried> out = new java.util.ArrayList<>(e.reservations().stream().filter(r -> r.offer().isCarried())
                .map(r -> carried(problem.horizon(), r)).toList());
        e.owned().stream().filter(r -> r.offer().isCarried()).forEach(r -> out.add(owned(problem.horizon(), r)));
        return out.isEmpty() ? null : out;
    }

    /** Owned cards carried: no term and no obligation; utilization over the whole horizon. */
    private static PlanDocument.Carried owned(Horizon h, io.gpuplan.rules.OwnedResult r) {
        Carried c = r.offer().carried();
        double available = c.gpus() * h.hours();
        return new PlanDocument.Carried(r.offer().id(), c.plan(), c.gpus(), null, 0, r.peakGpus(),
                Numbers.measure(available == 0 ? 0 : r.usedGpuHours() / available), Numbers.exact(c.pricePerGpuHour()),
                c.currency(), null, null);
    }

    private static PlanDocument.Carried carried(Horizon h, ReservationResult r) {
        Carried c = r.offer().carried();
        double hoursHere = (double) c.untilSlot() * h.slotHours();
        double termHours = java.time.temporal.ChronoUnit.DAYS.between(h.start(), c.termEnd()) * 24.0;
        double available = c.gpus() * hoursHere;
        return new PlanDocument.Carried(r.offer().id(), c.plan(), c.gpus(), c.termEnd().toString(), c.monthsLeft(),
                r.peakGpus(), Numbers.measure(available == 0 ? 0 : r.usedGpuHours() / available),
                Numbers.exact(c.pricePerGpuHour()), c.currency(), Numbers.money(Reservations.carriedCents(c, hoursHere)),
                Numbers.money(Reservations.carriedCents(c, Math.max(0, termHours - hoursHere))));
    }
}
