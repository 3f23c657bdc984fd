package io.gpuplan.problem;

/**
 * One accelerator part (R3).
 *
 * @param bandwidthGBs memory bandwidth, or null where no source gave it (no rule uses it yet)
 * @param source       where the figures come from
 * @param note         caveats, e.g. "UNCERTAIN: ..." for figures from secondary sources
 */
public record Accelerator(String name, String vendor, Stack stack, double memoryGb, double fp16Tflops,
                          Double bandwidthGBs, String source, String note) {
}
