package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import org.junit.jupiter.api.Test;

/** R10 and R11 on a sized option: W for cost, Wq for the duration d = ceil(Wq / slotHours). */
class SpotOptionTest {
    private static final double EPS = 1e-9;

    /** 760 reference GPU-hours on A100-80G run on 8 A100s: T = 760 / 8 = 95 h. */
    private static final String JOB = "  - {id: j, kind: training, memoryGb: 40, gpus: {min: 8, max: 16},"
            + " work: {gpuHours: 760, accelerator: A100-80G}, interruptible: true, checkpointHours: 2, restartHours: 0.5}\n";

    private static String spot(String id, double interruptionsPerDay) {
        return "  - {id: " + id + ", provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,"
                + " purchase: spot, price: 1.65, gpusPerInstance: 8, interruptionsPerDay: " + interruptionsPerDay + "}\n";
    }

    private static Problem problem(String slot, String offers, String jobs) {
        return Fixtures.problem("horizon: {start: 2027-01-01, end: 2027-04-01, slot: " + slot + "}\n"
                + "offers:\n" + offers + "jobs:\n" + jobs);
    }

    /** Half-up cents of a positive amount, by hand. */
    private static long cents(double amount) {
        return (long) Math.floor(amount * 100 + 0.5);
    }

    @Test
    void r11_onDemandDurationIsCeilOfTOverSlotHours() {
        Problem p = problem("1d", Fixtures.a100("od", 4.10), JOB);
        Option o = Fixtures.option(p, "j", "od", 8);
        double t = 760.0 / 8; // 95 h
        assertEquals(t, o.computeHours(), EPS);
        assertEquals(t, o.expectedHours(), EPS);    // non-spot: W = T
        assertEquals(t, o.confidenceHours(), EPS);  // and Wq = T
        assertEquals(0, o.interruptionsAtConfidence());
        assertEquals((int) Math.ceil(t / 24), o.durationSlots()); // ceil(3.96) = 4 days
        assertEquals(cents(8 * t * 4.10), o.computeCents());      // R17: billed x W x price = 3116.00
    }

    @Test
    void r10_r11_spotDurationUsesWqAndCostUsesW() {
        Problem p = problem("1d", spot("spot", 0.3), JOB);
        Option o = Fixtures.option(p, "j", "spot", 8);
        double t = 760.0 / 8;
        double lambda = 0.3 / 24 * 1;    // one 8-GPU instance
        double loss = 2.0 / 2 + 0.5;     // 1.5 h
        double w = t / (1 - lambda * loss);
        int k = SpotMathTest.poissonQuantile(lambda * w, 0.95);
        double wq = Math.max(w, t + loss * k);
        assertEquals(3, k);              // Poisson(1.21): P(N <= 2) = 0.877, P(N <= 3) = 0.965
        assertEquals(w, o.expectedHours(), EPS);
        assertEquals(k, o.interruptionsAtConfidence());
        assertEquals(wq, o.confidenceHours(), EPS); // 95 + 1.5 x 3 = 99.5 h
        assertEquals((int) Math.ceil(wq / 24), o.durationSlots()); // ceil(4.15) = 5 days, on-demand needs 4
        assertEquals(cents(8 * w * 1.65), o.computeCents());        // cost uses W, not Wq
    }

    @Test
    void r11_durationCountsSlotsOfTheProblemsSlotLength() {
        Problem p = problem("6h", spot("spot", 0.3), JOB);
        Option o = Fixtures.option(p, "j", "spot", 8);
        assertEquals((int) Math.ceil(o.confidenceHours() / 6), o.durationSlots()); // ceil(99.5 / 6) = 17
        assertEquals(17, o.durationSlots());
    }

    @Test
    void r10_lambdaGrowsWithInstances() {
        Problem p = problem("1d", spot("spot", 0.3), JOB);
        Option o = Fixtures.option(p, "j", "spot", 16);
        double t = 760.0 / (16 * 0.9);   // two instances: eff 0.9
        double lambda = 0.3 / 24 * 2;
        double w = t / (1 - lambda * 1.5);
        assertEquals(w, o.expectedHours(), EPS);
        assertEquals(SpotMathTest.poissonQuantile(lambda * w, 0.95), o.interruptionsAtConfidence());
    }

