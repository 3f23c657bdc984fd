package io.gpuplan.output.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocument.Assignment;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The report of the tiny fixture: chart elements and table rows match the plan, in HTML and Markdown alike. */
class ReportTest {

    @Test
    void htmlHasOneGanttBarPerPlannedJobAndOneMonthBarPerMonthWithCost() {
        var r = ReportFixtures.tiny();
        String html = r.html();
        PageCounts expected = PageCounts.expected(r.plan());
        assertEquals(new PageCounts(4, 3, 1, 1, 0, 0), expected, "the tiny plan changed; check the fixture");
        assertEquals(expected, PageCounts.inHtml(html));
        for (Assignment a : r.plan().assignments()) {
            assertTrue(html.contains("data-job=\"" + a.job() + "\""), a.job() + " has no bar");
        }
        assertEquals(expected.plannedJobs(), PageCounts.count(html, "<tr class=\"job\""));
        assertEquals(expected.reservations(), PageCounts.count(html, "<svg class=\"chart utilisation\""));
        assertEquals(r.plan().constraints().size(), PageCounts.count(html, "<tr class=\"constraint\""));
        assertEquals(r.problem().offers().size(), PageCounts.count(html, "<tr class=\"offer\""));
    }

    @Test
    void unplannedJobsAreListedWithTheirReasonAndSpotJobsInTheRiskTable() {
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        PageCounts expected = PageCounts.expected(r.plan());
        assertEquals(new PageCounts(3, 3, 1, 1, 1, 1), expected);
        String html = r.html();
        assertEquals(expected, PageCounts.inHtml(html));
        assertEquals(expected, PageCounts.inMarkdown(r.markdown()));
        Assignment unplanned = r.plan().assignments().stream().filter(a -> a.job().equals("finetune-13b")).findFirst().orElseThrow();
        assertEquals("unplanned", unplanned.status());
        assertTrue(unplanned.reason() != null && !unplanned.reason().isBlank());
        assertTrue(html.contains(Html.esc(unplanned.reason())), "the reason is not on the page");
        assertTrue(html.contains("class=\"gantt-bar purchase-spot\""), "the spot job's bar is not marked spot");
    }

    @Test
    void markdownHasTheSameNumbers() {
        for (var r : List.of(ReportFixtures.tiny(), ReportFixtures.tinyWithUnplannedAndSpot())) {
            String md = r.markdown();
            assertEquals(PageCounts.expected(r.plan()), PageCounts.inMarkdown(md));
            assertEquals(PageCounts.inHtml(r.html()), PageCounts.inMarkdown(md));
            assertTrue(md.contains("| Plan cost in the horizon | " + Fmt.money(r.plan().totals().cost()) + " |"));
            List<List<String>> months = MarkdownTables.rows(md, "Cost by month");
            Map<String, BigDecimal> byMonth = new TreeMap<>();
            months.forEach(row -> byMonth.put(row.get(0), new BigDecimal(row.get(1).replace(",", ""))));
            r.plan().totals().byMonth().forEach((m, v) -> assertEquals(0, v.compareTo(byMonth.get(m)), m));
        }
    }

    @Test
    void everyTableHasTheSameRowsInHtmlAndMarkdown() {
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        String html = r.html();
        String md = r.markdown();
        for (Section s : Report.sections(new ReportInput(r.problem(), r.plan(), r.evaluation()))) {
            for (Section.Block b : s.blocks()) {
                if (b instanceof Section.TableBlock(Table t)) {
                    assertEquals(t.rows().size(), PageCounts.count(html, "<tr class=\"" + t.rowClass() + "\""), t.caption());
                    List<List<String>> rows = MarkdownTables.rows(md, MarkdownWriter.text(t.caption()));
                    assertEquals(t.rows().size(), rows.size(), t.caption());
                    for (int i = 0; i < rows.size(); i++) {
                        assertEquals(t.columns().size(), rows.get(i).size(), t.caption() + " row " + i);
                    }
                }
            }
        }
    }

    @Test
    void providerSegmentsAddUpToThePlansProviderTotals() {
        for (var r : List.of(ReportFixtures.tiny(), ReportFixtures.tinyWithUnplannedAndSpot())) {
            Map<String, BigDecimal> segments = PageCounts.segmentsByProvider(r.html());
            Map<String, BigDecimal> plan = new TreeMap<>();
            r.plan().totals().byProvider().forEach((p, v) -> {
                if (v.signum() != 0) {
                    plan.put(p, v);
                }
            });
            assertEquals(plan.keySet(), segments.keySet());
            plan.forEach((p, v) -> assertEquals(0, v.compareTo(segments.get(p)), p + ": " + segments.get(p) + " vs " + v));
        }
    }

