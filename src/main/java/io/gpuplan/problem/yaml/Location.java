package io.gpuplan.problem.yaml;

/** A 1-based line and column in a source file; {@link #UNKNOWN} when the source gave none. */
public record Location(int line, int column) {
    public static final Location UNKNOWN = new Location(0, 0);

    public boolean isKnown() {
        return line > 0;
    }

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
