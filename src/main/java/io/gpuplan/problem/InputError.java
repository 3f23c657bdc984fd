package io.gpuplan.problem;

import io.gpuplan.problem.yaml.Location;

/**
 * One problem with an input file, printed as {@code file:line:column: path: what — valid}; the file is the
 * location's own when it has one (a base file of an overlay).
 */
public record InputError(String file, Location location, String path, String what, String valid) {
    public String format() {
        StringBuilder sb = new StringBuilder(location.source() != null ? location.source() : file);
        if (location.isKnown()) {
            sb.append(':').append(location.line()).append(':').append(location.column());
        }
        sb.append(": ");
        if (!path.isEmpty()) {
            sb.append(path).append(": ");
        }
        sb.append(what);
        if (valid != null && !valid.isEmpty()) {
            sb.append(" — ").append(valid);
        }
        return sb.toString();
    }
}
