package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A value of the wrong type is reported at the value, saying what it got and what it expected. */
class WrongTypeTest {

    private static String withOffer(String offerExtra, String jobExtra) {
        return """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - id: od
                    provider: aws
                    region: us-east-1
                    jurisdiction: US
                    accelerator: A100-80G
                    purchase: on-demand
                """ + offerExtra + """
                jobs:
                  - id: j
                    kind: training
                    memoryGb: 100
                    flops: 1e20
                """ + jobExtra;
    }

    @Test
    void textWhereANumberIsExpected() {
        String text = withOffer("    price: cheap\n", "");
        assertOnlyError(text, "offers[0].price", "cheap", "expected a number", "a number (e.g. 4.1, 2e12 or 2_000_000)");
        ReaderAssertions.errors(text).forEach(e -> assertTrue(
                e.what().contains("got the text \"cheap\""), e.format()));
    }

    @Test
    void anExponentWithoutDigitsBeforeItIsNotANumber() {
        // "e20" was read as a number by the pattern and then thrown out by Double.parseDouble: an internal error.
        String text = withOffer("    price: 4.10\n", "").replace("flops: 1e20", "flops: e20");
        assertOnlyError(text, "jobs[0].flops", "e20", "expected a number", "a number");
    }

    @Test
    void aNumberWrittenWithItsUnitSuggestsTheNumber() {
        String text = withOffer("    price: 4.10 USD\n    gpusPerInstance: 8 GPUs\n", "").replace("memoryGb: 100", "memoryGb: 80GB");
        assertError(text, "offers[0].price", "4.10 USD", "got the text \"4.10 USD\" (did you mean 4.10?)",
                "a number (e.g. 4.1, 2e12 or 2_000_000)");
        assertError(text, "offers[0].gpusPerInstance", "8 GPUs", "got the text \"8 GPUs\" (did you mean 8?)", "a whole number");
        assertError(text, "jobs[0].memoryGb", "80GB", "got the text \"80GB\" (did you mean 80?)", "a number");
        assertOnlyError(withOffer("    price: $4.10\n", ""), "offers[0].price", "$4.10", "(did you mean 4.10?)", "a number");
        assertOnlyError(withOffer("    price: 4.10\n", "    gpus: 8 GPUs\n"), "jobs[0].gpus", "8 GPUs",
                "expected a GPU count, got the text \"8 GPUs\" (did you mean 8?)", "a whole number of GPUs");
        // Billions and trillions are not read (B could be bytes), but said in digits.
        assertOnlyError(withOffer("    price: 4.10\n", "").replace("flops: 1e20", "flops: 300T"), "jobs[0].flops", "300T",
                "got the text \"300T\" (did you mean 300e12?)", "a number");
    }

    @Test
    void aDateThatDoesNotExistIsSaidSo() {
        String text = withOffer("    price: 4.10\n", "    deadline: 2027-02-30\n    earliest: 2027-13-01\n");
        assertError(text, "jobs[0].deadline", "2027-02-30", "2027-02-30 does not exist: February 2027 has 28 days",
                "a date that exists, such as 2027-02-28");
        assertError(text, "jobs[0].earliest", "2027-13-01", "2027-13-01 does not exist: there is no month 13",
                "an ISO date such as 2027-01-05");
        assertOnlyError(withOffer("    price: 4.10\n", "    deadline: 2028-02-30\n"), "jobs[0].deadline", "2028-02-30",
                "February 2028 has 29 days", "2028-02-29");
    }

    @Test
    void fractionWhereAWholeNumberIsExpected() {
        String text = withOffer("    price: 4.10\n    gpusPerInstance: 2.5\n", "");
        assertOnlyError(text, "offers[0].gpusPerInstance", "2.5", "expected a whole number, got the number 2.5", "a whole number");
    }

    @Test
    void textWhereABooleanIsExpected() {
        String text = withOffer("    price: 4.10\n", "    interruptible: maybe\n");
        assertOnlyError(text, "jobs[0].interruptible", "maybe", "got the text \"maybe\"", "true or false");
    }

    @Test
    void notADate() {
        String text = withOffer("    price: 4.10\n", "    deadline: next friday\n");
        assertOnlyError(text, "jobs[0].deadline", "next friday", "expected an ISO date", "2027-01-05");
    }

    @Test
    void listWhereAMappingIsExpected() {
        String text = withOffer("    price: 4.10\n", "    model: [70]\n");
        assertOnlyError(text, "jobs[0].model", "[70]", "got a list", "paramsB (required)");
    }

    @Test
    void mappingWhereAListIsExpected() {
        String text = withOffer("    price: 4.10\n", "    residency: {US: yes}\n");
        assertOnlyError(text, "jobs[0].residency", "{US: yes}", "expected a list, got a mapping", "a list");
    }

    @Test
    void gpusMustBeACountOrARange() {
        String text = withOffer("    price: 4.10\n", "    gpus: eight\n");
        assertOnlyError(text, "jobs[0].gpus", "eight", "got the text \"eight\"", "a whole number of GPUs or a mapping with fields min, max");
    }

    @Test
    void slotMustBeAnAllowedLength() {
        String text = withOffer("    price: 4.10\n", "").replace("end: 2027-04-01}", "end: 2027-04-01, slot: 5h}");
        assertOnlyError(text, "horizon.slot", "5h", "\"5h\" is not a slot length", "1d, 1w, or whole hours that divide 24");
    }

    @Test
    void everyWrongTypeIsReported() {
        String text = withOffer("    price: cheap\n    gpusPerInstance: 2.5\n", "    interruptible: maybe\n");
        assertError(text, "offers[0].price", "cheap", "expected a number", "a number");
        assertError(text, "offers[0].gpusPerInstance", "2.5", "expected a whole number", "a whole number");
        assertError(text, "jobs[0].interruptible", "maybe", "expected true or false", "true or false");
    }
}
