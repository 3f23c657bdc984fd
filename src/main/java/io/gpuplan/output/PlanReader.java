package io.gpuplan.output;

import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.yaml.Location;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;

/** Reads a plan file back, with located errors like the problem reader's. */
public final class PlanReader {
    private PlanReader() {
    }

    public static PlanDocument read(Path file) throws InputErrors {
        String name = file.toString();
        try {
            return Yaml.MAPPER.readValue(Files.readString(file), PlanDocument.class);
        } catch (IOException e) {
            throw new InputErrors(List.of(new InputError(name, Location.UNKNOWN, "", "cannot read the file: "
                    + io.gpuplan.problem.ReadFailure.describe(file, e), "a plan file written by gpuplan solve")));
        } catch (JacksonException e) {
            var loc = e.getLocation();
            Location where = loc == null || loc.getLineNr() <= 0 ? Location.UNKNOWN : new Location(loc.getLineNr(), loc.getColumnNr());
            String path = e.getPath().stream().map(r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
                    .reduce("", (a, b) -> a.isEmpty() || b.startsWith("[") ? a + b : a + "." + b);
            throw new InputErrors(List.of(new InputError(name, where, path, firstLine(e.getOriginalMessage()),
                    "a plan file in format " + PlanDocument.FORMAT)));
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "not a plan file";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
