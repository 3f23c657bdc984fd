package io.gpuplan.problem.file;

import java.util.Map;

/** The {@code work:} block: form (a) tokens/flops, (b) gpuHours + accelerator, (c) units + throughputPerGpu. */
public record WorkFile(Double tokens, Double flops, Double gpuHours, String accelerator, Double units,
                       Map<String, Double> throughputPerGpu) {
}
