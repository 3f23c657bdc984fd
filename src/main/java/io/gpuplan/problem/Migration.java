package io.gpuplan.problem;

/** A port to another stack (R16): one-time cost (base currency), lead time and performance factor. */
public record Migration(Stack to, double cost, double weeks, double performance) {
}
