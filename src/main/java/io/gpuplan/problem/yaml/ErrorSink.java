package io.gpuplan.problem.yaml;

/** Collects input problems so that all of them can be reported at once. */
public interface ErrorSink {
    /**
     * @param path  the field path, e.g. {@code jobs[2].gpus.min}
     * @param what  what is wrong
     * @param valid what would be valid
     */
    void error(Location location, String path, String what, String valid);
}
