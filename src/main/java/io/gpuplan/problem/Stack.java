package io.gpuplan.problem;

/** The software stack an accelerator runs (R3); moving between stacks is a migration (R15, R16). */
public enum Stack { CUDA, CANN, ROCM }
