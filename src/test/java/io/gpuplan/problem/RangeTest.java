package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Values out of range: min > max, negative or zero prices and capacities. */
class RangeTest {

    private static String job(String extra) {
        return """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: j
                    kind: training
                    memoryGb: 100
                    flops: 1e20
                """ + extra;
    }

    private static String offer(String extra) {
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
                """ + extra + """
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
    }

    @Test
    void gpusMinAboveMax() {
        String text = job("    gpus: {min: 64, max: 8}\n");
        assertOnlyError(text, "jobs[0].gpus", "{min: 64", "min 64 > max 8", "min <= max");
    }

    @Test
    void gpusMinBelowOne() {
        String text = job("    gpus: {min: 0, max: 8}\n");
        assertOnlyError(text, "jobs[0].gpus.min", "min: ^0", "is 0", "at least 1");
    }

    @Test
    void negativePrice() {
        String text = offer("    price: -4.10\n");
        assertOnlyError(text, "offers[0].price", "-4.10", "is -4.1, must be greater than zero", "a positive number");
    }

    @Test
    void zeroPrice() {
        String text = offer("    price: 0\n");
        assertOnlyError(text, "offers[0].price", "price: ^0", "is 0, must be greater than zero", "a positive number");
    }

    @Test
    void zeroOrNegativeCapacities() {
        String text = offer("    price: 4.10\n    gpusPerInstance: 0\n    maxGpus: -8\n");
        assertError(text, "offers[0].gpusPerInstance", "gpusPerInstance: ^0", "is 0, must be greater than zero", "a positive number");
        assertError(text, "offers[0].maxGpus", "maxGpus: ^-8", "is -8, must be greater than zero", "a positive number");
    }

    /** A value beyond any whole number the field's type holds is told the field's own limits, not the type's. */
    @Test
    void aHugeWholeNumberIsToldTheFieldsOwnRange() {
        String text = offer("    price: 4.10\n    gpusPerInstance: 1e300\n    maxGpus: 1e300\n");
        assertError(text, "offers[0].gpusPerInstance", "gpusPerInstance: ^1e300", "is 1e300, beyond what a whole number here may be",
                "a whole number of GPUs from 1 to 64");
        assertError(text, "offers[0].maxGpus", "maxGpus: ^1e300", "is 1e300", "a whole number from -2147483648 to 2147483647");
        assertOnlyError(job("    gpus: {min: 8, max: 1e10}\n"), "jobs[0].gpus.max", "1e10", "is 1e10",
                "a whole number of GPUs from 1 to 100000 per job");
    }

    @Test
    void capacityBelowOneInstance() {
        String text = offer("    price: 4.10\n    gpusPerInstance: 8\n    maxGpus: 4\n");
        assertOnlyError(text, "offers[0].maxGpus", "maxGpus: ^4", "is 4, less than one instance of 8 GPUs", "at least gpusPerInstance");
    }

    @Test
    void zeroMemoryNeed() {
        String text = job("").replace("memoryGb: 100", "memoryGb: 0");
        assertOnlyError(text, "jobs[0].memoryGb", "memoryGb: ^0", "is 0, must be greater than zero", "a positive number");
    }

    @Test
    void efficiencyAndConfidenceOutsideTheirRanges() {
        String text = offer("    price: 4.10\n    crossNodeEfficiency: 1.5\n")
                .replace("flops: 1e20}", "flops: 1e20, deadlineConfidence: 1}");
        assertError(text, "offers[0].crossNodeEfficiency", "crossNodeEfficiency: ^1.5", "is 1.5, out of range", "a fraction in (0, 1]");
        assertError(text, "jobs[0].deadlineConfidence", "deadlineConfidence: ^1}", "is 1, out of range", "a probability in (0, 1)");
    }

    /** A zero budget is a scenario (nothing may be spent), issue 11 point 7; a negative one is a mistake. */
    @Test
    void negativeBudgetsButNotZero() {
        String text = job("").replace("offers:", "budget: {total: 0, byProvider: {aws: -5}}\noffers:");
        assertOnlyError(text, "budget.byProvider.aws", "aws: ^-5", "is -5, must not be negative", "zero or a positive number");
        assertEquals(0.0, parse(job("").replace("offers:", "budget: {total: 0}\noffers:")).budget().total());
    }

    @Test
    void negativeTransferRate() {
        String text = job("").replace("offers:", "transfer: {crossRegionPerGb: -0.02}\noffers:");
        assertOnlyError(text, "transfer.crossRegionPerGb", "-0.02", "is -0.02, must not be negative", "zero or a positive number");
    }
}
