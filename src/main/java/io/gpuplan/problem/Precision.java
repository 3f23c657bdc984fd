package io.gpuplan.problem;

/** Numeric precision of weights, with bytes per parameter (R7). */
public enum Precision {
    FP32(4), TF32(4), BF16(2), FP16(2), FP8(1), INT8(1), INT4(0.5);

    private final double bytesPerParam;

    Precision(double bytesPerParam) {
        this.bytesPerParam = bytesPerParam;
    }

    public double bytesPerParam() {
        return bytesPerParam;
    }
}
