package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a report page must hold for a plan (from the plan alone), and the same counts read back from HTML (as
 * written, or as Chromium's DOM dump serialises it) and from the Markdown twin.
 */
record PageCounts(int plannedJobs, int offersWithJobs, int monthsWithCost, int reservations, int unplanned,
                  int spotJobs) {

    static PageCounts expected(PlanDocument plan) {
        List<PlanDocument.Assignment> planned = plan.assignments().stream()
                .filter(a -> "planned".equals(a.status())).toList();
        int months = (int) plan.totals().byMonth().values().stream().filter(v -> v.signum() > 0).count();
        int spot = plan.risk() != null && plan.risk().spotJobs() != null ? plan.risk().spotJobs().size()
                : (int) planned.stream().filter(a -> "spot".equals(a.purchase())).count();
        return new PageCounts(planned.size(), (int) planned.stream().map(PlanDocument.Assignment::offer).distinct().count(),
                months, (int) plan.reservations().stream().filter(r -> r.gpus() > 0).count(), plan.assignments().size() - planned.size(), spot);
    }

    /** The counts as the page's chart elements and table rows show them. */
    static PageCounts inHtml(String html) {
        return new PageCounts(count(html, "<rect class=\"gantt-bar "), count(html, "<rect class=\"gantt-row"),
                count(html, "<rect class=\"bar month\""), count(html, "<tr class=\"reservation\""),
                count(html, "<tr class=\"unplanned\""), count(html, "<tr class=\"spot-job\""));
    }

    /** The same counts from the Markdown twin's tables (the Gantt's counts from the planned-jobs table). */
    static PageCounts inMarkdown(String md) {
        List<List<String>> jobs = MarkdownTables.rows(md, "Planned jobs");
        int monthsWithCost = (int) MarkdownTables.rows(md, "Cost by month").stream()
                .filter(r -> new BigDecimal(r.get(1).replace(",", "")).signum() > 0).count();
        return new PageCounts(jobs.size(), (int) jobs.stream().map(r -> r.get(2)).distinct().count(), monthsWithCost,
                MarkdownTables.rows(md, "Reservations to buy").size(), MarkdownTables.rows(md, "Unplanned jobs and why").size(),
                MarkdownTables.rowsStartingWith(md, "Spot jobs").size());
    }

    static int count(String text, String literal) {
        int n = 0;
        for (int i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + literal.length())) {
            n++;
        }
        return n;
    }

    /** Sum of the provider × purchase model segments' data-cost per provider. */
    static Map<String, BigDecimal> segmentsByProvider(String html) {
        Matcher m = Pattern.compile("<rect class=\"bar segment [^\"]*\"[^>]*data-provider=\"([^\"]*)\"[^>]*data-cost=\"([^\"]*)\"")
                .matcher(html);
        Map<String, BigDecimal> out = new HashMap<>();
        while (m.find()) {
            out.merge(m.group(1), new BigDecimal(m.group(2)), BigDecimal::add);
        }
        return out;
    }
}
