package io.gpuplan.problem.yaml;

/**
 * Lets a record also be written as a single scalar ({@code gpus: 8} for {@code gpus: {min: 8, max: 8}}).
 * The binder calls {@link #fromScalar} when it meets a scalar where the record is expected.
 */
public interface ScalarForm<T> {
    /** @throws IllegalArgumentException with a message saying what would be valid */
    T fromScalar(YNode.YScalar scalar);

    /** What the scalar form looks like, for messages. */
    String describe();

    /** The type of the scalar it reads (String, Integer, Double, ...): what the JSON Schema allows in its place. */
    default Class<?> scalarType() {
        return String.class;
    }
}
