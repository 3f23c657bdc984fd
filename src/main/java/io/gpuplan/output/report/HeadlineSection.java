package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument.Baseline;
import io.gpuplan.output.PlanDocument.Bound;
import io.gpuplan.output.PlanDocument.Cap;
import io.gpuplan.output.PlanDocument.Totals;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Plural;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Cost against budget, savings against the R25 baselines, and the gap to the lower bounds (R24, LP). */
final class HeadlineSection {
    static final String NOT_COMPUTED = "not computed";
    /** Unplanned jobs named in the headline, highest priority first; the Unplanned section lists them all. */
    private static final int TOP_UNPLANNED = 3;
    /** A baseline that runs other jobs than the plan: no saving is stated against it (R25). */
    static final String NOT_COMPARABLE = "not comparable";

    private HeadlineSection() {
    }

    static Section build(ReportInput in) {
        PlanDocument plan = in.plan();
        Totals t = plan.totals();
        String cur = in.currency();
        var s = Section.builder("headline", "Headline");
        unplanned(in).ifPresent(s::paragraph);
        String file = plan.problem() == null ? "" : " (" + plan.problem().file() + ")";
        s.paragraph(plan.name() + file + ": " + in.horizonText() + ". Amounts in " + cur + " (the base currency)"
                + ". Feasible: " + (plan.feasible() ? "yes" : "NO, the plan breaks a hard rule (see Constraints)")
                + ". Score " + plan.score() + ".");
        s.figures(figures(in, t));
        var table = Table.builder("Cost, budget, baselines and bounds", "headline").text("item")
                .num("amount (" + cur + ")").prose("note");
        table.row(Table.data("item", "cost"), "Plan cost in the horizon", Fmt.money(t.cost()),
                "R20: compute, reservations, transfer and migration; " + jobsText(plan));
        budgetRows(table, t.budget());
        table.row(Table.data("item", "commitments"), "Commitments past the horizon", Fmt.money(t.commitmentsPastHorizon()),
                "R18: reserved terms that run past " + in.horizon().end() + "; not part of the plan cost");
        if (t.ownedCapitalOutlay() != null) {
            table.row(Table.data("item", "owned-outlay"), "Capital outlay for owned cards", Fmt.money(t.ownedCapitalOutlay()),
                    "R28: cards bought outright, paid once; the plan cost carries their depreciation, not the outlay");
        }
        Map<String, Baseline> baselines = t.baselines() == null ? Map.of() : t.baselines();
        baselineRows(table, "greedy", "Greedy baseline (R25)", baselines.get("greedy"));
        baselineRows(table, "allOnDemand", "All on-demand baseline (R25)", baselines.get("allOnDemand"));
        boundRows(table, t.lowerBound());
        PlanDocument.Risk risk = plan.risk();
        if (risk != null) {
            table.row(Table.data("item", "p90"), "P90 plan cost under spot interruptions", Fmt.money(risk.p90Cost()),
                    "P50 " + Fmt.money(risk.p50Cost()) + "; expected missed deadlines "
                            + Fmt.exact(risk.expectedMissedDeadlines()) + " (see Spot risk)");
        }
        s.table(table.build());
        return s.build();
    }

    /** How many jobs the plan leaves out, their priority, and the top ones with the reason that binds them. */
    private static java.util.Optional<String> unplanned(ReportInput in) {
        PlanDocument.Summary sum = in.plan().summary();
        if (sum == null || sum.unplanned() == 0) {
            return java.util.Optional.empty();
        }
        List<PlanDocument.Assignment> top = in.notPlanned().stream()
                .sorted(java.util.Comparator.comparingInt(PlanDocument.Assignment::priority).reversed()
                        .thenComparing(PlanDocument.Assignment::job)).toList();
        StringBuilder sb = new StringBuilder().append(sum.unplanned()).append(" of ").append(sum.jobs())
                .append(sum.jobs() == 1 ? " job" : " jobs").append(" unplanned (priority ")
                .append(sum.unplannedPriority()).append(" left out)");
        String sep = ": ";
        for (PlanDocument.Assignment a : top.subList(0, Math.min(TOP_UNPLANNED, top.size()))) {
            sb.append(sep).append(a.job()).append(" (priority ").append(a.priority()).append("): ")
                    .append(a.reason() == null ? "no reason recorded" : a.reason());
            sep = "; ";
        }
        if (top.size() > TOP_UNPLANNED) {
            sb.append("; and ").append(top.size() - TOP_UNPLANNED).append(" more");
        }
        return java.util.Optional.of(sb.append(" (see Unplanned jobs).").toString());
    }

    private static String jobsText(PlanDocument plan) {
        var sum = plan.summary();
        return sum == null ? "" : sum.planned() + " of " + sum.jobs() + " jobs planned"
                + (sum.unplanned() > 0 ? " (unplanned priority " + sum.unplannedPriority() + ")" : "");
    }

