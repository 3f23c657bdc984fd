package io.gpuplan.output.compare;

import io.gpuplan.output.PlanDocument;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
     */
    public record Point(BigDecimal budget, String planFile, int planned, int jobs, long plannedPriority,
                        long unplannedPriority, BigDecimal cost, BigDecimal left, List<String> newlyPlanned,
                        List<String> dropped, BigDecimal priorityPer1000) {
        /** "+a +b −c": what changed against the previous budget. */
        public String changes() {
            List<String> parts = new ArrayList<>();
            newlyPlanned.forEach(j -> parts.add("+" + j));
            dropped.forEach(j -> parts.add("-" + j));
            return String.join(" ", parts);
        }
    }

    public static Frontier of(String scenario, List<BigDecimal> budgets, List<String> planFiles, List<PlanDocument> plans) {
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
                    per1000));
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
            sb.append("| ").append(p.budget().toPlainString()).append(" | ").append(p.planned()).append(" of ").append(p.jobs())
                    .append(" | ").append(p.plannedPriority()).append(" | ").append(p.cost().toPlainString()).append(" | ")
                    .append(p.left() == null ? "-" : p.left().toPlainString()).append(" | ")
                    .append(p.priorityPer1000() == null ? "-" : p.priorityPer1000().toPlainString()).append(" | ")
                    .append(io.gpuplan.output.report.Markdown.cell(p.changes())).append(" |\n");
        }
        return sb.append("\nPlans: ").append(io.gpuplan.output.report.Markdown.text(String.join(", ", points.stream().map(Point::planFile).toList()))).append('\n').toString();
    }

    public String csv() {
        StringBuilder sb = new StringBuilder("budget,planned,jobs,plannedPriority,unplannedPriority,cost,left,priorityPer1000,changes,plan\r\n");
        for (Point p : points) {
            sb.append(p.budget().toPlainString()).append(',').append(p.planned()).append(',').append(p.jobs()).append(',')
                    .append(p.plannedPriority()).append(',').append(p.unplannedPriority()).append(',')
                    .append(p.cost().toPlainString()).append(',').append(p.left() == null ? "" : p.left().toPlainString()).append(',')
                    .append(p.priorityPer1000() == null ? "" : p.priorityPer1000().toPlainString()).append(',')
                    .append(ComparisonWriter.csvField(p.changes())).append(',')
                    .append(ComparisonWriter.csvField(p.planFile())).append("\r\n");
        }
        return sb.toString();
    }

    /** A page with the table and an SVG chart: planned priority (steps) and plan cost (line) against budget. */
    public String html() {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Budget frontier: ")
                .append(ComparisonWriter.esc(scenario)).append("</title><style>body{font:14px/1.4 system-ui,sans-serif;margin:2em}")
                .append("table{border-collapse:collapse}th,td{border:1px solid #bbb;padding:4px 8px}td.n{text-align:right}")
                .append("</style></head><body><h1>Budget frontier: ").append(ComparisonWriter.esc(scenario)).append("</h1>\n")
                .append(chart()).append("\n<table class=\"frontier\"><tr><th>budget</th><th>jobs planned</th><th>planned priority</th>")
                .append("<th>plan cost</th><th>priority per 1000 more</th><th>planned (+) / dropped (-)</th></tr>\n");
        for (Point p : points) {
            sb.append("<tr class=\"point\"><td class=\"n\">").append(p.budget().toPlainString()).append("</td><td class=\"n\">")
                    .append(p.planned()).append(" of ").append(p.jobs()).append("</td><td class=\"n\">").append(p.plannedPriority())
                    .append("</td><td class=\"n\">").append(p.cost().toPlainString()).append("</td><td class=\"n\">")
                    .append(p.priorityPer1000() == null ? "-" : p.priorityPer1000().toPlainString()).append("</td><td>")
                    .append(ComparisonWriter.esc(p.changes())).append("</td></tr>\n");
        }
        return sb.append("</table></body></html>\n").toString();
    }

    private String chart() {
        int w = 720;
        int h = 320;
        int left = 70;
        int right = 70;
        int top = 20;
        int bottom = 50;
        double minB = points.get(0).budget().doubleValue();
        double maxB = points.get(points.size() - 1).budget().doubleValue();
        double maxP = Math.max(1, points.stream().mapToLong(Point::plannedPriority).max().orElse(1));
        double maxC = Math.max(1, points.stream().mapToDouble(p -> p.cost().doubleValue()).max().orElse(1));
        java.util.function.DoubleUnaryOperator x = b -> left + (maxB == minB ? 0.5 : (b - minB) / (maxB - minB)) * (w - left - right);
        StringBuilder steps = new StringBuilder();
        StringBuilder line = new StringBuilder();
        StringBuilder marks = new StringBuilder();
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            double px = x.applyAsDouble(p.budget().doubleValue());
            double py = top + (1 - p.plannedPriority() / maxP) * (h - top - bottom);
            double cy = top + (1 - p.cost().doubleValue() / maxC) * (h - top - bottom);
            steps.append(i == 0 ? "M" : " H").append(fmt(px)).append(i == 0 ? "," + fmt(py) : " V" + fmt(py));
            line.append(i == 0 ? "M" : " L").append(fmt(px)).append(',').append(fmt(cy));
            marks.append("<circle class=\"point priority\" cx=\"").append(fmt(px)).append("\" cy=\"").append(fmt(py)).append("\" r=\"4\"/>")
                    .append("<text x=\"").append(fmt(px)).append("\" y=\"").append(h - bottom + 18).append("\" text-anchor=\"middle\" font-size=\"11\">")
                    .append(p.budget().toPlainString()).append("</text>");
        }
        return "<svg class=\"frontier-chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w + "\" height=\"" + h + "\" viewBox=\"0 0 "
                + w + " " + h + "\" role=\"img\" aria-label=\"planned priority and cost against budget\">"
                + "<line x1=\"" + left + "\" y1=\"" + (h - bottom) + "\" x2=\"" + (w - right) + "\" y2=\"" + (h - bottom) + "\" stroke=\"#333\"/>"
                + "<path d=\"" + steps + "\" fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"2\"/>"
                + "<path d=\"" + line + "\" fill=\"none\" stroke=\"#c0502a\" stroke-width=\"2\" stroke-dasharray=\"5,3\"/>"
                + marks
                + "<text x=\"" + left + "\" y=\"14\" font-size=\"12\" fill=\"#1f5fa8\">planned priority (max " + (long) maxP + ")</text>"
                + "<text x=\"" + (w - right) + "\" y=\"14\" font-size=\"12\" fill=\"#c0502a\" text-anchor=\"end\">plan cost (max "
                + String.format(Locale.ROOT, "%.0f", maxC) + " " + ComparisonWriter.esc(currency) + ")</text>"
                + "<text x=\"" + (w / 2) + "\" y=\"" + (h - 8) + "\" font-size=\"12\" text-anchor=\"middle\">total budget ("
                + ComparisonWriter.esc(currency) + ")</text></svg>";
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