    @Test
    void textIsEscapedInHtmlAndMarkdown() {
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        List<Assignment> assignments = new ArrayList<>();
        for (Assignment a : r.plan().assignments()) {
            assignments.add(a.reason() == null ? a : new Assignment(a.job(), a.kind(), a.priority(), a.status(), a.offer(),
                    a.provider(), a.region(), a.jurisdiction(), a.accelerator(), a.purchase(), a.gpus(), a.billedGpus(),
                    a.instances(), a.gpusPerReplica(), a.start(), a.end(), a.startSlot(), a.slots(), a.hours(), a.migrated(),
                    a.price(), a.cost(), "cap \"x\" < 5 & y > 3 | <b>bold</b> 'q'"));
        }
        var evil = r.withPlan(ReportFixtures.with(r.plan(), "<script>alert('x')</script> R&D", assignments,
                r.plan().totals(), null));
        String html = evil.html();
        assertFalse(html.contains("<script"), "a script tag got through");
        assertFalse(html.contains("<b>bold"), "markup in a reason got through");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; R&amp;D"));
        assertTrue(html.contains("cap &quot;x&quot; &lt; 5 &amp; y &gt; 3 | &lt;b&gt;bold&lt;/b&gt; &#39;q&#39;"));
        String md = evil.markdown();
        assertFalse(md.contains("<script") || md.contains("<b>"), "raw markup in the Markdown");
        assertTrue(md.contains("# Finance review: &lt;script&gt;alert('x')&lt;/script&gt; R&amp;D"));
        assertTrue(md.contains("cap \"x\" &lt; 5 &amp; y &gt; 3 \\| &lt;b&gt;bold&lt;/b&gt; 'q'"), "pipe not escaped");
        assertEquals(PageCounts.expected(evil.plan()), PageCounts.inMarkdown(md), "an escaped pipe split a row");
    }

    @Test
    void riskAndCertificateSayNotComputedWhenThePlanLacksThem() {
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        PlanDocument.Totals t = r.plan().totals();
        PlanDocument.Bound b = t.lowerBound();
        var none = new PlanDocument.Bound(null, null, null, null, null, null, null, null, b.r24PlannedJobs(), b.r24AllJobs(), null, null);
        var bare = r.withPlan(ReportFixtures.with(r.plan(), r.plan().name(), r.plan().assignments(),
                ReportFixtures.withBound(t, none), null));
        String html = bare.html();
        assertTrue(html.contains("<tr class=\"headline\" data-item=\"proven\"><td class=\"nw\">What is proven</td>"
                + "<td class=\"num\">not computed</td>"), "certificate row without a certificate");
        assertTrue(html.contains("Monte Carlo spot risk (P50 / P90 plan cost, expected missed deadlines, P(miss) per job): "
                + "not computed"));
        assertEquals(1, PageCounts.count(html, "<tr class=\"spot-job\""), "the spot job's R10 budget is still listed");
        assertTrue(bare.markdown().contains("| What is proven | not computed | this plan carries no certificate |"));
    }

    @Test
    void thePlansRiskAndCertificateAreShown() {
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        PlanDocument.Risk risk = r.plan().risk();
        assertTrue(risk != null && risk.spotJobs().size() == 1, "the plan builder no longer fills the risk section");
        for (String page : List.of(r.html(), r.markdown())) {
            assertTrue(page.contains(Fmt.money(risk.p50Cost())) && page.contains(Fmt.money(risk.p90Cost())), "P50 / P90");
            assertTrue(page.contains(Fmt.fraction(risk.spotJobs().get(0).missProbability())), "P(miss)");
        }
        assertEquals(1, PageCounts.count(r.html(), "<tr class=\"spot-job\" data-job=\"pretrain-7b\""));
        assertEquals(4, PageCounts.count(r.html(), "<tr class=\"risk-summary\""));
        PlanDocument.Totals t = r.plan().totals();
        PlanDocument.Bound b = t.lowerBound();
        var proof = new PlanDocument.Bound("cost within 1.50 % of a proven bound; unplanned priority proven minimal", 3L, true,
                "test LP", new BigDecimal("12345.67"), new BigDecimal("0.0150"), "LP relaxation over 3 jobs (test)", false,
                b.r24PlannedJobs(), b.r24AllJobs(), null, null);
        var withProof = r.withPlan(ReportFixtures.with(r.plan(), r.plan().name(), r.plan().assignments(),
                ReportFixtures.withBound(t, proof), risk));
        for (String page : List.of(withProof.html(), withProof.markdown())) {
            assertTrue(page.contains("12,345.67") && page.contains("by LP relaxation over 3 jobs (test)"), "cost bound");
            assertTrue(page.contains("cost within 1.50 % of a proven bound; unplanned priority proven minimal"), "statement");
        }
        assertTrue(withProof.markdown().contains("| Cost no plan at this priority can go below | 12,345.67 | by LP relaxation over 3 jobs (test) |"),
                withProof.markdown());
    }