    private static List<Section.Figure> figures(ReportInput in, Totals t) {
        String cur = in.currency() + " ";
        List<Section.Figure> out = new ArrayList<>();
        PlanDocument.Summary sum = in.plan().summary();
        if (sum != null && sum.unplanned() > 0) {
            out.add(new Section.Figure("Unplanned", sum.unplanned() + " of " + Plural.count(sum.jobs(), "job", "jobs"),
                    "priority " + sum.unplannedPriority() + " left out"));
        }
        out.add(new Section.Figure("Plan cost", cur + Fmt.money(t.cost()), jobsText(in.plan())));
        Cap total = t.budget() == null ? null : t.budget().total();
        out.add(total == null ? new Section.Figure("Budget left", "no total budget", "no cap on the plan cost")
                : new Section.Figure("Budget left", cur + Fmt.money(total.left()),
                "used " + Fmt.money(total.used()) + " of " + Fmt.money(total.cap())));
        Baseline greedy = t.baselines() == null ? null : t.baselines().get("greedy");
        out.add(greedy == null ? new Section.Figure("Saving vs greedy", NOT_COMPUTED, "")
                : greedy.savings() == null ? new Section.Figure("Saving vs greedy", NOT_COMPARABLE,
                "greedy runs " + greedy.planned() + " of the plan's " + in.plan().summary().planned() + " jobs")
                : new Section.Figure("Saving vs greedy", cur + Fmt.money(greedy.savings()),
                Fmt.percent(greedy.savingsPercent()) + " of " + Fmt.money(greedy.cost())
                        + (greedy.feasible() ? "" : "; greedy breaks a rule, so it is no plan to buy")));
        Bound b = t.lowerBound();
        out.add(b == null || b.statement() == null ? new Section.Figure("Proven", NOT_COMPUTED, "")
                : new Section.Figure("Proven", Boolean.TRUE.equals(b.provenOptimal()) ? "optimal"
                : Boolean.FALSE.equals(b.unplannedPriorityProven()) ? "priority not proven minimal"
                : gap(b) == null ? "no bound" : "within " + Fmt.fraction(gap(b)), provenBy(b)));
        return out;
    }

    /**
     * The card's note: what proved an optimal plan optimal (its value already says "optimal"), else the statement,
     * which says how far the plan may be from the bound.
     */
    private static String provenBy(Bound b) {
        return Boolean.TRUE.equals(b.provenOptimal()) && b.unplannedPriorityBy() != null && b.bestBy() != null
                ? "unplanned priority by " + b.unplannedPriorityBy() + "; cost by " + b.bestBy() : b.statement();
    }

    private static void budgetRows(Table.Builder table, PlanDocument.Budget budget) {
        if (budget == null) {
            table.row(Table.data("item", "budget"), "Budget", "—", "the problem sets no budget (R22)");
            return;
        }
        if (budget.total() != null) {
            table.row(Table.data("item", "budget"), "Total budget (R22)", Fmt.money(budget.total().cap()), capText(budget.total()));
        }
        if (budget.byProvider() != null) {
            budget.byProvider().forEach((provider, cap) -> table.row(Table.data("item", "budget-" + provider),
                    "Budget " + provider + " (R22)", Fmt.money(cap.cap()), capText(cap)));
        }
    }

    private static String capText(Cap cap) {
        return "used " + Fmt.money(cap.used()) + ", left " + Fmt.money(cap.left());
    }

    private static void baselineRows(Table.Builder table, String key, String label, Baseline b) {
        if (b == null) {
            table.row(Table.data("item", key), label, NOT_COMPUTED, "");
            return;
        }
        table.row(Table.data("item", key), label, Fmt.money(b.cost()), b.planned() + " jobs planned, "
                + b.unplanned() + " unplanned; " + (b.feasible() ? "feasible" : "infeasible under the problem's rules")
                + "\n" + b.note());
        String saving = "Saving vs " + label.replace(" (R25)", "").toLowerCase(java.util.Locale.ROOT);
        if (b.savings() == null) {
            table.row(Table.data("item", key + "-savings"), saving, NOT_COMPARABLE,
                    "the baseline runs other jobs than the plan");
            return;
        }
        table.row(Table.data("item", key + "-savings"), saving,
                Fmt.money(b.savings()), Fmt.percent(b.savingsPercent()) + " of the baseline's cost"
                        + (b.savings().signum() < 0 ? "; the plan costs more" : "")
                        + (b.feasible() ? "" : "; the baseline breaks a rule of the problem, so it is no plan to buy"));
    }

    /**
     * The gap to the cost bound, only for a plan whose unplanned priority is proven minimal: the bound holds for plans
     * that leave as much out, so "0 %" says nothing of a plan that might run more.
     */
    private static java.math.BigDecimal gap(Bound b) {
        return Boolean.FALSE.equals(b.unplannedPriorityProven()) ? null : b.gap();
    }

    private static void boundRows(Table.Builder table, Bound b) {
        if (b == null || b.statement() == null) {
            table.row(Table.data("item", "proven"), "What is proven", NOT_COMPUTED, "this plan carries no certificate");
            return;
        }
        table.row(Table.data("item", "proven"), "What is proven", gap(b) == null ? "—" : Fmt.fraction(gap(b)),
                b.statement() + (b.startedFrom() == null ? "" : "\nlocal search's last run started from " + b.startedFrom()));
        table.row(Table.data("item", "unplanned-bound"), "Unplanned priority no plan can go below",
                String.valueOf(b.unplannedPriorityAtLeast()), b.unplannedPriorityBy() == null ? "" : "by " + b.unplannedPriorityBy());
        table.row(Table.data("item", "bound"), "Cost no plan at this priority can go below",
                b.best() == null ? "—" : Fmt.money(b.best()), (b.bestBy() == null ? "no proven bound" : "by " + b.bestBy())
                        + (b.note() == null || b.note().isEmpty() ? "" : "\n" + b.note()));
        table.row(Table.data("item", "r24"), "R24 lower bound, planned jobs", Fmt.money(b.r24PlannedJobs()),
                "each planned job at its cheapest eligible option, capacity ignored: a bound for plans of the same jobs");
        table.row(Table.data("item", "r24-all"), "R24 lower bound, all jobs", Fmt.money(b.r24AllJobs()),
                "the cheapest any plan of every job could cost (R24)");
    }
}
