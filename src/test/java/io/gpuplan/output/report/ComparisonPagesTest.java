package io.gpuplan.output.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.Numbers;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import io.gpuplan.output.compare.ComparisonTable;
import io.gpuplan.output.compare.ComparisonWriter;
import io.gpuplan.output.compare.ComparisonWriter.Comparison;
import io.gpuplan.output.compare.Frontier;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The comparison and frontier pages (issue 11, point 15): readable numbers, the report's look, a laptop's width. */
class ComparisonPagesTest {

    private static Comparison comparison(List<String> names, List<PlanDocument> plans) {
        Map<String, List<String>> narratives = new LinkedHashMap<>();
        for (int i = 1; i < plans.size(); i++) {
            narratives.put(names.get(i), io.gpuplan.output.compare.ChangeNarrative.between(names.get(0), plans.get(0),
                    names.get(i), plans.get(i)));
        }
        return new Comparison("Scenario comparison: " + String.join(", ", names), ComparisonTable.of(names, plans), narratives);
    }

    private static PlanDocument withoutReservations(PlanDocument p) {
        List<PlanDocument.Reservation> zero = p.reservations().stream().map(x -> new PlanDocument.Reservation(x.offer(),
                x.provider(), x.region(), x.accelerator(), 0, 0, x.pricePerGpuHour(), x.priceCurrency(), x.horizonHours(),
                new BigDecimal("0.00"), BigDecimal.ZERO, x.termMonths(), x.hoursPastHorizon(), new BigDecimal("0.00"),
                x.expectedUseAfterHorizon(), x.expectedUseBy(), new BigDecimal("0.00"))).toList();
        return new PlanDocument(p.format(), p.name(), p.problem(), p.solver(), p.score(), p.feasible(), p.currency(),
                p.summary(), zero, p.assignments(), p.totals(), p.risk(), p.constraints(), p.prices(), p.run());
    }

    @Test
    void comparisonTablesGroupThousandsAndKeepTheCsvPlain() {
        PlanDocument plan = ReportFixtures.tiny().plan();
        Comparison c = comparison(List.of("base", "no-ri"), List.of(plan, withoutReservations(plan)));
        String cost = plan.totals().cost().toPlainString();
        assertTrue(plan.totals().cost().compareTo(new BigDecimal("1000")) > 0, "the tiny plan costs too little to show");
        String md = ComparisonWriter.markdown(c);
        assertTrue(md.contains("| total cost (USD) | " + Numbers.grouped(plan.totals().cost()) + " |"), md);
        assertFalse(md.contains(" " + cost + " "), "a plain amount in the Markdown: " + cost);
        assertTrue(ComparisonWriter.csv(c).contains("," + cost + ","), "the CSV keeps machine-readable numbers");
        String html = ComparisonPage.html(c);
        assertTrue(html.contains(">" + Numbers.grouped(plan.totals().cost()) + "<"), "the HTML cell is not grouped");
        assertTrue(md.contains("| aws-ri | 8 GPUs, 14,641.92 | no reservation |") || md.contains("| no reservation |"), md);
        assertFalse(md.contains("0 GPUs, 0.00"), md);
    }

    @Test
    void transferAndMigrationAreNotAPurchaseModelInTheComparison() {
        PlanDocument plan = ReportFixtures.tiny().plan();
        ComparisonTable t = ComparisonTable.of(List.of("a", "b"), List.of(plan, plan));
        assertTrue(plan.totals().byPurchaseModel().containsKey("migration"));
        for (ComparisonTable.Row r : t.rows()) {
            if (r.group().equals("By purchase model")) {
                assertTrue(Set.of("on-demand", "spot", "reserved").contains(r.label()), r.label() + " as a purchase model");
            }
        }
        assertTrue(t.rows().stream().anyMatch(r -> r.group().equals("Transfer, storage and migration") && r.label().equals("migration")));
    }