    @Test
    void aBaselineThatRunsOtherJobsGivesNoSavingFigure() {
        // R25: greedy could place only 1 of the plan's 2 jobs; the page says so instead of a (negative) saving.
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        PlanDocument.Totals t = r.plan().totals();
        var greedy = new PlanDocument.Baseline(new BigDecimal("55160.00"), 1, 2, true, null, null,
                "R25 on the plan's jobs; not comparable: it runs 1 of the plan's 2 jobs");
        var baselines = new java.util.LinkedHashMap<>(t.baselines());
        baselines.put("greedy", greedy);
        var totals = new PlanDocument.Totals(t.cost(), t.byCategory(), t.byProvider(), t.byPurchaseModel(), t.byMonth(),
                t.byAccelerator(), t.commitmentsPastHorizon(), t.strandedCommitments(), t.ownedCapitalOutlay(), t.budget(), t.lowerBound(), baselines);
        var page = r.withPlan(ReportFixtures.with(r.plan(), r.plan().name(), r.plan().assignments(), totals, r.plan().risk()));
        String html = page.html();
        assertTrue(html.contains("<div class=\"figure-label\">Saving vs greedy</div><div class=\"figure-value\">"
                + "not comparable</div><div class=\"figure-detail\">greedy runs 1 of the plan&#39;s "
                + r.plan().summary().planned() + " jobs</div>"), html);
        assertTrue(page.markdown().contains("| Saving vs greedy baseline | not comparable |"), page.markdown());
    }

    @Test
    void aSavingAgainstARuleBreakingBaselineSaysTheBaselineCannotBeBought() {
        // Greedy runs the plan's jobs but breaks a rule (capacity or budget): a figure is given, but never bare.
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        PlanDocument.Totals t = r.plan().totals();
        var greedy = new PlanDocument.Baseline(new BigDecimal("1000.00"), r.plan().summary().planned(), 1, false,
                t.cost().subtract(new BigDecimal("1000.00")).negate(), new BigDecimal("-12.50"), "R25 on the plan's jobs");
        var baselines = new java.util.LinkedHashMap<>(t.baselines());
        baselines.put("greedy", greedy);
        var totals = new PlanDocument.Totals(t.cost(), t.byCategory(), t.byProvider(), t.byPurchaseModel(), t.byMonth(),
                t.byAccelerator(), t.commitmentsPastHorizon(), t.strandedCommitments(), t.ownedCapitalOutlay(), t.budget(), t.lowerBound(), baselines);
        var page = r.withPlan(ReportFixtures.with(r.plan(), r.plan().name(), r.plan().assignments(), totals, r.plan().risk()));
        assertTrue(page.html().contains("of 1,000.00; greedy breaks a rule, so it is no plan to buy</div>"), page.html());
        assertTrue(page.markdown().contains("of the baseline's cost; the plan costs more; the baseline breaks a rule of the"
                + " problem, so it is no plan to buy |"), page.markdown());
    }

