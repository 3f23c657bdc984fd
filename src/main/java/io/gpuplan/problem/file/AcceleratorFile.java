package io.gpuplan.problem.file;

import io.gpuplan.problem.Stack;
import io.gpuplan.problem.yaml.Required;

/** Adds an accelerator or overrides fields of a built-in one (then only {@code name} is required). */
public record AcceleratorFile(@Required String name, String vendor, Stack stack, Double memoryGb, Double fp16Tflops,
                              Double bandwidthGBs, String source) {
}