    @Test
    void theHtmlFrontierHasTheReportsLookAndTheBudgetLeft() {
        PlanDocument plan = ReportFixtures.tiny().plan();
        List<BigDecimal> budgets = List.of(new BigDecimal("150000"), new BigDecimal("200000"));
        Frontier f = Frontier.of("tiny", budgets, List.of("a.plan.yaml", "b.plan.yaml"), List.of(plan, plan));
        String md = f.markdown();
        assertTrue(md.contains("| 150,000 | ") && md.contains("| 200,000 | "), md);
        assertTrue(md.contains(" | " + Numbers.grouped(plan.totals().cost()) + " | "), md);
        String html = FrontierPage.html(f);
        assertTrue(html.contains("<header>\n<h1>Budget frontier: tiny</h1>"), "no title block");
        assertTrue(html.contains("<style>\n/* gpuplan finance review"), "not the report's style sheet");
        assertTrue(html.contains("<th class=\"num\">budget left (USD)</th>"), "no budget left column");
        BigDecimal left = plan.totals().budget().total().left();
        assertEquals(2, PageCounts.count(html, "<td class=\"num\">" + Fmt.money(left) + "</td>"), "budget left cells");
        assertTrue(html.contains("<table class=\"data point-table\""), "not the report's table");
        assertTrue(html.contains(">total budget (USD)</text>") && html.contains(">plan cost (USD)</text>"), "axis units");
        assertEquals(2, PageCounts.count(html, "<circle class=\"point priority\""));
        assertEquals(2, PageCounts.count(html, "<text class=\"point-label\""), "points are not labelled");
    }

    @Test
    void frontierAxisLabelsDoNotOverlap() {
        PlanDocument plan = ReportFixtures.tiny().plan();
        List<BigDecimal> budgets = new ArrayList<>();
        List<String> files = new ArrayList<>();
        List<PlanDocument> plans = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            budgets.add(BigDecimal.valueOf(100_000 + 1_000L * i));
            files.add("p" + i + ".plan.yaml");
            plans.add(plan);
        }
        String html = FrontierPage.html(Frontier.of("tiny", budgets, files, plans));
        for (String cls : List.of("axis-label budget", "point-label")) {
            Matcher m = Pattern.compile("<text class=\"" + cls + "\" x=\"([\\d.]+)\" y=\"[\\d.]+\"[^>]*>([^<]*)</text>").matcher(html);
            double lastRight = Double.NEGATIVE_INFINITY;
            int n = 0;
            while (m.find()) {
                double x = Double.parseDouble(m.group(1));
                double half = Svg.textWidth(m.group(2)) / 2;
                assertTrue(x - half > lastRight, cls + " \"" + m.group(2) + "\" at " + x + " overlaps the one before");
                lastRight = x + half;
                n++;
            }
            assertTrue(n >= 2, "too few " + cls + " labels: " + n);
        }
    }

    /** The five scenarios of solutions/ (the page) at a laptop's 1,300 px: nothing runs off the right. */
    @Test
    void fiveScenariosFitA1300PxWindow() throws Exception {
        List<String> names = List.of("quarterly-mixed-2027q1", "quarterly-mixed-2027q1.budget-minus-20",
                "quarterly-mixed-2027q1.data-stays-home", "quarterly-mixed-2027q1.no-spot",
                "quarterly-mixed-2027q1.reserved-minus-10");
        List<PlanDocument> plans = new ArrayList<>();
        for (String n : names) {
            plans.add(PlanReader.read(Path.of("solutions", n + ".plan.yaml")));
        }
        String html = ComparisonPage.html(comparison(names, plans));
        assertTrue(html.contains("position: sticky"), "the figure column does not stay in view");
        Chromium chromium = ReportChromiumTest.chromium();
        Path page = ReportChromiumTest.PAGES.resolve("comparison-width.html");
        Files.createDirectories(ReportChromiumTest.PAGES);
        // The page has no script; this test copy gets one that writes the measured widths into the DOM.
        Files.writeString(page, html.replace("</body>", "<script>document.body.setAttribute('data-width',"
                + " document.documentElement.scrollWidth + ' ' + Math.ceil(document.querySelector('table.comparison')"
                + ".getBoundingClientRect().right))</script></body>"));
        Chromium.Page loaded = chromium.open(page, ReportChromiumTest.SCREENSHOTS.resolve("comparison-width.png"), 1300, 900);
        Matcher m = Pattern.compile("data-width=\"(\\d+) (\\d+)\"").matcher(loaded.dom());
        assertTrue(m.find(), "no measurement in the DOM:\n" + loaded.stderr());
        assertTrue(Integer.parseInt(m.group(1)) <= 1300, "the page is " + m.group(1) + " px wide");
        assertTrue(Integer.parseInt(m.group(2)) <= 1300, "the table ends at " + m.group(2) + " px");
    }
}
