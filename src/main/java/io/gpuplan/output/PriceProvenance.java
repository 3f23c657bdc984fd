package io.gpuplan.output;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.PriceSource;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The plan's {@code prices} section: every offer's price with its source, as-of date and what was assumed. */
final class PriceProvenance {
    private PriceProvenance() {
    }

    static List<PlanDocument.PriceRef> of(Problem problem, Evaluation e) {
        Set<String> used = new HashSet<>();
        e.jobs().stream().filter(JobResult::planned).filter(j -> j.offer() != null).forEach(j -> used.add(j.offer().id()));
        e.reservations().stream().filter(r -> r.gpus() > 0).forEach(r -> used.add(r.offer().id()));
        return problem.offers().stream().map(o -> ref(o, used.contains(o.id()))).toList();
    }

    private static PlanDocument.PriceRef ref(Offer o, boolean used) {
        PriceSource s = o.priceSource();
        return new PlanDocument.PriceRef(o.id(), used, o.purchase().label(), Numbers.exact(o.price()), o.currency(),
                s.origin(), s.catalogRow(), s.reference(), s.asOf() == null ? null : s.asOf().toString(), s.asOfText(),
                s.derivation(), s.flags().isEmpty() ? null : s.flags(), s.assumed().isEmpty() ? null : s.assumed());
    }
}
