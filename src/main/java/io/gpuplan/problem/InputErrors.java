package io.gpuplan.problem;

import java.util.List;
import java.util.stream.Collectors;

/** Every problem found in an input file; thrown instead of a half-read result. Exit code 2. */
public final class InputErrors extends Exception {
    private final List<InputError> errors;

    public InputErrors(List<InputError> errors) {
        super(errors.stream().map(InputError::format).collect(Collectors.joining("\n")), null, false, false);
        this.errors = List.copyOf(errors);
    }

    public List<InputError> errors() {
        return errors;
    }
}
