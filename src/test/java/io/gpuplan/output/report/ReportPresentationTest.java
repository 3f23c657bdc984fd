package io.gpuplan.output.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocument.Reservation;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the report words and writes what finance reads (issue 11, point 15). */
class ReportPresentationTest {

    /** The tiny plan with its reservation kept as the plan file lists it, but at 0 GPUs bought. */
    private static ReportFixtures.Rendered zeroReservation() {
        var r = ReportFixtures.tiny();
        PlanDocument p = r.plan();
        List<Reservation> zero = p.reservations().stream().map(x -> new Reservation(x.offer(), x.provider(), x.region(),
                x.accelerator(), 0, 0, x.pricePerGpuHour(), x.priceCurrency(), x.horizonHours(), BigDecimal.ZERO.setScale(2),
                BigDecimal.ZERO, x.termMonths(), x.hoursPastHorizon(), BigDecimal.ZERO.setScale(2),
                x.expectedUseAfterHorizon(), x.expectedUseBy(), BigDecimal.ZERO.setScale(2))).toList();
        assertFalse(zero.isEmpty(), "the tiny plan has no reservation line any more; check the fixture");
        return r.withPlan(new PlanDocument(p.format(), p.name(), p.problem(), p.solver(), p.score(), p.feasible(),
                p.currency(), p.summary(), zero, p.assignments(), p.totals(), p.risk(), p.constraints(), p.prices(), p.run()));
    }

    @Test
    void aReservationOfZeroGpusReadsAsNoReservation() {
        var r = zeroReservation();
        for (String page : List.of(r.markdown(), r.html())) {
            assertFalse(page.contains("Reserve 0 GPUs"), "a 0-GPU reservation is announced as a purchase");
            assertTrue(page.contains("No reservation"), "the buy section does not say there is no reservation");
        }
        assertEquals(0, PageCounts.count(r.html(), "<tr class=\"reservation\""), "a 0-GPU line in the table to buy");
        assertEquals(0, PageCounts.count(r.html(), "<svg class=\"chart utilisation\""), "a chart of nothing bought");
    }

    @Test
    void transferAndMigrationAreNotCalledPurchaseModels() {
        var r = ReportFixtures.tiny();
        assertTrue(r.plan().totals().byPurchaseModel().containsKey("migration"), "the tiny plan no longer migrates");
        String md = r.markdown();
        List<List<String>> rows = MarkdownTables.rowsStartingWith(md, "Cost by provider");
        assertFalse(rows.isEmpty());
        Matcher caption = Pattern.compile("\\*\\*(Cost by provider[^*]*)\\*\\*").matcher(md);
        assertTrue(caption.find());
        assertFalse(caption.group(1).contains("and purchase model"), "caption: " + caption.group(1));
        assertTrue(md.contains("| migration (R16) |") || md.contains(" migration (R16) |"),
                "the migration column does not say what it is");
        String svgLegend = r.html().substring(r.html().indexOf("<svg class=\"chart providers\""));
        assertFalse(svgLegend.substring(0, svgLegend.indexOf("</svg>")).contains("and purchase model"),
                "the provider chart calls migration a purchase model");
    }

    @Test
    void measuresAreShortNotDoubleRepresentations(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("long-rate.yaml");
        Files.writeString(file, Files.readString(io.gpuplan.TestProblems.TINY)
                .replace("interruptionsPerDay: 0.2", "interruptionsPerDay: 0.0025987180489903936"));
        var r = ReportFixtures.solve(file);
        for (String page : List.of(r.markdown(), r.html())) {
            assertFalse(page.contains("0.0025987180489903936"), "a double's full representation in the report");
            assertTrue(page.contains("0.0025987"), "the rate is not shown to 5 significant digits");
            Matcher longFloat = Pattern.compile("\\d\\.\\d{9,}").matcher(page);
            assertFalse(longFloat.find(), () -> "long float " + longFloat.group());
        }
    }
}
