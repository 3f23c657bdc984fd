package io.gpuplan.output.compare;

import io.gpuplan.output.Numbers;
import io.gpuplan.output.PlanDocument;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The budget frontier: the same scenario solved at several total budgets, and what each step of budget buys —
 * planned priority, jobs, cost — read from the plans.
 */
public record Frontier(String scenario, String currency, List<Point> points) {

    /**
     * One budget: its plan's figures, the jobs it plans that the previous (smaller) budget did not and those it
     * no longer plans, and the priority each extra 1000 of budget bought.
     *
     * @param startedFrom the smaller budget whose plan scored better under this budget than its own solve, so that
     *                    it was solved again from that plan; null when its own solve stands
     */
    public record Point(BigDecimal budget, String planFile, int planned, int jobs, long plannedPriority,
                        long unplannedPriority, BigDecimal cost, BigDecimal left, List<String> newlyPlanned,
                        List<String> dropped, BigDecimal priorityPer1000, BigDecimal startedFrom) {
        /** "+a +b −c": what changed against the previous budget. */
        public String changes() {
            List<String> parts = new ArrayList<>();
            newlyPlanned.forEach(j -> parts.add("+" + j));
            dropped.forEach(j -> parts.add("-" + j));
            return String.join(" ", parts);
        }
    }

    public static Frontier of(String scenario, List<BigDecimal> budgets, List<String> planFiles, List<PlanDocument> plans) {
        return of(scenario, budgets, planFiles, plans, java.util.Collections.nCopies(plans.size(), null));
    }

    /** @param startedFrom per budget, the smaller budget it was solved again from (null: its own solve) */
    public static Frontier of(String scenario, List<BigDecimal> budgets, List<String> planFiles, List<PlanDocument> plans,
                              List<BigDecimal> startedFrom) {
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < plans.size(); i++) {
            PlanDocument p = plans.get(i);
            Set<String> planned = plannedJobs(p);
            List<String> fresh = new ArrayList<>();
            List<String> dropped = new ArrayList<>();
            BigDecimal per1000 = null;
            if (i > 0) {
                Set<String> before = plannedJobs(plans.get(i - 1));
                planned.stream().filter(j -> !before.contains(j)).forEach(fresh::add);
                before.stream().filter(j -> !planned.contains(j)).forEach(dropped::add);
                BigDecimal step = budgets.get(i).subtract(budgets.get(i - 1));
                long gained = p.summary().plannedPriority() - plans.get(i - 1).summary().plannedPriority();
                per1000 = step.signum() == 0 ? null : BigDecimal.valueOf(gained * 1000L).divide(step, 3, RoundingMode.HALF_UP);
            }
            BigDecimal left = p.totals().budget() == null || p.totals().budget().total() == null ? null
                    : p.totals().budget().total().left();
            points.add(new Point(budgets.get(i), planFiles.get(i), p.summary().planned(), p.summary().jobs(),
                    p.summary().plannedPriority(), p.summary().unplannedPriority(), p.totals().cost(), left, fresh, dropped,
                    per1000, startedFrom.get(i)));
        }
        return new Frontier(scenario, plans.get(0).currency(), List.copyOf(points));
    }

    private static Set<String> plannedJobs(PlanDocument p) {
        Set<String> out = new TreeSet<>();
        p.assignments().stream().filter(a -> "planned".equals(a.status())).forEach(a -> out.add(a.job()));
        return out;
    }

    public String markdown() {
        StringBuilder sb = new StringBuilder("# Budget frontier: ").append(io.gpuplan.output.report.Markdown.text(scenario)).append("\n\n");
        sb.append("What each step of budget buys: the same scenario solved at each total budget (per-provider caps as in"
                + " the scenario). Priority is the sum of the planned jobs' priorities (R23).\n\n");
        sb.append("| budget (").append(currency).append(") | jobs planned | planned priority | plan cost | budget left |"
                + " priority per 1000 more | planned (+) / dropped (-) against the budget before |\n|---:|---:|---:|---:|---:|---:|---|\n");
        for (Point p : points) {
            sb.append("| ").append(Numbers.grouped(p.budget())).append(" | ").append(p.planned()).append(" of ").append(p.jobs())
                    .append(" | ").append(Numbers.grouped(BigDecimal.valueOf(p.plannedPriority()))).append(" | ")
                    .append(Numbers.grouped(p.cost())).append(" | ")
                    .append(Numbers.grouped(p.left())).append(" | ")
                    .append(p.priorityPer1000() == null ? "-" : p.priorityPer1000().toPlainString()).append(" | ")
                    .append(io.gpuplan.output.report.Markdown.cell(p.changes())).append(" |\n");
        }
        for (String note : notes()) {
            sb.append('\n').append(io.gpuplan.output.report.Markdown.text(note)).append('\n');
        }
        return sb.append("\nPlans: ").append(io.gpuplan.output.report.Markdown.text(String.join(", ", points.stream().map(Point::planFile).toList()))).append('\n').toString();
    }

    /**
     * One sentence per budget that was solved again from a smaller budget's plan: a plan that fits a smaller budget
     * fits a larger one, so the frontier never plans less for more.
     */
    public List<String> notes() {
        List<String> out = new ArrayList<>();
        for (Point p : points) {
            if (p.startedFrom() != null) {
                out.add("At " + Numbers.grouped(p.budget()) + " the plan found for " + Numbers.grouped(p.startedFrom())
                        + " scored better than this budget's own solve (priority first, then cost, R23), so this budget"
                        + " was solved again starting from it.");
            }
        }
        return out;
    }

    public String csv() {
        StringBuilder sb = new StringBuilder("budget,planned,jobs,plannedPriority,unplannedPriority,cost,left,priorityPer1000,changes,plan\r\n");
        for (Point p : points) {
            sb.append(p.budget().toPlainString()).append(',').append(p.planned()).append(',').append(p.jobs()).append(',')
                    .append(p.plannedPriority()).append(',').append(p.unplannedPriority()).append(',')
                    .append(p.cost().toPlainString()).append(',').append(p.left() == null ? "" : p.left().toPlainString()).append(',')
                    .append(p.priorityPer1000() == null ? "" : p.priorityPer1000().toPlainString()).append(',')
                    .append(io.gpuplan.output.CsvField.of(p.changes())).append(',')
                    .append(io.gpuplan.output.CsvField.of(p.planFile())).append("\r\n");
        }
        return sb.toString();
    }
}
