package io.gpuplan.cli;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.previous.PreviousPlans;
import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a problem file for a command, printing its errors and warnings. */
final class Problems {
    private Problems() {
    }

    /** The problem with the previous plan it names (R31) applied, or null after printing every error in it. */
    static ProblemReader.Loaded load(Path file, PrintWriter err) {
        return load(file, err, null);
    }

    /** @param previous {@code --previous PLAN}, or null: the problem's own {@code previous.plan} (R31) */
    static ProblemReader.Loaded load(Path file, PrintWriter err, Path previous) {
        ProblemReader.Loaded loaded = loadWithoutPrevious(file, err);
        return loaded == null ? null : withPrevious(loaded, previous, err);
    }

    /** The problem as its file states it, before any previous plan is read. */
    static ProblemReader.Loaded loadWithoutPrevious(Path file, PrintWriter err) {
        try {
            ProblemReader.Loaded loaded = ProblemReader.read(file);
            loaded.warnings().forEach(w -> err.println("warning: " + w));
            return loaded;
        } catch (InputErrors e) {
            printErrors(file, e, err);
            return null;
        }
    }

    /** R31: the previous plan applied ({@code previous} null: the problem's own), or null after printing why not. */
    static ProblemReader.Loaded withPrevious(ProblemReader.Loaded loaded, Path previous, PrintWriter err) {
        try {
            ProblemReader.Loaded applied = PreviousPlans.apply(loaded, previous);
            applied.warnings().stream().skip(loaded.warnings().size()).forEach(w -> err.println("warning: " + w));
            return applied;
        } catch (InputErrors e) {
            printErrors(loaded.file(), e, err);
            return null;
        }
    }

    /**
     * The previous plan a written plan continues, as {@code verify}, {@code report} and {@code explain} find it: the
     * file it records beside the plan, else null (the problem's own {@code previous.plan}).
     */
    static Path previousBeside(Path planFile, PlanDocument plan) {
        if (plan.previous() == null || plan.previous().plan() == null) {
            return null;
        }
        Path beside = planFile.toAbsolutePath().resolveSibling(plan.previous().plan());
        return Files.isRegularFile(beside) ? beside : null;
    }

    private static void printErrors(Path file, InputErrors e, PrintWriter err) {
        for (InputError error : e.errors()) {
            err.println(error.format());
        }
        err.println(file + ": " + io.gpuplan.problem.Plural.count(e.errors().size(), "error") + ", nothing written");
    }
}
