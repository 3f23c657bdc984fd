package io.gpuplan.problem.yaml;

/** The text is not YAML at all; nothing further can be checked. */
public final class YamlSyntaxException extends RuntimeException {
    private final Location location;

    public YamlSyntaxException(Location location, String message) {
        super(message);
        this.location = location;
    }

    public Location location() {
        return location;
    }
}
