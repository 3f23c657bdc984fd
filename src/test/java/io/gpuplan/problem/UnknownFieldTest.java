package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** An unknown field is reported at its key, with a "did you mean" suggestion and the fields that exist. */
class UnknownFieldTest {

    @Test
    void misspeltOfferFieldSuggestsTheRightOne() {
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
                    price: 4.10
                    maxGpu: 16
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "offers[0].maxGpu", "maxGpu:", "unknown field \"maxGpu\" (did you mean \"maxGpus\"?)",
                "one of: id, provider, region");
    }

    @Test
    void misspeltJobFieldSuggestsTheRightOne() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: j
                    kind: training
                    memoryGb: 100
                    flops: 1e20
                    deadlne: 2027-03-01
                """;
        assertOnlyError(text, "jobs[0].deadlne", "deadlne:", "(did you mean \"deadline\"?)", "deadline");
    }

    @Test
    void misspeltTopLevelFieldSuggestsTheRightOne() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                curency: EUR
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "curency", "curency:", "(did you mean \"currency\"?)", "one of: name, horizon, currency");
    }

    @Test
    void unknownFieldInAFlowMappingIsLocatedAtItsKey() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01, slots: 1d}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "horizon.slots", "slots:", "(did you mean \"slot\"?)", "one of: start, end, slot");
    }

    @Test
    void fieldFarFromAnyNameGetsNoSuggestionButTheList() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20, colour: blue}
                """;
        var e = assertError(text, "jobs[0].colour", "colour:", "unknown field \"colour\"", "one of: id, kind");
        assertFalse(e.what().contains("did you mean"), e.format());
    }

    @Test
    void misspeltEnumValueSuggestsTheRightOne() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: ondemand, price: 4.10}
                jobs:
                  - {id: j, kind: trainig, memoryGb: 100, flops: 1e20}
                """;
        assertError(text, "offers[0].purchase", "ondemand", "unknown value \"ondemand\" (did you mean \"on-demand\"?)",
                "one of: on-demand, spot, reserved");
        assertError(text, "jobs[0].kind", "trainig", "(did you mean \"training\"?)", "one of: training, fine-tuning, inference, batch");
    }
}
