package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import org.junit.jupiter.api.Test;

/** R7 memory need and R8 memory fit. */
class MemoryTest {
    private static final double EPS = 1e-9;

    private static final Problem P = Fixtures.quarter(Fixtures.a100("od", 4.0), """
              - {id: gpt3, kind: training, model: {paramsB: 175}, flops: 1e20}
              - {id: full-ft, kind: fine-tuning, model: {paramsB: 70}, flops: 1e20}
              - {id: lora-ft, kind: fine-tuning, method: lora, model: {paramsB: 70, precision: bf16}, flops: 1e20}
              - {id: qlora-ft, kind: fine-tuning, method: qlora, model: {paramsB: 70, precision: int4}, flops: 1e20}
              - {id: chat-70b, kind: inference, model: {paramsB: 70, precision: int4}, replicas: 2}
              - {id: chat-7b-default-precision, kind: inference, model: {paramsB: 7}}
              - {id: stated, kind: training, memoryGb: 300, model: {paramsB: 13}, flops: 1e20}
            """);

    private static double need(String job) {
        return Memory.needGb(Fixtures.job(P, job));
    }

    @Test
    void r7_gpt3_175B_trainingNeeds3_5TB() {
        // 16 bytes/param (mixed-precision Adam) + 25 % activations = 20 GB per billion parameters
        assertEquals(175 * 20.0, need("gpt3"), EPS); // 3500 GB = 3.5 TB
    }

    @Test
    void r7_fullFineTuningNeedsLikeTraining() {
        assertEquals(70 * 20.0, need("full-ft"), EPS); // 1400 GB
    }

    @Test
    void r7_loraFineTuningNeedsWeightsPlus20Percent() {
        assertEquals(70 * 2 * 1.2, need("lora-ft"), EPS);   // bf16 = 2 bytes: 168 GB
        assertEquals(70 * 0.5 * 1.2, need("qlora-ft"), EPS); // int4 = 0.5 byte: 42 GB
    }

    @Test
    void r7_inferenceReplicaOf70BInInt4Needs42GB() {
        assertEquals(70 * 0.5 * 1.2, need("chat-70b"), EPS); // 42 GB per replica
    }

    @Test
    void r7_precisionDefaultsToBf16() {
        assertEquals(7 * 2 * 1.2, need("chat-7b-default-precision"), EPS); // 16.8 GB
    }

    @Test
    void r7_statedMemoryGbWinsOverParams() {
        assertEquals(300, need("stated"), EPS);
    }

    @Test
    void r8_memoryFitIsNeedPerGpuWithinHeadroom() {
        double limit = 80 * 0.85; // A100-80G at the default headroom: 68 GB per GPU
        // GPT-3: 3500 / 51 = 68.6 GB > 68; 3500 / 52 = 67.3 GB <= 68
        assertFalse(Memory.fits(3500, 51, 80, 0.85));
        assertTrue(Memory.fits(3500, 52, 80, 0.85));
        assertEquals((int) Math.ceil(3500 / limit), Memory.minGpus(3500, 80, 0.85)); // ceil(51.47) = 52
        assertTrue(Memory.fits(limit, 1, 80, 0.85), "exactly at the limit fits");
    }

    @Test
    void r8_smallNeedStillTakesOneGpu() {
        assertEquals(1, Memory.minGpus(1, 80, 0.85));
    }

    @Test
    void r8_sizerExcludesGpuCountsThatDoNotHoldTheModel() {
        // 3500 GB on 8-GPU A100 instances: 48 GPUs hold 48 x 68 = 3264 GB < 3500, 56 GPUs hold 3808 GB
        Problem p = Fixtures.quarter(Fixtures.a100("od", 4.0),
                "  - {id: gpt3, kind: training, model: {paramsB: 175}, flops: 1e20, gpus: {min: 48, max: 56}}\n");
        OptionSizer.Sizing at48 = OptionSizer.size(p, Fixtures.job(p, "gpt3"), Fixtures.offer(p, "od"), 48);
        assertTrue(at48.breaches().stream().anyMatch(b -> b.rule() == Rule.R8), at48.breaches().toString());
        Option at56 = Fixtures.option(p, "gpt3", "od", 56);
        assertEquals(3500.0 / 56, at56.memoryPerGpuGb(), EPS);
        assertEquals(80 * 0.85, at56.memoryLimitGb(), EPS);
    }
}
