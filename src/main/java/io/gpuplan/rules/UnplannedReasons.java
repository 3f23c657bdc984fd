package io.gpuplan.rules;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.sizing.Breach;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.Reservations;
import io.gpuplan.sizing.Rule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Why each unplanned job is unplanned: no eligible option (and the rule that excludes each offer), or, given the rest
 * of the plan, the capacity or budget that every one of its options runs into.
 */
public final class UnplannedReasons {
    private UnplannedReasons() {
    }

    public static Map<String, String> explain(Evaluation e, List<JobOptions> options) {
        Map<String, String> out = new LinkedHashMap<>();
        for (JobOptions jo : options) {
            boolean unplanned = e.jobs().stream().anyMatch(j -> j.job().equals(jo.job()) && !j.planned());
            if (unplanned) {
                out.put(jo.job().id(), jo.options().isEmpty() ? noOption(jo) : blocked(e, jo));
            }
        }
        return out;
    }

    /** Every offer is excluded: say by which rule, with the first reason of each. */
    public static String noOption(JobOptions jo) {
        Map<Rule, List<JobOptions.Exclusion>> byRule = new TreeMap<>();
        jo.exclusions().forEach(x -> byRule.computeIfAbsent(x.breach().rule(), r -> new ArrayList<>()).add(x));
        List<String> parts = new ArrayList<>();
        byRule.forEach((rule, xs) -> {
            Set<String> offers = new LinkedHashSet<>();
            xs.forEach(x -> offers.add(x.offer().id()));
            Breach first = xs.get(0).breach();
            parts.add(rule + " " + rule.title() + " rules out " + String.join(", ", offers) + " (e.g. "
                    + xs.get(0).offer().id() + (xs.get(0).gpus() > 0 ? " at " + xs.get(0).gpus() + " GPUs" : "")
                    + ": " + first.reason() + ")");
        });
        return "no eligible option: " + (parts.isEmpty() ? "the problem has no offers" : String.join("; ", parts));
    }

    /** The job has options, but with the other jobs placed none fits both capacity (R21) and budget (R22). */
    static String blocked(Evaluation e, JobOptions jo) {
        Horizon h = e.problem().horizon();
        long totalCap = e.problem().budget().total() == null ? Long.MAX_VALUE : Money.cents(e.problem().budget().total());
        Set<String> fullOffers = new LinkedHashSet<>();
        long cheapestFitting = Long.MAX_VALUE;
        Option cheapestOption = null;
        for (Option o : jo.options()) {
            Offer offer = o.offer();
            int[] used = e.usage().get(offer.id());
            int cap = offer.maxGpus();
            int peak = 0;
            for (int u : used) {
                peak = Math.max(peak, u);
            }
            boolean fitsSomewhere = false;
            long extra = Long.MAX_VALUE;
            for (int start = o.earliestStart(); start <= o.latestStart(); start++) {
                if (CapacityFit.fits(o, start, used, cap)) {
                    int newPeak = peak;
                    for (int s = start; s < start + o.durationSlots(); s++) {
                        newPeak = Math.max(newPeak, used[s] + o.billedGpus());
                    }
                    fitsSomewhere = true;
                    long added = o.totalCents() + (offer.isReserved()
                            ? Reservations.horizonCents(offer, newPeak, h) - Reservations.horizonCents(offer, peak, h) : 0);
                    extra = Math.min(extra, added);
                }
            }
            if (!fitsSomewhere) {
                fullOffers.add(offer.id());
            } else if (extra < cheapestFitting) {
                cheapestFitting = extra;
                cheapestOption = o;
            }
        }
        if (cheapestOption == null) {
            return "capacity (R21): no offer has room for it in its window: " + String.join(", ", fullOffers);
        }
        if (e.costCents() + cheapestFitting > totalCap) {
            return "budget (R22): its cheapest placement that fits the capacity left (" + cheapestOption.offer().id()
                    + ") adds " + Money.format(cheapestFitting) + ", only " + Money.format(totalCap - e.costCents())
                    + " of the budget is left" + (fullOffers.isEmpty() ? "" : "; offers without room in its window: "
                    + String.join(", ", fullOffers));
        }
        return "a placement fits capacity and total budget (" + cheapestOption.offer().id() + ", adds "
                + Money.format(cheapestFitting) + "); it is blocked by a per-provider budget or was not found "
                + "by the solver within its limits";
    }
}
