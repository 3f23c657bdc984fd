package io.gpuplan.output;

import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.yaml.Location;
import io.gpuplan.problem.yaml.Locator;
import io.gpuplan.problem.yaml.YNode;
import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YamlSyntaxException;
import io.gpuplan.problem.yaml.YamlTreeReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/** Reads a plan file back, with located errors like the problem reader's. */
public final class PlanReader {
    private static final String VALID = "a plan file written by gpuplan solve";

    private PlanReader() {
    }

    public static PlanDocument read(Path file) throws InputErrors {
        String name = file.toString();
        if (Files.exists(file) && !Files.isDirectory(file) && !Files.isRegularFile(file)) {
            // A FIFO would block the read forever and /dev/zero never ends.
            throw new InputErrors(List.of(new InputError(name, Location.UNKNOWN, "", "cannot read the file: it is not a"
                    + " regular file (a device, pipe or socket)", VALID)));
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new InputErrors(List.of(new InputError(name, Location.UNKNOWN, "", "cannot read the file: "
                    + io.gpuplan.problem.IoFailure.reading(file, e), VALID)));
        }
        YNode tree = tree(text);
        notAProblemFile(name, tree);
        PlanDocument doc;
        try {
            doc = Yaml.MAPPER.readValue(text, PlanDocument.class);
        } catch (JacksonException e) {
            var loc = e.getLocation();
            String path = e.getPath().stream().map(r -> r.getPropertyName() != null ? r.getPropertyName() : "[" + r.getIndex() + "]")
                    .reduce("", (a, b) -> a.isEmpty() || b.startsWith("[") ? a + b : a + "." + b);
            // Jackson gives no position for some errors (an unknown field): the field's own then, from the tree.
            Location where = loc != null && loc.getLineNr() > 0 ? new Location(loc.getLineNr(), loc.getColumnNr())
                    : tree != null && !path.isEmpty() ? new Locator(tree).locate(path) : Location.UNKNOWN;
            throw new InputErrors(List.of(new InputError(name, where, path, what(e), "a plan file in format " + PlanDocument.FORMAT)));
        }
        List<InputError> errors = formatAndDates(name, doc, tree);
        if (!errors.isEmpty()) {
            throw new InputErrors(errors);
        }
        return doc;
    }

    /**
     * What Jackson reads without complaint but no plan of this format holds: another format, a date that does not exist
     * (a verify would call the plan one that "differs", exit 1, instead of bad input).
     */
    private static List<InputError> formatAndDates(String name, PlanDocument doc, YNode tree) {
        List<InputError> errors = new ArrayList<>();
        Locator locator = tree == null ? null : new Locator(tree); // null: a plan beyond the tree reader's limits
        Function<String, Location> at = path -> locator == null ? Location.UNKNOWN : locator.locate(path);
        if (doc.format() != null && !doc.format().equals(PlanDocument.FORMAT)) {
            errors.add(new InputError(name, at.apply("format"), "format", "\"" + doc.format() + "\" is not a plan format"
                    + " this gpuplan reads", PlanDocument.FORMAT + " (solve the problem again with this gpuplan)"));
        }
        Map<String, String> dates = new LinkedHashMap<>();
        if (doc.horizon() != null) {
            dates.put("horizon.start", doc.horizon().start());
            dates.put("horizon.end", doc.horizon().end());
        }
        List<PlanDocument.Assignment> assignments = doc.assignments() == null ? List.of() : doc.assignments();
        for (int i = 0; i < assignments.size(); i++) {
            dates.put("assignments[" + i + "].start", assignments.get(i).start());
            dates.put("assignments[" + i + "].end", assignments.get(i).end());
        }
        dates.forEach((path, value) -> {
            if (value != null && dateTime(value) == null) {
                errors.add(new InputError(name, at.apply(path), path, "\"" + value + "\" is not a date",
                        "a date such as 2027-01-01, or a date and hour such as 2027-01-01T06:00"));
            }
        });
        return errors;
    }

    /** A plan's date ({@code 2027-01-01}) or date and hour ({@code 2027-01-01T06:00}), or null when it is neither. */
    public static LocalDateTime dateTime(String text) {
        try {
            return text.contains("T") ? LocalDateTime.parse(text) : LocalDate.parse(text).atStartOfDay();
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** The text's tree with locations, or null when it is no YAML (Jackson then says why). */
    private static YNode tree(String text) {
        try {
            return YamlTreeReader.read(text, (loc, path, what, valid) -> {
            });
        } catch (YamlSyntaxException e) {
            return null;
        }
    }

    /** A problem file given where a plan belongs (verify's second file, previous.plan) is said to be one. */
    private static void notAProblemFile(String name, YNode tree) throws InputErrors {
        if (!(tree instanceof YMap m) || m.get("format") != null) {
            return;
        }
        List<Entry> problemOnly = Stream.of("extends", "offers", "jobs").map(k -> m.entries().get(k)).filter(e -> e != null).toList();
        if (!problemOnly.isEmpty()) {
            throw new InputErrors(List.of(new InputError(name, problemOnly.get(0).keyLocation(), "", "this is a problem file,"
                    + " not a plan: it has " + String.join(" and ", problemOnly.stream().map(Entry::key).toList())
                    + ", and no format", VALID + " (format: " + PlanDocument.FORMAT + ")")));
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
