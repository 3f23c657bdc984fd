package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import org.junit.jupiter.api.Test;

/** R18: reservations cost r x H x slotHours x price for the horizon; the rest of the term is a separate obligation. */
class ReservationsTest {
    private static final double EPS = 1e-9;

    private static final String OFFERS = """
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: reserved, price: 2.46, gpusPerInstance: 8, maxGpus: 128}
              - {id: ri-1m, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: reserved, price: 2.46, gpusPerInstance: 8, termMonths: 1}
              - {id: ri-cny, provider: aliyun, region: cn-shanghai, jurisdiction: CN, accelerator: A100-80G,
                 purchase: reserved, price: 18.5, currency: CNY, gpusPerInstance: 8}
            """;
    private static final String JOBS = "  - {id: j, kind: training, memoryGb: 40, gpus: 8, work: {gpuHours: 800, accelerator: A100-80G}}\n";

    private static Problem problem(String horizon) {
        return Fixtures.problem("horizon: " + horizon + "\nexchangeRates: {CNY: 7.0}\noffers:\n" + OFFERS + "jobs:\n" + JOBS);
    }

    private static final Problem DAILY = problem("{start: 2027-01-01, end: 2027-04-01, slot: 1d}");

    @Test
    void r18_reservationCostIsGpusTimesSlotsTimesSlotHoursTimesPrice() {
        Offer ri = Fixtures.offer(DAILY, "ri");
        // 16 GPUs x 90 slots x 24 h x 2.46 = 85 017.60
        assertEquals(Math.round(16 * 90 * 24 * 2.46 * 100), Reservations.horizonCents(ri, 16, DAILY.horizon()));
        assertEquals(8_501_760, Reservations.horizonCents(ri, 16, DAILY.horizon()));
    }

    @Test
    void r18_slotLengthDoesNotChangeTheHoursPaid() {
        Problem sixHourly = problem("{start: 2027-01-01, end: 2027-04-01, slot: 6h}");
        assertEquals(360, sixHourly.horizon().slots());
        // 16 x 360 slots x 6 h x 2.46: the same 2160 hours
        assertEquals(Math.round(16 * 360 * 6 * 2.46 * 100), Reservations.horizonCents(Fixtures.offer(sixHourly, "ri"), 16, sixHourly.horizon()));
    }

    @Test
    void r18_weeklySlotsPayOnlyTheWholeWeeksKept() {
        Problem weekly = problem("{start: 2027-01-01, end: 2027-04-01, slot: 1w}");
        assertEquals(90 / 7, weekly.horizon().slots()); // 12 whole weeks, 6 days dropped
        assertEquals(Math.round(8 * 12 * 168 * 2.46 * 100), Reservations.horizonCents(Fixtures.offer(weekly, "ri"), 8, weekly.horizon()));
    }

    @Test
    void r18_priceInAnotherCurrencyIsConverted() {
        Offer cny = Fixtures.offer(DAILY, "ri-cny");
        assertEquals(18.5 / 7.0, cny.priceInBase(), EPS);
        assertEquals(Math.round(8 * 90 * 24 * (18.5 / 7.0) * 100), Reservations.horizonCents(cny, 8, DAILY.horizon())); // 45 668.57
    }

    @Test
    void r18_commitmentPastTheHorizonIsTheRestOfTheTerm() {
        Offer ri = Fixtures.offer(DAILY, "ri");
        assertEquals(12, ri.termMonths()); // the given term
        // 12 months from 2027-01-01 = 365 days = 8760 h; the horizon has 2160 h; 6600 h remain
        assertEquals(365 * 24 - 90 * 24, Reservations.hoursPastHorizon(ri, DAILY.horizon()), EPS);
        assertEquals(Math.round(16 * (365 * 24 - 90 * 24) * 2.46 * 100), Reservations.pastHorizonCents(ri, 16, DAILY.horizon()));
    }

    @Test
    void r18_termShorterThanTheHorizonLeavesNoObligation() {
        Offer ri = Fixtures.offer(DAILY, "ri-1m");
        assertEquals(0, Reservations.hoursPastHorizon(ri, DAILY.horizon()), EPS);
        assertEquals(0, Reservations.pastHorizonCents(ri, 16, DAILY.horizon()));
    }

    @Test
    void r18_termDefaultsTo12Months() {
        assertEquals(12, Fixtures.offer(DAILY, "ri-cny").termMonths());
    }

    @Test
    void r18_jobOnAReservedOfferAddsNoComputeCostButKeepsItsListPriceForR24() {
        Option o = Fixtures.option(DAILY, "j", "ri", 8);
        assertEquals(0, o.computeCents());
        assertEquals(Math.round(8 * (800.0 / 8) * 2.46 * 100), o.listCents()); // billed x W x price = 1968.00
        assertEquals(o.listCents(), o.boundCents());
    }
}
