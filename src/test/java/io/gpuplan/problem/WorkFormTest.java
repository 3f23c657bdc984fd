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

    private static String throughput(String keys) {
        return """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                  - {id: h100, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: on-demand, price: 8}
                  - {id: ali, provider: aliyun, region: cn-shanghai, jurisdiction: CN, accelerator: A100-80G, purchase: on-demand, price: 3}
                jobs:
                  - id: j
                    kind: batch
                    memoryGb: 20
                    work:
                      units: 1.15e9
                      throughputPerGpu: %s
                """.formatted(keys);
    }

    @Test
    void throughputKeysNameOffersProvidersOrAccelerators() {
        Problem p = ReaderAssertions.parse(throughput("{od: 3800, aliyun: 3650, H100-80G: 9000, A100-40G: 2000}"));
        Work.Throughput t = assertInstanceOf(Work.Throughput.class, p.job("j").orElseThrow().work());
        assertEquals(java.util.Map.of("od", 3800.0), t.byOffer());
        assertEquals(java.util.Map.of("aliyun", 3650.0), t.byProvider());
        assertEquals(java.util.Map.of("H100-80G", 9000.0, "A100-40G", 2000.0), t.unitsPerSecondPerGpu());
    }

    @Test
    void anUnknownThroughputKeySuggestsAnOfferOrProvider() {
        String text = throughput("{aliyn: 3650}");
        assertOnlyError(text, "jobs[0].work.throughputPerGpu.aliyn", "3650",
                "unknown offer id, provider or accelerator \"aliyn\" (did you mean \"aliyun\"?)",
                "offer ids: od, h100, ali; providers: aliyun, aws; accelerators: A100-40G");
    }

    @Test
    void aRateForACloudThisProblemDoesNotOfferIsAWarning() {
        java.util.List<String> warnings = new java.util.ArrayList<>();
        Problem p = ReaderAssertions.parse(throughput("{od: 3800, tencent: 3500}"), warnings);
        assertEquals(java.util.Map.of("od", 3800.0), ((Work.Throughput) p.job("j").orElseThrow().work()).byOffer());
        assertEquals(java.util.List.of("test.yaml: jobs[0].work.throughputPerGpu.tencent: no offer, provider or accelerator"
                + " is named tencent, so this rate applies to nothing"), warnings);
    }

    @Test
    void aProviderKeyMayNotCoverTwoAccelerators() {
        // aws sells A100 and H100: one measured rate cannot be both's, unless the offers are keyed by id.
        String text = throughput("{aws: 3800, aliyun: 3650}");
        assertOnlyError(text, "jobs[0].work.throughputPerGpu.aws", "3800",
                "aws offers A100-80G and H100-80G, and one measured rate cannot hold for both",
                "key those offers by id (od, h100), or the accelerators by name");
        ReaderAssertions.parse(throughput("{aws: 3800, h100: 9000}")); // h100 keyed by id: aws covers only A100-80G
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
