package io.gpuplan.solve.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** What a certificate says of a plan, worked out by hand from its two bounds and the plan's own figures. */
class CertificateTest {
    // Every plan leaves at least 30 priority unplanned; every plan leaving at most this plan's costs >= 1,000,000 ¢.
    static final Certificate PROOF = new Certificate(30, "LP", 1_000_000, "LP", null, "");

    @Test
    void aPlanAtBothBoundsToWithinTheSlackIsProvenOptimal() {
        // Two reserved offers: slack 1 + 2 = 3 cents (half a cent of R18 rounding per pool, a cent of floating point).
        assertEquals(3, Certificate.slackCents(2));
        assertTrue(PROOF.provenOptimal(30, 1_000_003, 3));
        assertEquals("proven optimal", PROOF.statement(30, 1_000_003, 3));
        assertFalse(PROOF.provenOptimal(30, 1_000_004, 3), "a cent beyond the slack is not proven");
    }

    @Test
    void theGapIsCostOverBoundLessOneToFourDecimals() {
        // (1,052,345 - 1,000,000) / 1,000,000 = 0.052345 -> 0.0523 (half-up at the fourth decimal): "5.23 %".
        assertEquals(new BigDecimal("0.0523"), PROOF.gap(1_052_345));
        assertEquals("cost within 5.23 % of a proven bound; unplanned priority proven minimal", PROOF.statement(30, 1_052_345, 3));
        // 0.00005 rounds up: 1,000,050 -> 0.0001.
        assertEquals(new BigDecimal("0.0001"), PROOF.gap(1_000_050));
    }

    @Test
    void aPlanLeavingMorePriorityOutIsNotProvenAndSaysByHowMuch() {
        // The cost bound only holds for plans that leave as much out: no gap is stated against it (issue 11).
        assertEquals("unplanned priority not proven minimal (at least 30 must stay unplanned, this plan leaves 45);"
                + " no cost gap stated: the cost bound holds only for plans that leave as much out",
                PROOF.statement(45, 1_052_345, 3));
        assertNull(PROOF.gap(45, 1_052_345));
        assertEquals(new BigDecimal("0.0523"), PROOF.gap(30, 1_052_345));
        Certificate noCost = new Certificate(30, "LP", -1, null, null, "");
        assertNull(noCost.gap(1_052_345));
        assertTrue(noCost.statement(30, 1_052_345, 3).startsWith("no proven bound on cost; unplanned priority proven minimal"));
        assertTrue(Certificate.unavailable("stopped").statement(0, 1, 3).equals("nothing proven: stopped"));
    }
}
