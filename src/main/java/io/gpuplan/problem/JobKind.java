package io.gpuplan.problem;

public enum JobKind { TRAINING, FINE_TUNING, INFERENCE, BATCH }
