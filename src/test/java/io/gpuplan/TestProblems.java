package io.gpuplan;

import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Problem files for tests: the bundled examples under problems/ and the fixtures under src/test/resources. */
public final class TestProblems {
    public static final Path TINY = Path.of("src/test/resources/problems/tiny.yaml");

    private TestProblems() {
    }

    public static ProblemReader.Loaded load(Path file) {
        try {
            return ProblemReader.read(file);
        } catch (InputErrors e) {
            throw new AssertionError(file + " does not read:\n" + e.getMessage(), e);
        }
    }

    /** Every bundled example problem (problems/*.yaml), sorted by name. */
    public static List<Path> bundled() {
        try (Stream<Path> files = Files.list(Path.of("problems"))) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
