package io.gpuplan.problem;

/** R32: a job's uncertain demand: it happens with {@code probability}; its work is multiplied by {@code workFactor}. */
public record Demand(double probability, Range workFactor) {
    public static final Demand CERTAIN = new Demand(1, Range.ONE);
}
