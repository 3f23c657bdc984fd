package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A missing required field is reported where it would have to be added: at the mapping that lacks it. */
class MissingFieldTest {

    @Test
    void offerWithoutRegion() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - id: od
                    provider: aws
                    jurisdiction: US
                    accelerator: A100-80G
                    purchase: on-demand
                    price: 4.10
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "offers[0].region", "id: od", "missing required field", "text");
    }

    @Test
    void jobWithoutId() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - kind: training
                    memoryGb: 100
                    flops: 1e20
                """;
        assertOnlyError(text, "jobs[0].id", "kind: training", "missing required field", "text");
    }

    @Test
    void horizonWithoutEnd() {
        String text = """
                name: t
                horizon: {start: 2027-01-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "horizon.end", "{start: 2027-01-01}", "missing required field", "an ISO date");
    }

    @Test
    void topLevelNameAndJobsMissing() {
        String text = """
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                """;
        assertError(text, "name", "horizon:", "missing required field", "text");
        assertError(text, "jobs", "horizon:", "missing required field", "a list of");
    }

    @Test
    void requiredFieldWithoutValue() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - id: od
                    provider: aws
                    region: us-east-1
                    jurisdiction: US
                    accelerator: A100-80G
                    purchase: on-demand
                    price:
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        var errors = ReaderAssertions.errors(text);
        assertEquals(1, errors.size(), ReaderAssertions.format(errors));
        var e = errors.get(0);
        assertEquals("offers[0].price", e.path());
        assertEquals(ReaderAssertions.at(text, "price:").line(), e.location().line());
        assertTrue(e.what().contains("missing value"), e.format());
    }

    @Test
    void spotOfferWithoutInterruptionsPerDay() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: spot, price: 1.65}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "offers[0].interruptionsPerDay", "{id: spot", "missing required field for a spot offer", "e.g. 0.3");
    }

    @Test
    void jobWithNeitherMemoryNorModelSize() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, flops: 1e20}
                """;
        assertOnlyError(text, "jobs[0]", "{id: j", "neither memoryGb nor model.paramsB", "memoryGb: <GB>");
    }

    @Test
    void emptyFile() {
        var errors = ReaderAssertions.errors("");
        assertEquals(1, errors.size());
        assertTrue(errors.get(0).format().startsWith("test.yaml:1:1: the file is empty"),
                errors.get(0).format());
    }
}
