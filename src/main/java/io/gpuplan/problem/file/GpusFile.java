package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.ScalarForm;
import io.gpuplan.problem.yaml.YNode;

/** {@code gpus: {min, max}}, or {@code gpus: 8} for exactly 8. */
public record GpusFile(Integer min, Integer max) {
    public static final ScalarForm<GpusFile> SCALAR = new ScalarForm<>() {
        @Override
        public GpusFile fromScalar(YNode.YScalar s) {
            Double n = io.gpuplan.problem.yaml.RecordBinder.number(s);
            if (n != null && n >= 0 && n == Math.rint(n) && n <= Integer.MAX_VALUE) {
                return new GpusFile(n.intValue(), n.intValue());
            }
            throw new IllegalArgumentException("expected a GPU count, got " + s.typeName()
                    + (n == null ? io.gpuplan.problem.yaml.WrittenNumber.unitHint(s.text()) : ""));
        }

        @Override
        public String describe() {
            return "a whole number of GPUs";
        }

        @Override
        public Class<?> scalarType() {
            return Integer.class;
        }
    };
}
