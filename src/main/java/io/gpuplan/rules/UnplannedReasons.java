package io.gpuplan.rules;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Job;
import io.gpuplan.sizing.Billing;
import io.gpuplan.problem.Offer;
import io.gpuplan.sizing.Breach;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
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
            parts.add(rule + " " + rule.title() + " rules out " + shortList(offers) + " (e.g. "
                    + xs.get(0).offer().id() + at(jo.job(), xs.get(0)) + ": " + first.reason() + wouldNeed(xs) + ")");
        });
        return "no eligible option: " + (parts.isEmpty() ? "the problem has no offers" : String.join("; ", parts));
    }

    /**
     * The GPU count an exclusion was sized at, and what limits it there: the offer's cap (the next instance would
     * bill more GPUs than it has, R21) or the job's own maximum (R6).
     */
    static String at(Job job, JobOptions.Exclusion x) {
        if (x.gpus() <= 0) {
            return "";
        }
        Offer o = x.offer();
        boolean capBinds = o.isCapped() && x.gpus() < job.gpus().max()
                && Billing.billedGpus(x.gpus(), o.gpusPerInstance()) + o.gpusPerInstance() > o.maxGpus();
        if (capBinds) {
            return " at its " + x.gpus() + "-GPU cap";
        }
        if (!job.isServing() && x.gpus() == job.gpus().max() && job.gpus().min() < x.gpus() && x.breach().rule() == Rule.R2) {
            return " at the job's most, " + x.gpus() + " GPUs";
        }
        return " at " + x.gpus() + " GPUs";
    }

    /** For R2: the fewest GPUs of each accelerator that would fit the window, beyond what the caps and job allow. */
    static String wouldNeed(List<JobOptions.Exclusion> xs) {
        Map<String, Integer> fewest = new TreeMap<>();
        for (JobOptions.Exclusion x : xs) {
            if (x.neededGpus() > x.gpus()) {
                fewest.merge(x.offer().accelerator().name(), x.neededGpus(), Math::min);
            }
        }
        if (fewest.isEmpty()) {
            return "";
        }
        List<String> needs = fewest.entrySet().stream().sorted(Map.Entry.comparingByValue())
                .map(e -> "≥ " + e.getValue() + " " + e.getKey()).toList();
        return "; it would need " + String.join(" or ", needs);
    }

    /** Up to six names, then how many more: a message about 300 offers names a few. */
    static String shortList(java.util.Collection<String> names) {
        List<String> all = List.copyOf(names);
        return all.size() <= 6 ? String.join(", ", all)
                : String.join(", ", all.subList(0, 6)) + " and " + (all.size() - 6) + " more";
    }

    /**
     * The job has options, but with the other jobs where the plan puts them none fits both capacity (R21) and the
     * budgets (R22): the obstacle of its cheapest option, and the offers without room.
     */
    static String blocked(Evaluation e, JobOptions jo) {
        JobResult mine = e.jobs().stream().filter(j -> j.job().equals(jo.job())).findFirst().orElseThrow();
        Set<String> noRoom = new LinkedHashSet<>();
        String cheapestObstacle = null;
        Option cheapest = null;
        long cheapestAdded = Long.MAX_VALUE;
        for (Option o : jo.options()) {
            JobExplanation.Fit fit = JobExplanation.fit(e.problem(), e, mine, o);
            if (fit.obstacle() == null) {
                return "a placement fits capacity and budgets (" + o.offer().id() + " × " + o.gpus() + " GPUs, adds "
                        + Money.format(fit.added()) + "); the solver did not find it within its limits";
            }
            if (fit.obstacle().startsWith("R21")) {
                noRoom.add(o.offer().id());
            } else if (fit.added() < cheapestAdded) {
                cheapest = o;
                cheapestAdded = fit.added();
                cheapestObstacle = fit.obstacle();
            }
        }
        String rooms = noRoom.isEmpty() ? "" : "no room in its window on " + shortList(noRoom);
        if (cheapest == null) {
            return "capacity (R21): " + rooms;
        }
        return "its cheapest placement with room (" + cheapest.offer().id() + " × " + cheapest.gpus() + " GPUs) breaks "
                + cheapestObstacle + (rooms.isEmpty() ? "" : "; " + rooms);
    }
}
