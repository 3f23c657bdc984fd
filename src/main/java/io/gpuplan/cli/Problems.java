package io.gpuplan.cli;

import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Reads a problem file for a command, printing its errors and warnings. */
final class Problems {
    private Problems() {
    }

    /** The problem, or null after printing every error in it. */
    static ProblemReader.Loaded load(Path file, PrintWriter err) {
        try {
            ProblemReader.Loaded loaded = ProblemReader.read(file);
            loaded.warnings().forEach(w -> err.println("warning: " + w));
            return loaded;
        } catch (InputErrors e) {
            for (InputError error : e.errors()) {
                err.println(error.format());
            }
            err.println(file + ": " + io.gpuplan.problem.Plural.count(e.errors().size(), "error") + ", nothing written");
            return null;
        }
    }
}
