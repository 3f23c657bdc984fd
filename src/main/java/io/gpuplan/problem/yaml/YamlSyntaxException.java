package io.gpuplan.problem.yaml;

/**
 * The text is not YAML at all, or breaches a reading limit ({@link YamlTreeReader}); nothing further can be checked.
 * A limit is said as what it is, at the field it was met in, not as a syntax error.
 */
public final class YamlSyntaxException extends RuntimeException {
    private final Location location;
    private final String path;
    private final String valid;

    public YamlSyntaxException(Location location, String message) {
        this(location, "", message, null);
    }

    private YamlSyntaxException(Location location, String path, String message, String valid) {
        super(message);
        this.location = location;
        this.path = path;
        this.valid = valid;
    }

    /** A reading limit met at {@code path}: {@code what} is wrong, {@code valid} what would be. */
    static YamlSyntaxException limit(Location location, String path, String what, String valid) {
        return new YamlSyntaxException(location, path, what, valid);
    }

    public Location location() {
        return location;
    }

    /** The field path where a limit was met; empty for a syntax error. */
    public String path() {
        return path;
    }

    /** What is wrong, as an error message says it. */
    public String what() {
        return valid == null ? "not valid YAML: " + getMessage() : getMessage();
    }

    /** What would be valid. */
    public String valid() {
        return valid == null ? "fix the YAML syntax at this position" : valid;
    }
}
