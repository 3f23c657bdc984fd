package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Ids (and keys) must be unique; the second one is reported, at its own line. */
class DuplicateIdTest {

    @Test
    void duplicateOfferId() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                  - {id: od, provider: aws, region: us-west-2, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.20}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "offers[1].id", "{id: ^od, provider: aws, region: us-west-2", "duplicate offer id \"od\"", "a unique id");
    }

    @Test
    void duplicateJobId() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: train
                    kind: training
                    memoryGb: 100
                    flops: 1e20
                  - id: train
                    kind: training
                    memoryGb: 200
                    flops: 2e20
                """;
        var e = assertError(text, "jobs[1].id", "train\n    kind: training\n    memoryGb: 200", "duplicate job id \"train\"", "a unique id");
        assertEquals(10, e.location().line());
    }

    @Test
    void duplicateAcceleratorName() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                accelerators:
                  - {name: X1, vendor: acme, memoryGb: 96, fp16Tflops: 400}
                  - {name: x1, vendor: acme, memoryGb: 96, fp16Tflops: 400}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: X1, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "accelerators[1].name", "{name: ^x1", "duplicate accelerator \"x1\"", "each accelerator once");
    }

    @Test
    void duplicateYamlKey() {
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
                    memoryGb: 200
                """;
        assertOnlyError(text, "jobs[0].memoryGb", "memoryGb: 200", "duplicate key \"memoryGb\"", "each key once (first at line 8)");
    }
}
