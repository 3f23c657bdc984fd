package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import org.junit.jupiter.api.Test;

/** R16: a migration's performance factor, lead time (weeks x 7 days, rounded up to a slot) and one-time cost. */
class MigrationTest {
    private static final double EPS = 1e-9;

    private static final String OFFERS = Fixtures.a100("a100", 4.10) + """
              - {id: ascend, provider: huawei, region: cn-southwest-2, jurisdiction: CN, accelerator: Ascend-910B,
                 purchase: on-demand, price: 14.0, currency: CNY, gpusPerInstance: 8}
            """;

    private static Problem problem(String horizon, String earliest, double weeks) {
        return Fixtures.problem("horizon: " + horizon + "\nexchangeRates: {CNY: 7.0}\noffers:\n" + OFFERS + "jobs:\n"
                + "  - {id: risk, kind: training, memoryGb: 300, gpus: {min: 8, max: 64}, earliest: " + earliest + ",\n"
                + "     work: {gpuHours: 6000, accelerator: A100-80G},\n"
                + "     migration: {to: cann, cost: 30000, weeks: " + weeks + ", performance: 0.85}}\n");
    }

    private static final String QUARTER = "{start: 2027-01-01, end: 2027-04-01, slot: 1d}";

    @Test
    void r16_migratedOptionRunsAtThePerformanceFactor() {
        Problem p = problem(QUARTER, "2027-01-04", 2);
        Option o = Fixtures.option(p, "risk", "ascend", 8);
        assertTrue(o.migrated());
        assertEquals(0.85, o.perf());
        // R9(b): 6000 A100-hours x 312 / 320 TFLOPS / (8 GPUs x 0.85 x eff 1) = 860.3 h
        assertEquals(6000 * 312 / 320.0 / (8 * 0.85 * 1.0), o.computeHours(), EPS);
    }

    @Test
    void r16_migrationCostIsChargedOnceInCents() {
        Problem p = problem(QUARTER, "2027-01-04", 2);
        Option o = Fixtures.option(p, "risk", "ascend", 8);
        assertEquals(30000 * 100L, o.migrationCents());
        // the compute is in CNY: 14.0 / 7.0 = 2.00 USD per GPU-hour
        assertEquals(Math.round(8 * o.expectedHours() * (14.0 / 7.0) * 100), o.computeCents());
        assertEquals(o.computeCents() + o.migrationCents(), o.totalCents());
    }

    @Test
    void r16_leadTimeOfWholeWeeksIsAddedToEarliest() {
        Problem p = problem(QUARTER, "2027-01-04", 2);
        // earliest 2027-01-04 is slot 3; + 2 x 7 = 14 days
        assertEquals(3 + 2 * 7, Fixtures.option(p, "risk", "ascend", 8).earliestStart());
    }

    @Test
    void r16_leadTimeOfPartWeeksRoundsUpToASlot() {
        Problem p = problem(QUARTER, "2027-01-04", 1.5);
        // 1.5 x 7 = 10.5 days after slot 3 = day 13.5: rounds up to slot 14
        assertEquals((int) Math.ceil(3 + 1.5 * 7), Fixtures.option(p, "risk", "ascend", 8).earliestStart());
    }

    @Test
    void r16_leadTimeRoundsUpToWeeklySlots() {
        // 12 whole weeks from Monday 2027-01-04; earliest Wednesday 2027-01-06 is 48 h in
        Problem p = problem("{start: 2027-01-04, end: 2027-03-29, slot: 1w}", "2027-01-06", 2);
        // unmigrated: ceil(48 / 168) = slot 1; migrated: ceil((48 + 2 x 7 x 24) / 168) = ceil(2.29) = slot 3
        assertEquals((int) Math.ceil(48 / 168.0), Fixtures.option(p, "risk", "a100", 8).earliestStart());
        assertEquals((int) Math.ceil((48 + 2 * 7 * 24) / 168.0), Fixtures.option(p, "risk", "ascend", 8).earliestStart());
    }

    @Test
    void r16_jobOnItsOwnStackPaysNoMigrationAndRunsAtFullSpeed() {
        Problem p = problem(QUARTER, "2027-01-04", 2);
        Option o = Fixtures.option(p, "risk", "a100", 8);
        assertFalse(o.migrated());
        assertEquals(1.0, o.perf());
        assertEquals(0, o.migrationCents());
        assertEquals(3, o.earliestStart());
        assertEquals(6000.0 / 8, o.computeHours(), EPS);
    }
}
