package io.gpuplan.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.yaml.Location;
import java.util.ArrayList;
import java.util.List;

/** Reads problem text and checks the errors a user gets: {@code file:line:column: path: what — valid}. */
final class ReaderAssertions {
    static final String FILE = "test.yaml";

    private ReaderAssertions() {
    }

    static Problem parse(String text, List<String> warnings) {
        try {
            return ProblemReader.parse(FILE, text, warnings);
        } catch (InputErrors e) {
            throw new AssertionError("expected to parse, got:\n" + e.getMessage());
        }
    }

    static Problem parse(String text) {
        return parse(text, new ArrayList<>());
    }

    static List<InputError> errors(String text) {
        InputErrors e = assertThrows(InputErrors.class, () -> ProblemReader.parse(FILE, text, new ArrayList<>()));
        assertTrue(!e.errors().isEmpty(), "InputErrors without errors");
        return e.errors();
    }

    /**
     * The 1-based line and column where {@code marker} occurs (once) in {@code text}; a {@code ^} in the marker points
     * inside it: {@code "maxGpus: ^-8"} is the position of {@code -8} after {@code maxGpus: }.
     */
    static Location at(String text, String marker) {
        int caret = Math.max(0, marker.indexOf('^'));
        String plain = marker.replace("^", "");
        int found = text.indexOf(plain);
        assertNotEquals(-1, found, "marker not in text: " + plain);
        assertEquals(found, text.lastIndexOf(plain), "marker not unique: " + plain);
        int i = found + caret;
        int line = 1 + (int) text.substring(0, i).chars().filter(c -> c == '\n').count();
        int column = i - text.lastIndexOf('\n', i - 1);
        return new Location(line, column);
    }

    /**
     * Asserts that reading {@code text} reports an error at {@code path}, located where {@code marker} stands, whose
     * "what is wrong" contains {@code what} and whose "what would be valid" contains {@code valid}; returns it.
     */
    static InputError assertError(String text, String path, String marker, String what, String valid) {
        List<InputError> errors = errors(text);
        List<InputError> atPath = errors.stream().filter(e -> e.path().equals(path)).toList();
        assertEquals(1, atPath.size(), () -> "errors at " + path + " among:\n" + format(errors));
        InputError e = atPath.get(0);
        Location where = at(text, marker);
        assertEquals(where, e.location(), () -> "location of " + e.format());
        assertTrue(e.what().contains(what), () -> "what: " + e.format());
        assertTrue(e.valid() != null && e.valid().contains(valid), () -> "valid: " + e.format());
        String prefix = FILE + ":" + where.line() + ":" + where.column() + ": " + path + ": ";
        assertTrue(e.format().startsWith(prefix), () -> "expected " + prefix + "..., got " + e.format());
        assertTrue(e.format().contains(" — "), () -> "no 'what would be valid' part: " + e.format());
        return e;
    }

    /** Like {@link #assertError} and also that it is the only error. */
    static InputError assertOnlyError(String text, String path, String marker, String what, String valid) {
        List<InputError> errors = errors(text);
        assertEquals(1, errors.size(), () -> "expected one error, got:\n" + format(errors));
        return assertError(text, path, marker, what, valid);
    }

    static String format(List<InputError> errors) {
        return String.join("\n", errors.stream().map(InputError::format).toList());
    }
}
