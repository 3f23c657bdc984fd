package io.gpuplan.problem;

import java.util.Map;

/** How a job states its work (R9); serving jobs state none and hold a fixed window. */
public sealed interface Work {
    /** (a) FLOPs, given or derived from tokens: 6·N·D for training and fine-tuning, 2·N·D otherwise. */
    record Flops(double flops) implements Work {
    }

    /** (b) GPU-hours measured or estimated on a reference accelerator. */
    record ReferenceHours(double gpuHours, Accelerator reference) implements Work {
    }

    /** (c) Units to process and measured units/second per GPU, by accelerator name. */
    record Throughput(double units, Map<String, Double> unitsPerSecondPerGpu) implements Work {
        public Throughput {
            unitsPerSecondPerGpu = Map.copyOf(unitsPerSecondPerGpu);
        }
    }

    /** Inference serving: replicas held for a window, no work to finish. */
    record Serving(int replicas, Integer maxGpusPerReplica) implements Work {
    }
}
