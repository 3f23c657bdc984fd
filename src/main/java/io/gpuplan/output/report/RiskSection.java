package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument.Assignment;
import io.gpuplan.output.PlanDocument.Risk;
import io.gpuplan.output.PlanDocument.SpotJobRisk;
import io.gpuplan.problem.Job;
import java.util.List;

/**
 * Spot risk: each spot job's chance of missing its deadline under the R10 Poisson model and the Monte Carlo P50 /
 * P90 plan cost, when the plan has its {@code risk} section; otherwise what R10 budgets for each spot job.
 */
final class RiskSection {
    private RiskSection() {
    }

    static Section build(ReportInput in) {
        var s = Section.builder("risk", "Spot risk");
        Risk risk = in.plan().risk();
        List<Assignment> spot = in.planned().stream().filter(a -> "spot".equals(a.purchase())).toList();
        if (risk == null) {
            s.paragraph("Monte Carlo spot risk (P50 / P90 plan cost, expected missed deadlines, P(miss) per job): "
                    + HeadlineSection.NOT_COMPUTED + " for this plan. " + (spot.isEmpty() ? "No job runs on spot."
                    : "Each spot job below is scheduled for Wq, its wall time at its deadline confidence (R10)."));
            s.table(budgeted(in, spot));
            return s.build();
        }
        String cur = in.currency();
        s.paragraph("Model: " + risk.model() + "; " + String.format(java.util.Locale.US, "%,d", risk.runs()) + " Monte Carlo runs of the whole plan, seed "
                + risk.seed() + " (the same seed gives the same numbers).");
        s.table(Table.builder("Plan cost and deadlines under interruptions", "risk-summary").text("measure")
                .num("value").text("note")
                .row(Table.data("item", "expected"), "Expected plan cost", Fmt.money(risk.expectedCost()), cur)
                .row(Table.data("item", "p50"), "P50 plan cost", Fmt.money(risk.p50Cost()), cur + ", median over the runs")
                .row(Table.data("item", "p90"), "P90 plan cost", Fmt.money(risk.p90Cost()), cur + ", exceeded in 1 run of 10")
                .row(Table.data("item", "missed"), "Expected missed deadlines", Fmt.exact(risk.expectedMissedDeadlines()),
                        "jobs per plan run")
                .build());
        var t = Table.builder("Spot jobs: probability of missing the deadline", "spot-job").text("job", "offer")
                .num("interruptions per hour (λ)", "hours lost per interruption (L)", "expected interruptions (λ·W)",
                        "hours to deadline", "interruptions tolerated", "P(miss deadline)")
                .empty("No job runs on spot.");
        List<SpotJobRisk> jobs = risk.spotJobs() == null ? List.of() : risk.spotJobs();
        for (SpotJobRisk j : jobs) {
            t.row(Table.data("job", j.job(), "offer", j.offer()), j.job(), j.offer(), Fmt.exact(j.interruptionsPerHour()),
                    Fmt.exact(j.lossPerInterruption()), Fmt.exact(j.expectedInterruptions()),
                    Fmt.measure(j.hoursToDeadline()), Integer.toString(j.interruptionsTolerated()),
                    Fmt.fraction(j.missProbability()));
        }
        s.table(t.build());
        return s.build();
    }

    private static Table budgeted(ReportInput in, List<Assignment> spot) {
        var t = Table.builder("Spot jobs: interruptions budgeted (R10)", "spot-job").text("job", "offer")
                .num("deadline confidence", "interruptions budgeted (k)", "W hours", "Wq hours").text("end", "deadline")
                .empty("No job runs on spot.");
        for (Assignment a : spot) {
            Job job = in.problem().job(a.job()).orElse(null);
            String deadline = job == null ? "—" : java.util.Objects.toString(job.isServing() ? job.windowEnd() : job.deadline(), "—");
            var h = a.hours();
            t.row(Table.data("job", a.job(), "offer", a.offer()), a.job(), a.offer(),
                    h == null ? "—" : Fmt.fraction(h.confidence()),
                    h == null ? "—" : Integer.toString(h.interruptionsAtConfidence()),
                    h == null ? "—" : Fmt.measure(h.expected()), h == null ? "—" : Fmt.measure(h.atConfidence()),
                    a.end(), deadline);
        }
        return t.build();
    }
}
