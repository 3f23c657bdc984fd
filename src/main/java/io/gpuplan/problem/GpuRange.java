package io.gpuplan.problem;

/** A job's allowed GPU count, {@code min..max} inclusive. */
public record GpuRange(int min, int max) {
}
