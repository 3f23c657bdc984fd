package io.gpuplan.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Written forms the reader accepts: number spellings, {@code gpus: 8}, slot lengths, and the offer defaults. */
class ReaderFormsTest {

    private static String problem(String horizon, String offerExtra, String jobExtra) {
        return "name: t\nhorizon: " + horizon + "\n"
                + "offers:\n  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,"
                + " purchase: on-demand, price: 4.10" + offerExtra + "}\n"
                + "jobs:\n  - {id: j, kind: training, memoryGb: 100" + jobExtra + "}\n";
    }

    private static final String QUARTER = "{start: 2027-01-01, end: 2027-04-01}";

    @Test
    void underscoresAndExponentsAreNumbers() {
        Problem p = ReaderAssertions.parse(problem(QUARTER, ", maxGpus: 1_024", ", flops: 2e12")
                .replace("offers:", "budget: {total: 2_000_000}\noffers:"));
        assertEquals(2_000_000.0, p.budget().total());
        assertEquals(1024, p.offers().get(0).maxGpus());
        assertEquals(2e12, assertInstanceOf(Work.Flops.class, p.jobs().get(0).work()).flops());
    }

    @Test
    void amountsMayBeWrittenInThousandsAndMillionsAsTheReadmeSays() {
        Problem p = ReaderAssertions.parse(problem(QUARTER, ", maxGpus: 1k", ", flops: 2e12")
                .replace("offers:", "budget: {total: 100k, byProvider: {aws: 1.5M}}\noffers:"));
        assertEquals(100_000.0, p.budget().total());
        assertEquals(1_500_000.0, p.budget().byProvider().get("aws"));
        assertEquals(1000, p.offers().get(0).maxGpus());
        // Exact decimals, not 0.1 × 1000 in binary (100.00000000000001).
        assertEquals(100.0, ReaderAssertions.parse(problem(QUARTER, "", ", flops: 2e12")
                .replace("offers:", "budget: {total: 0.1k}\noffers:")).budget().total());
    }

    @Test
    void decimalExponentAndSignedExponentAreNumbers() {
        Problem p = ReaderAssertions.parse(problem(QUARTER, "", ", flops: 1.5e+21"));
        assertEquals(1.5e21, assertInstanceOf(Work.Flops.class, p.jobs().get(0).work()).flops());
    }

    @Test
    void scalarGpusMeansExactlyThatMany() {
        Problem p = ReaderAssertions.parse(problem(QUARTER, "", ", flops: 1e20, gpus: 8"));
        assertEquals(new GpuRange(8, 8), p.jobs().get(0).gpus());
    }

    @Test
    void gpusMinAloneMeansMaxEqualsMin() {
        Problem p = ReaderAssertions.parse(problem(QUARTER, "", ", flops: 1e20, gpus: {min: 16}"));
        assertEquals(new GpuRange(16, 16), p.jobs().get(0).gpus());
    }

    @Test
    void gpusMaxAloneStartsAtOne() {
        Problem p = ReaderAssertions.parse(problem(QUARTER, "", ", flops: 1e20, gpus: {max: 16}"));
        assertEquals(new GpuRange(1, 16), p.jobs().get(0).gpus());
    }

    @Test
    void noGpusMeansOne() {
        Problem p = ReaderAssertions.parse(problem(QUARTER, "", ", flops: 1e20"));
        assertEquals(new GpuRange(1, 1), p.jobs().get(0).gpus());
    }

    @Test
    void offerDefaults() {
        Offer o = ReaderAssertions.parse(problem(QUARTER, "", ", flops: 1e20")).offers().get(0);
        assertEquals(1, o.gpusPerInstance());         // gpusPerInstance 1
        assertEquals(Offer.UNLIMITED, o.maxGpus());   // maxGpus unlimited when absent
        assertEquals(0.9, o.crossNodeEfficiency());   // crossNodeEfficiency 0.9
        assertEquals("USD", o.currency());            // currency: the base currency
    }

    @Test
    void weeklySlotsDropAPartialTrailingWeekWithAWarning() {
        List<String> warnings = new ArrayList<>();
        // 90 days = 12 weeks + 6 days
        Problem p = ReaderAssertions.parse(problem("{start: 2027-01-01, end: 2027-04-01, slot: 1w}", "", ", flops: 1e20"), warnings);
        assertEquals(90 / 7, p.horizon().slots());
        assertEquals(168, p.horizon().slotHours());
        assertEquals(LocalDate.of(2027, 1, 1).plusWeeks(12), p.horizon().end()); // 2027-03-26
        assertEquals(1, warnings.size(), warnings.toString());
        String w = warnings.get(0);
        assertTrue(w.startsWith(ReaderAssertions.FILE + ": horizon: "), w);
        assertTrue(w.contains("2027-03-26") && w.contains("2027-04-01") && w.contains("dropped"), w);
    }

    @Test
    void wholeWeeksNeedNoWarning() {
        List<String> warnings = new ArrayList<>();
        Problem p = ReaderAssertions.parse(problem("{start: 2027-01-04, end: 2027-03-29, slot: 1w}", "", ", flops: 1e20"), warnings);
        assertEquals(12, p.horizon().slots());
        assertEquals(List.of(), warnings);
    }

    @Test
    void hourlySlotsDivideTheDay() {
        Problem p = ReaderAssertions.parse(problem("{start: 2027-01-01, end: 2027-01-31, slot: 6h}", "", ", flops: 1e20"));
        assertEquals(30 * 24 / 6, p.horizon().slots());
        assertEquals(6, p.horizon().slotHours());
    }

    @Test
    void slotDefaultsToOneDay() {
        Problem p = ReaderAssertions.parse(problem(QUARTER, "", ", flops: 1e20"));
        assertEquals(24, p.horizon().slotHours());
        assertEquals(90, p.horizon().slots());
    }
}
