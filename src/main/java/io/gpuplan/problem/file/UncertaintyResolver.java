package io.gpuplan.problem.file;

import io.gpuplan.problem.Demand;
import io.gpuplan.problem.PurchaseModel;
import io.gpuplan.problem.Range;
import io.gpuplan.problem.Uncertainty;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** R32: checks the uncertainty fields (every error located, all at once) and gathers them by id. */
final class UncertaintyResolver {
    /** Factors beyond these are typing errors, not forecasts (and keep costs within the money limit). */
    static final double MAX_FACTOR = 100;

    private UncertaintyResolver() {
    }

    static Uncertainty resolve(ProblemFile f, Set<String> providers, ProblemResolver.Checks c) {
        Map<String, Demand> demand = new TreeMap<>();
        Map<String, Range> price = new TreeMap<>();
        Map<String, Range> providerPrice = new TreeMap<>();
        Map<String, Range> interruptions = new TreeMap<>();
        List<JobFile> jobs = f.jobs() == null ? List.of() : f.jobs();
        for (int i = 0; i < jobs.size(); i++) {
            JobFile j = jobs.get(i);
            if (j == null || j.demand() == null || j.id() == null) {
                continue;
            }
            String p = "jobs[" + i + "].demand";
            double probability = j.demand().probability() == null ? 1 : j.demand().probability();
            boolean ok = c.require(probability >= 0 && probability <= 1, p + ".probability", "is "
                    + ProblemResolver.Checks.fmt(probability), "a probability from 0 to 1 that the job happens, default 1");
            Range work = j.demand().workFactor() == null ? Range.ONE : range(j.demand().workFactor(), p + ".workFactor", c);
            if (ok && work != null) {
                demand.put(j.id(), new Demand(probability, work));
            }
        }
        List<OfferFile> offers = f.offers() == null ? List.of() : f.offers();
        for (int i = 0; i < offers.size(); i++) {
            OfferFile o = offers.get(i);
            if (o == null || o.id() == null) {
                continue;
            }
            String p = "offers[" + i + "]";
            if (o.priceRange() != null) {
                Range r = range(o.priceRange(), p + ".priceRange", c);
                if (r != null) {
                    price.put(o.id(), r);
                }
            }
            if (o.interruptionsPerDayRange() != null) {
                if (c.require(o.purchase() == PurchaseModel.SPOT, p + ".interruptionsPerDayRange", "only spot offers"
                        + " are interrupted", "remove it, or make the offer purchase: spot")) {
                    Range r = range(o.interruptionsPerDayRange(), p + ".interruptionsPerDayRange", c);
                    if (r != null) {
                        interruptions.put(o.id(), r);
                    }
                }
            }
        }
        if (f.uncertainty() != null && f.uncertainty().byProvider() != null) {
            f.uncertainty().byProvider().forEach((name, u) -> {
                String p = "uncertainty.byProvider." + name;
                if (!c.require(providers.contains(name), p, "no offer is from provider \"" + name + "\"",
                        "one of the offers' providers: " + String.join(", ", providers))) {
                    return;
                }
                if (u != null && u.priceRange() != null) {
                    Range r = range(u.priceRange(), p + ".priceRange", c);
                    if (r != null) {
                        providerPrice.put(name, r);
                    }
                }
            });
        }
        return new Uncertainty(demand, price, providerPrice, interruptions);
    }

    /** A range whose quantiles are positive, at most {@link #MAX_FACTOR} and in order; null (reported) otherwise. */
    private static Range range(RangeFile r, String path, ProblemResolver.Checks c) {
        if (r.p10() == null || r.p90() == null) {
            return null; // reported as missing while binding
        }
        String valid = "a factor above 0 and at most " + ProblemResolver.Checks.fmt(MAX_FACTOR);
        boolean ok = c.require(r.p10() > 0 && r.p10() <= MAX_FACTOR, path + ".p10", "is " + ProblemResolver.Checks.fmt(r.p10()), valid);
        ok &= c.require(r.p90() > 0 && r.p90() <= MAX_FACTOR, path + ".p90", "is " + ProblemResolver.Checks.fmt(r.p90()), valid);
        if (ok && !c.require(r.p10() <= r.p90(), path + ".p90", "is " + ProblemResolver.Checks.fmt(r.p90())
                + ", below p10 (" + ProblemResolver.Checks.fmt(r.p10()) + ")", "a 90th percentile at least the 10th")) {
            return null;
        }
        return ok ? new Range(r.p10(), r.p90()) : null;
    }
}
