package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;

/** R9: a job states its work in exactly one way (serving inference states none). */
class WorkFormTest {

    private static String job(String body) {
        return """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: j
                """ + body;
    }

    @Test
    void jobWithNoWorkForm() {
        String text = job("    kind: training\n    memoryGb: 100\n");
        assertOnlyError(text, "jobs[0]", "id: j", "states no work form",
                "one of: tokens (with model.paramsB), flops, work: {gpuHours, accelerator}, work: {units, throughputPerGpu}");
    }

    @Test
    void jobWithTwoWorkForms() {
        String text = job("""
                    kind: training
                    model: {paramsB: 13}
                    tokens: 3e11
                    work: {gpuHours: 6000, accelerator: A100-80G}
                """);
        assertOnlyError(text, "jobs[0]", "id: j", "states two work forms (tokens and work.gpuHours)", "exactly one of:");
    }

    @Test
    void flopsAndThroughputAreTwoForms() {
        String text = job("""
                    kind: batch
                    memoryGb: 20
                    flops: 1e18
                    work: {units: 1e9, throughputPerGpu: {A100-80G: 475}}
                """);
        assertOnlyError(text, "jobs[0]", "id: j", "states two work forms (flops and work.units)", "exactly one of:");
    }

    @Test
    void tokensAtJobLevelAndUnderWork() {
        String text = job("""
                    kind: training
                    model: {paramsB: 13}
                    tokens: 3e11
                    work: {tokens: 3e11}
                """);
        assertOnlyError(text, "jobs[0].work", "{tokens: 3e11}", "given both at job level and under work", "state them once");
    }

    @Test
    void tokensWithoutModelSize() {
        String text = job("    kind: training\n    memoryGb: 100\n    tokens: 3e11\n");
        assertOnlyError(text, "jobs[0].model", "id: j", "tokens need the model size", "model: {paramsB:");
    }

    @Test
    void gpuHoursWithoutTheirAccelerator() {
        String text = job("    kind: training\n    memoryGb: 100\n    work: {gpuHours: 6000}\n");
        assertOnlyError(text, "jobs[0].work.accelerator", "{gpuHours: 6000}", "missing", "the accelerator the GPU-hours refer to");
    }

    @Test
    void inferenceWithoutWorkFormIsServing() {
        Problem p = ReaderAssertions.parse(job("    kind: inference\n    model: {paramsB: 70, precision: int4}\n    replicas: 6\n"));
        Work.Serving s = assertInstanceOf(Work.Serving.class, p.jobs().get(0).work());
        assertEquals(6, s.replicas());
    }

    @Test
    void trainingWithReplicasIsAnError() {
        String text = job("    kind: training\n    memoryGb: 100\n    flops: 1e20\n    replicas: 2\n");
        assertOnlyError(text, "jobs[0].replicas", "replicas: ^2", "only inference serving jobs have replicas", "remove it");
    }
}
