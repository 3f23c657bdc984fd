package io.gpuplan.output;

import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.yaml.Location;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/** Reads a plan file back, with located errors like the problem reader's. */
public final class PlanReader {
    private PlanReader() {
    }

    public static PlanDocument read(Path file) throws InputErrors {
        String name = file.toString();
        if (Files.exists(file) && !Files.isDirectory(file) && !Files.isRegularFile(file)) {
            // A FIFO would block the read forever and /dev/zero never ends.
            throw new InputErrors(List.of(new InputError(name, Location.UNKNOWN, "", "cannot read the file: it is not a"
                    + " regular file (a device, pipe or socket)", "a plan file written by gpuplan solve")));
        }
        try {
            return Yaml.MAPPER.readValue(Files.readString(file), PlanDocument.class);
        } catch (IOException e) {
            throw new InputErrors(List.of(new InputError(name, Location.UNKNOWN, "", "cannot read the file: "
                    + io.gpuplan.problem.IoFailure.reading(file, e), "a plan file written by gpuplan solve")));
        } catch (JacksonException e) {
            var loc = e.getLocation();
            Location where = loc == null || loc.getLineNr() <= 0 ? Location.UNKNOWN : new Location(loc.getLineNr(), loc.getColumnNr());
            String path = e.getPath().stream().map(r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
                    .reduce("", (a, b) -> a.isEmpty() || b.startsWith("[") ? a + b : a + "." + b);
            throw new InputErrors(List.of(new InputError(name, where, path, what(e),
                    "a plan file in format " + PlanDocument.FORMAT)));
        }
    }

    /** What is wrong, in words: Jackson's own messages name Java types and tokens. */
    private static String what(JacksonException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown field \"" + u.getPropertyName() + "\"";
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return "expected " + kind(m.getTargetType()) + " here";
        }
        if (e instanceof StreamReadException) {
            return "not valid YAML: " + firstLine(e.getOriginalMessage());
        }
        return "not what a plan holds here";
    }

    private static String kind(Class<?> type) {
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (type == String.class) {
            return "a text";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (java.time.temporal.Temporal.class.isAssignableFrom(type)) {
            return "a date";
        }
        return "a mapping (field: value)";
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "not a plan file";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
