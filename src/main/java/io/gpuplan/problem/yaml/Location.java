package io.gpuplan.problem.yaml;

/**
 * A 1-based line and column; {@link #UNKNOWN} when the source gave none. {@code source} names the file when it is
 * not the one being read (a base file merged into an overlay), else it is null.
 */
public record Location(String source, int line, int column) {
    public static final Location UNKNOWN = new Location(0, 0);

    public Location(int line, int column) {
        this(null, line, column);
    }

    public boolean isKnown() {
        return line > 0;
    }

    /** The same position, marked as standing in {@code file}. */
    public Location in(String file) {
        return new Location(file, line, column);
    }

    @Override
    public String toString() {
        return (source == null ? "" : source + ":") + line + ":" + column;
    }
}