    @Test
    void r10_deadlineConfidenceOfTheJobSetsK() {
        Problem p = problem("1d", spot("spot", 0.3), JOB.replace("interruptible: true", "interruptible: true, deadlineConfidence: 0.5"));
        Option o = Fixtures.option(p, "j", "spot", 8);
        double w = 95 / (1 - 0.3 / 24 * 1.5);
        assertEquals(SpotMathTest.poissonQuantile(0.3 / 24 * w, 0.5), o.interruptionsAtConfidence()); // k = 1
    }

    @Test
    void r10_noSpotOptionWhenLambdaTimesLossIsOneHalf() {
        // 12 interruptions a day on one instance: lambda = 0.5 / h; default L = 1/2 + 0.5 = 1 h; lambda L = 0.5
        String job = "  - {id: j, kind: training, memoryGb: 40, gpus: 8, flops: 1e20, interruptible: true}\n";
        Problem p = problem("1d", spot("stormy", 12), job);
        OptionSizer.Sizing s = OptionSizer.size(p, Fixtures.job(p, "j"), Fixtures.offer(p, "stormy"), 8);
        assertNull(s.option());
        assertTrue(s.breaches().stream().anyMatch(b -> b.rule() == Rule.R10), s.breaches().toString());
        JobOptions options = OptionEnumerator.enumerate(p, Fixtures.job(p, "j"));
        assertTrue(options.options().isEmpty());
        assertTrue(options.exclusions().stream().anyMatch(x -> x.breach().rule() == Rule.R10));
    }

    @Test
    void r10_moreInstancesCanPushLambdaTimesLossPastOneHalf() {
        // 6 a day: one instance lambda L = 0.25 (an option), two instances 0.5 (none)
        Problem p = problem("1d", spot("spot", 6), JOB.replace("checkpointHours: 2, restartHours: 0.5", "checkpointHours: 1"));
        assertTrue(OptionSizer.size(p, Fixtures.job(p, "j"), Fixtures.offer(p, "spot"), 8).eligible());
        OptionSizer.Sizing two = OptionSizer.size(p, Fixtures.job(p, "j"), Fixtures.offer(p, "spot"), 16);
        assertFalse(two.eligible());
        assertNull(two.option());
    }

    @Test
    void r10_oneHalfByHandIsOneHalfEvenWhenFloatingPointLandsJustBelow() {
        // 0.6 a day on 4 instances, checkpoint 8 h, restart 1 h: lambda = 0.6 / 24 x 4 = 0.1 / h, L = 8 / 2 + 1 = 5 h,
        // lambda L = 0.5 by hand - but 0.6 / 24 * 4 * 5 is 0.49999999999999994 in doubles. No spot option.
        assertTrue(0.6 / 24 * 4 * 5.0 < 0.5, "the floating-point product this test is about");
        String job = "  - {id: j, kind: training, memoryGb: 40, gpus: 32, flops: 1e20, interruptible: true,"
                + " checkpointHours: 8, restartHours: 1}\n";
        Problem p = problem("1d", spot("busy", 0.6), job);
        OptionSizer.Sizing s = OptionSizer.size(p, Fixtures.job(p, "j"), Fixtures.offer(p, "busy"), 32);
        assertNull(s.option());
        assertTrue(s.breaches().stream().anyMatch(b -> b.rule() == Rule.R10), s.breaches().toString());
    }

    @Test
    void exclusionsNameTheGpuCountClosestToEligible() {
        // 8..64 GPUs, too little time at any count: the R2 reason is given at 64 GPUs, the most favourable count.
        String job = "  - {id: j, kind: training, memoryGb: 40, gpus: {min: 8, max: 64}, flops: 1e23,"
                + " deadline: 2027-01-05}\n";
        Problem p = problem("1d", Fixtures.a100("od", 4.10), job);
        JobOptions options = OptionEnumerator.enumerate(p, Fixtures.job(p, "j"));
        assertTrue(options.options().isEmpty());
        JobOptions.Exclusion r2 = options.exclusions().stream().filter(x -> x.breach().rule() == Rule.R2).findFirst().orElseThrow();
        assertEquals(64, r2.gpus(), r2.toString());
    }
}
