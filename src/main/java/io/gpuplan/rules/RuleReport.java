package io.gpuplan.rules;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Rule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Per-constraint matches, impact and what binds, computed from an {@link Evaluation} (gpuplan's own rule checks:
 * Timefold's score analysis is not in the Community Edition). Names match {@code GpuPlanConstraints}.
 */
public final class RuleReport {
    static final int MAX_LINES = 8;

    private RuleReport() {
    }

    public static List<RuleSummary> build(Evaluation e, List<JobOptions> options) {
        List<RuleSummary> out = new ArrayList<>();
        out.add(hard(e, Rule.R2, "R2 time window", deadlineBinding(e)));
        for (Rule r : List.of(Rule.R8, Rule.R12, Rule.R13, Rule.R14, Rule.R15)) {
            out.add(hard(e, r, r + " " + r.title(), exclusions(options, r)));
        }
        out.add(hard(e, Rule.R21, "R21 capacity", capacityBinding(e)));
        out.add(budget(e, "R22 total budget", v -> v.subject().equals("budget"), totalBudgetBinding(e)));
        out.add(budget(e, "R22 provider budget", v -> v.subject().startsWith("budget."), providerBudgetBinding(e)));
        boolean overhead = e.problem().overheads().stated();
        if (overhead) {
            Integer max = e.problem().overheads().maxProviders();
            out.add(hard(e, Rule.R27, "R27 max providers", max == null || e.openedProviders().size() < max ? List.of()
                    : List.of("opens " + e.openedProviders().size() + " of at most " + max + " providers: "
                    + String.join(", ", e.openedProviders()))));
        }
        List<JobResult> unplanned = e.jobs().stream().filter(j -> !j.planned()).toList();
        out.add(new RuleSummary("R23 unplanned", "medium", unplanned.size(), -e.unplannedPriority(),
                limit(unplanned.stream().sorted(Comparator.comparingInt((JobResult j) -> -j.job().priority()))
                        .map(j -> j.job().id() + " (priority " + j.job().priority() + ")").toList())));
        out.add(soft(e, "R16 migration cost", CostLine.Kind.MIGRATION));
        out.add(soft(e, "R17 compute cost", CostLine.Kind.COMPUTE));
        out.add(soft(e, "R18 reservation cost", CostLine.Kind.RESERVATION));
        out.add(soft(e, "R19 transfer cost", CostLine.Kind.TRANSFER));
        // Only where storage is charged at all, so that plans of problems without it stay as they were.
        if (e.problem().jobs().stream().anyMatch(j -> j.dataset() != null && j.dataset().stored())) {
            out.add(soft(e, "R26 storage cost", CostLine.Kind.STORAGE));
        }
        if (e.problem().offers().stream().anyMatch(Offer::isOwned)) { // only then: other plans read as before
            out.add(soft(e, "R28 owned GPU cost", CostLine.Kind.DEPRECIATION, CostLine.Kind.OPERATIONS));
            out.add(soft(e, "R28 owned GPU power", CostLine.Kind.POWER));
        }
        if (!e.reservations().isEmpty()) {
            out.add(soft(e, "R29 stranded commitment", CostLine.Kind.STRANDED));
        }
        if (e.problem().offers().stream().anyMatch(Offer::isBlock)) { // only then: other plans read as before
            out.add(soft(e, "R30 capacity block cost", CostLine.Kind.BLOCK));
        }
        if (e.problem().previous().present()) { // only for a plan that continues another: other plans read as before
            out.add(soft(e, "R31 churn cost", CostLine.Kind.CHURN));
        }
        if (overhead) {
            out.add(soft(e, "R27 provider fixed cost", CostLine.Kind.PROVIDER_FIXED));
            out.add(soft(e, "R27 support cost", CostLine.Kind.SUPPORT));
        }
        List<Violation> other = e.violations().stream()
                .filter(v -> List.of(Rule.R6, Rule.R9, Rule.R10, Rule.R18, Rule.R28, Rule.R30).contains(v.rule())).toList();
        if (!other.isEmpty()) {
            out.add(new RuleSummary("Other rules (R6, R9, R10, R18" + (other.stream().anyMatch(v -> v.rule() == Rule.R28)
                    ? ", R28" : "") + (other.stream().anyMatch(v -> v.rule() == Rule.R30) ? ", R30" : "") + ")", "hard", other.size(),
                    -other.stream().mapToLong(Violation::amount).sum(), limit(other.stream().map(Violation::toString).toList())));
        }
        return out;
    }

    private static RuleSummary hard(Evaluation e, Rule rule, String name, List<String> binding) {
        List<Violation> vs = e.violations().stream().filter(v -> v.rule() == rule).toList();
        List<String> lines = new ArrayList<>(vs.stream().map(v -> "VIOLATED " + v.subject() + ": " + v.detail()).toList());
        lines.addAll(binding);
        return new RuleSummary(name, "hard", vs.size(), -vs.stream().mapToLong(Violation::amount).sum(), limit(lines));
    }

    private static RuleSummary budget(Evaluation e, String name, java.util.function.Predicate<Violation> which,
                                      List<String> binding) {
        List<Violation> vs = e.violations().stream().filter(v -> v.rule() == Rule.R22 && which.test(v)).toList();
        List<String> lines = new ArrayList<>(vs.stream().map(v -> "VIOLATED " + v.detail()).toList());
        lines.addAll(binding);
        return new RuleSummary(name, "hard", vs.size(), -vs.stream().mapToLong(Violation::amount).sum(), limit(lines));
    }

    private static RuleSummary soft(Evaluation e, String name, CostLine.Kind... kinds) {
        List<CostLine.Kind> which = List.of(kinds);
        // By label: both R26 lines (where the data lives, the copy at the offer) are storage.
        java.util.Set<String> labels = which.stream().map(CostLine.Kind::label).collect(java.util.stream.Collectors.toSet());
        boolean pool = which.contains(CostLine.Kind.RESERVATION) || which.contains(CostLine.Kind.DEPRECIATION)
                || which.contains(CostLine.Kind.STRANDED);
        boolean storage = which.contains(CostLine.Kind.STORAGE);
        List<CostLine> lines = e.costLines().stream().filter(l -> labels.contains(l.kind().label()))
                .sorted(Comparator.comparingLong(CostLine::cents).reversed().thenComparing(CostLine::source)).toList();
        long cents = lines.stream().mapToLong(CostLine::cents).sum();
        return new RuleSummary(name, "soft", lines.size(), -cents,
                limit(lines.stream().map(l -> l.source() + (pool ? which.size() > 1 ? " " + l.kind().label() : "" : which.get(0).overhead() ? "" : " on " + l.offer())
                        + (storage ? " (at " + l.provider() + ")" : "")
                        + ": " + Money.format(l.cents())).toList()));
    }

    /** Jobs that end in the last slot their deadline allows: moving them later is impossible. */
    private static List<String> deadlineBinding(Evaluation e) {
        return e.jobs().stream()
                .filter(j -> j.planned() && j.option() != null && !j.job().isServing()
                        && j.startSlot() == j.option().latestStart())
                .map(j -> j.job().id() + " ends at its deadline " + j.job().deadline()).toList();
    }

    /** The offers the rule excludes per job, from the option enumeration. */
    private static List<String> exclusions(List<JobOptions> options, Rule rule) {
        List<String> out = new ArrayList<>();
        for (JobOptions jo : options) {
            List<String> offers = jo.exclusions().stream().filter(x -> x.breach().rule() == rule)
                    .map(x -> x.offer().id()).distinct().toList();
            if (!offers.isEmpty()) {
                out.add(jo.job().id() + " excludes " + offers.size() + " offer" + (offers.size() == 1 ? "" : "s")
                        + " (" + UnplannedReasons.shortList(offers) + ")");
            }
        }
        return out;
    }

    /** Runs of slots where an offer is used to its capacity (or reservation), with the jobs there. */
    private static List<String> capacityBinding(Evaluation e) {
        Horizon h = e.problem().horizon();
        List<String> out = new ArrayList<>();
        Map<String, Integer> reserved = new LinkedHashMap<>();
        e.reservations().forEach(r -> reserved.put(r.offer().id(), r.gpus()));
        e.owned().forEach(r -> reserved.put(r.offer().id(), r.gpus()));
        for (Offer o : e.problem().offers()) {
            int cap = o.gpuLimit(reserved.getOrDefault(o.id(), 0));
            if (!o.limitsGpusInUse() || cap == 0) {
                continue;
            }
            int[] used = e.usage().get(o.id());
            for (int s = 0; s < used.length; s++) {
                if (used[s] >= cap) {
                    int from = s;
                    while (s + 1 < used.length && used[s + 1] >= cap) {
                        s++;
                    }
                    int to = s;
                    String jobs = e.jobs().stream().filter(j -> j.planned() && j.offer() == o && j.option() != null
                                    && j.startSlot() <= to && j.endSlot() > from)
                            .map(j -> j.job().id()).collect(Collectors.joining(", "));
                    out.add(o.id() + " full (" + cap + (o.isReserved() ? " reserved" : o.isOwned() ? " owned" : "") + " GPUs) from "
                            + h.slotStart(from).toLocalDate() + " to " + h.slotStart(to + 1).toLocalDate() + ": " + jobs);
                }
            }
        }
        return out;
    }

    private static List<String> totalBudgetBinding(Evaluation e) {
        Double total = e.problem().budget().total();
        if (total == null) {
            return List.of();
        }
        long cap = Money.cents(total);
        return List.of("used " + Money.format(e.costCents()) + " of " + Money.format(cap)
                + ", left " + Money.format(cap - e.costCents()));
    }

    private static List<String> providerBudgetBinding(Evaluation e) {
        Map<String, Long> billed = e.totals().byProvider();
        return e.problem().budget().byProvider().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(c -> {
                    long cap = Money.cents(c.getValue());
                    long used = billed.getOrDefault(c.getKey(), 0L);
                    return c.getKey() + ": used " + Money.format(used) + " of " + Money.format(cap)
                            + ", left " + Money.format(cap - used);
                }).toList();
    }

    static List<String> limit(List<String> lines) {
        if (lines.size() <= MAX_LINES) {
            return lines;
        }
        List<String> out = new ArrayList<>(lines.subList(0, MAX_LINES));
        out.add("... and " + (lines.size() - MAX_LINES) + " more");
        return out;
    }
}
