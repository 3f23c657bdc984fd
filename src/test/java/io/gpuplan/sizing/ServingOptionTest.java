package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.problem.Problem;
import org.junit.jupiter.api.Test;

/** Serving (inference without a work form): g = replicas x gpusPerReplica, W = Wq = the window's hours. */
class ServingOptionTest {
    private static final double EPS = 1e-9;

    private static final String SPOT = """
              - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                 purchase: spot, price: 1.65, gpusPerInstance: 8, interruptionsPerDay: 0.3}
            """;

    @Test
    void servingPaysBilledGpusForTheWholeWindow() {
        Problem p = Fixtures.quarter(Fixtures.a100("od", 4.10),
                "  - {id: chat, kind: inference, model: {paramsB: 70, precision: int4}, replicas: 6, maxGpusPerReplica: 1}\n");
        Option o = Fixtures.option(p, "chat", "od", 6);
        assertEquals(1, o.gpusPerReplica());
        assertEquals(8, o.billedGpus());                       // R6: 6 GPUs on one 8-GPU instance
        assertEquals(70 * 0.5 * 1.2, o.memoryPerGpuGb(), EPS); // R7/R8: 42 GB per replica on one GPU
        assertEquals(90 * 24, o.expectedHours(), EPS);         // the default window: the whole horizon
        assertEquals(90, o.durationSlots());
        assertEquals(Math.round(8 * 90 * 24 * 4.10 * 100), o.computeCents()); // R17: 70 848.00
    }

    @Test
    void interruptionsDoNotLengthenAFixedWindow() {
        Problem p = Fixtures.quarter(SPOT,
                "  - {id: chat, kind: inference, model: {paramsB: 70, precision: int4}, replicas: 6, maxGpusPerReplica: 1, interruptible: true}\n");
        Option o = Fixtures.option(p, "chat", "spot", 6);
        assertEquals(90 * 24, o.expectedHours(), EPS);   // W = window hours on spot too
        assertEquals(90 * 24, o.confidenceHours(), EPS); // Wq = W
        assertEquals(Math.round(8 * 90 * 24 * 1.65 * 100), o.computeCents());
    }

    @Test
    void r2_windowStartRoundsDownAndEndUpToWeeklySlots() {
        Problem p = Fixtures.problem("horizon: {start: 2027-01-04, end: 2027-03-29, slot: 1w}\noffers:\n" + Fixtures.a100("od", 4.10)
                + "jobs:\n  - {id: chat, kind: inference, model: {paramsB: 7}, window: {start: 2027-01-06, end: 2027-01-20}}\n");
        Option o = Fixtures.option(p, "chat", "od", 1);
        // start: 48 h in, floor(48 / 168) = slot 0; end: 16 days = 384 h, ceil(384 / 168) = slot 3
        assertEquals((int) Math.floor(48 / 168.0), o.earliestStart());
        assertEquals((int) Math.ceil(384 / 168.0), o.durationSlots());
        assertEquals(3 * 168, o.expectedHours(), EPS);
    }
}
