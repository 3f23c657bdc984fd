package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;
import java.util.Map;

/** The {@code work:} block: form (a) tokens/flops, (b) gpuHours + accelerator, (c) units + throughputPerGpu. */
public record WorkFile(Double tokens, Double flops, Double gpuHours, String accelerator, Double units,
                       @Doc("units/second per GPU, keyed by offer id, provider or accelerator; an offer takes the most"
                               + " specific key that names it (offer id, then provider, then accelerator), and an offer no"
                               + " key names is not eligible") Map<String, Double> throughputPerGpu) {
}
