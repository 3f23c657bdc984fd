package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** R6: billing by whole instances. */
class BillingTest {

    @Test
    void r6_twelveGpusOnEightGpuInstancesAreTwoInstancesSixteenBilled() {
        assertEquals(2, Billing.instances(12, 8));      // ceil(12 / 8) = ceil(1.5) = 2
        assertEquals(2 * 8, Billing.billedGpus(12, 8)); // 2 instances x 8 = 16
    }

    @Test
    void r6_fullInstancesBillExactlyTheGpusAsked() {
        assertEquals(2, Billing.instances(16, 8));
        assertEquals(16, Billing.billedGpus(16, 8));
        assertEquals(1, Billing.instances(8, 8));
        assertEquals(8, Billing.billedGpus(8, 8));
    }

    @Test
    void r6_oneGpuOnAnEightGpuInstanceBillsTheWholeInstance() {
        assertEquals(1, Billing.instances(1, 8));
        assertEquals(8, Billing.billedGpus(1, 8));
    }

    @Test
    void r6_singleGpuInstancesBillPerGpu() {
        assertEquals(5, Billing.instances(5, 1));
        assertEquals(5, Billing.billedGpus(5, 1));
    }

    @Test
    void r6_oneGpuMoreThanAnInstanceNeedsAnotherInstance() {
        assertEquals(3, Billing.instances(17, 8));      // ceil(17 / 8) = 3
        assertEquals(3 * 8, Billing.billedGpus(17, 8));
    }
}