    @Test
    void unplannedJobsComeFirstInTheHeadline() {
        // finetune-13b is left out: the headline says so before "Feasible: yes", with its priority and reason.
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        Assignment out = r.plan().assignments().stream().filter(a -> a.job().equals("finetune-13b")).findFirst().orElseThrow();
        String md = r.markdown();
        String headline = md.substring(md.indexOf("## Headline"));
        String first = headline.lines().skip(1).filter(l -> !l.isBlank()).findFirst().orElseThrow();
        assertTrue(first.startsWith("1 of " + r.plan().summary().jobs() + " jobs unplanned (priority "
                + out.priority() + " left out): finetune-13b (priority " + out.priority() + "): "), first);
        assertTrue(first.contains(out.reason().substring(0, Math.min(30, out.reason().length()))), first);
        assertTrue(headline.indexOf("jobs unplanned") < headline.indexOf("Feasible: yes"), headline);
        assertTrue(r.html().contains("<div class=\"figure-label\">Unplanned</div><div class=\"figure-value\">1 of "
                + r.plan().summary().jobs() + " jobs</div>"), "an Unplanned card");
        assertFalse(ReportFixtures.tiny().markdown().contains("jobs unplanned"), "nothing said when all are planned");
    }

    @Test
    void noGapIsShownWhileTheUnplannedPriorityIsNotProvenMinimal() {
        // A cost bound holds at the plan's priority only; a plan that may run more gets no "0.00 %".
        var r = ReportFixtures.tinyWithUnplannedAndSpot();
        PlanDocument.Totals t = r.plan().totals();
        PlanDocument.Bound b = t.lowerBound();
        var unproven = new PlanDocument.Bound("unplanned priority not proven minimal", 0L, false, "test LP",
                t.cost(), new BigDecimal("0.0000"), "test LP", false, b.r24PlannedJobs(), b.r24AllJobs(), null, null);
        var page = r.withPlan(ReportFixtures.with(r.plan(), r.plan().name(), r.plan().assignments(),
                ReportFixtures.withBound(t, unproven), r.plan().risk()));
        for (String text : List.of(page.html(), page.markdown())) {
            assertFalse(text.contains("within 0.00 %"), "a gap of 0 % in the card");
            assertTrue(text.contains("priority not proven minimal"), "the headline says what is not proven");
        }
        assertTrue(page.markdown().contains("| What is proven | — |"), "no gap in the table");
    }

    @Test
    void anOptimalPlansCardSaysWhatProvedIt() {
        // The card's value says "optimal"; its note names the proofs of both levels rather than saying it again.
        var r = ReportFixtures.tiny();
        PlanDocument.Totals t = r.plan().totals();
        PlanDocument.Bound b = t.lowerBound();
        var proven = new PlanDocument.Bound("proven optimal", 0L, true, "test CP-SAT, optimal", t.cost(),
                new BigDecimal("0.0000"), "test LP at 10 priority", true, b.r24PlannedJobs(), b.r24AllJobs(), null, null);
        var page = r.withPlan(ReportFixtures.with(r.plan(), r.plan().name(), r.plan().assignments(),
                ReportFixtures.withBound(t, proven), r.plan().risk()));
        assertTrue(page.markdown().contains("- **Proven:** optimal — unplanned priority by test CP-SAT, optimal; cost by "
                + "test LP at 10 priority"), page.markdown());
        assertFalse(page.markdown().contains("optimal — proven optimal"), "the note repeats the value");
        var within = new PlanDocument.Bound("cost within 3.20 % of a proven bound; unplanned priority proven minimal", 0L,
                true, "test CP-SAT, optimal", t.cost(), new BigDecimal("0.0320"), "test LP at 10 priority", false,
                b.r24PlannedJobs(), b.r24AllJobs(), null, null);
        assertTrue(r.withPlan(ReportFixtures.with(r.plan(), r.plan().name(), r.plan().assignments(),
                        ReportFixtures.withBound(t, within), r.plan().risk())).markdown()
                .contains("- **Proven:** within 3.20 % — cost within 3.20 % of a proven bound; unplanned priority proven minimal"));
    }

    @Test
    void pageIsSelfContainedAndDeterministic() {
        var r = ReportFixtures.tiny();
        String html = r.html();
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        for (String banned : List.of("<script", "http://", "https://", "<link", " src=", "@import", "url(")) {
            assertFalse(html.contains(banned), "the page refers to " + banned);
        }
        assertTrue(html.contains("@media print"));
        for (String tag : List.of("svg", "table", "section", "tr", "figure")) {
            assertEquals(PageCounts.count(html, "<" + tag + ">") + PageCounts.count(html, "<" + tag + " "),
                    PageCounts.count(html, "</" + tag + ">"), "unbalanced <" + tag + ">");
        }
        assertEquals(html, r.html());
        assertEquals(r.markdown(), r.markdown());
    }
}
