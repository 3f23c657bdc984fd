package io.gpuplan.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The five interruption-frequency bands and their daily Poisson rates, worked by hand. */
class InterruptionBandTest {

    @Test
    void midpointAsMonthlyProbabilityGivesTheDailyRate() {
        // 5-10 %: p = 0.075; P(at least one in 30 days) = 1 - exp(-30 r) = p, so r = -ln(0.925) / 30.
        // ln(0.925) = -0.0779615415; / 30 = 0.00259871805.
        InterruptionBand b = InterruptionBand.parse("5-10%");
        assertEquals(0.075, b.monthlyProbability(), 0);
        assertEquals(0.00259871805, b.interruptionsPerDay(), 1e-11);
        // <5 %: p = 0.025, -ln(0.975) / 30 = 0.0253178080 / 30 = 0.000843926933.
        assertEquals(0.000843926933, InterruptionBand.parse("<5%").interruptionsPerDay(), 1e-12);
        // >20 %, taken as 20-30 %: p = 0.25, -ln(0.75) / 30 = 0.287682072 / 30 = 0.00958940241.
        assertEquals(0.00958940241, InterruptionBand.parse(">20%").interruptionsPerDay(), 1e-11);
    }

    @Test
    void readsExactlyTheLabelsTheSchemaLists() {
        assertEquals(List.of("<5%", "5-10%", "10-15%", "15-20%", ">20%"), InterruptionBand.writtenForms());
        for (String label : InterruptionBand.writtenForms()) {
            assertEquals(label, InterruptionBand.parse(" " + label + " ").label());
        }
        assertThrows(IllegalArgumentException.class, () -> InterruptionBand.parse(">25%"));
        assertThrows(IllegalArgumentException.class, () -> InterruptionBand.parse("low"));
    }

    @Test
    void aLabelWrittenWithoutItsPercentSignOrWithSpacesIsRefusedWithTheLabelItMeant() {
        // The JSON Schema lists the labels as they are; the reader accepts the same, so an editor and validate agree.
        assertEquals("\"5-10\" is not an interruption band (did you mean \"5-10%\"?)",
                assertThrows(IllegalArgumentException.class, () -> InterruptionBand.parse("5-10")).getMessage());
        assertEquals("\"10 - 15 %\" is not an interruption band (did you mean \"10-15%\"?)",
                assertThrows(IllegalArgumentException.class, () -> InterruptionBand.parse("10 - 15 %")).getMessage());
        assertEquals("\"15–20%\" is not an interruption band (did you mean \"15-20%\"?)",
                assertThrows(IllegalArgumentException.class, () -> InterruptionBand.parse("15–20%")).getMessage());
    }

    @Test
    void statesTheAssumptionItMakes() {
        assertEquals("interruptionsPerDay from the band 5-10% per month: midpoint 7.5 % as the monthly probability per"
                + " instance, -ln(1 - 0.075) / 30 days = 0.0025987", InterruptionBand.parse("5-10%").assumption());
    }
}
