package io.gpuplan.solve.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** CP-SAT's effort per level: the whole --exact-effort up to 2,000 options, in proportion above. */
class ExactEffortTest {
    @Test
    void wholeEffortUpToTwoThousandOptions() {
        assertEquals(10.0, Certifier.effortFor(10, 667));
        assertEquals(10.0, Certifier.effortFor(10, 2_000));
    }

    @Test
    void inProportionAboveIt() {
        assertEquals(5.0, Certifier.effortFor(10, 4_000));
        assertEquals(10.0 * 2_000 / 3_232, Certifier.effortFor(10, 3_232), 1e-12); // a 120 x 30 quarter: 6.19
        assertEquals(0.0, Certifier.effortFor(0, 3_232)); // switched off stays off
    }
}
