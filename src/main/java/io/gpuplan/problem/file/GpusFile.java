package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.ScalarForm;
import io.gpuplan.problem.yaml.YNode;

/** {@code gpus: {min, max}}, or {@code gpus: 8} for exactly 8. */
public record GpusFile(Integer min, Integer max) {
    public static final ScalarForm<GpusFile> SCALAR = new ScalarForm<>() {
        @Override
        public GpusFile fromScalar(YNode.YScalar s) {
            String t = s.text().trim();
            if (s.kind() == YNode.YScalar.Kind.INTEGER && t.matches("\\d+")) {
                int n = Integer.parseInt(t);
                return new GpusFile(n, n);
            }
            throw new IllegalArgumentException("expected a GPU count, got " + s.typeName());
        }

        @Override
        public String describe() {
            return "a whole number of GPUs";
        }
    };
}
