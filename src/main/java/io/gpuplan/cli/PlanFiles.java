package io.gpuplan.cli;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import io.gpuplan.output.PlanVerifier;
import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A plan file together with the problem it was solved for, as {@code report} and {@code explain} need them. */
record PlanFiles(Path planFile, PlanDocument plan, ProblemReader.Loaded problem, Decisions decisions) {

    /** Reads both, or prints why not and returns null: unreadable plan, no problem file, another version of it. */
    static PlanFiles load(Path planFile, Path problemFile, PrintWriter err) {
        PlanDocument plan;
        try {
            plan = PlanReader.read(planFile);
        } catch (InputErrors e) {
            e.errors().stream().map(InputError::format).forEach(err::println);
            return null;
        }
        Path problemPath = problemFile != null ? problemFile : findProblem(planFile, plan);
        if (problemPath == null) {
            err.println(planFile + ": cannot find its problem file \"" + (plan.problem() == null ? "?" : plan.problem().file())
                    + "\" under problems/ or beside the plan — give it with --problem FILE");
            return null;
        }
        ProblemReader.Loaded loaded = Problems.load(problemPath, err, Problems.previousBeside(planFile, plan));
        if (loaded == null) {
            return null;
        }
        if (plan.problem() == null || !loaded.sha256().equals(plan.problem().sha256())) {
            err.println(planFile + ": was solved for another version of " + problemPath
                    + " (SHA-256 differs); solve it again, or check it with verify");
            return null;
        }
        List<String> problems = new ArrayList<>();
        Decisions decisions = PlanVerifier.decisions(loaded.problem(), plan, problems);
        if (!problems.isEmpty()) {
            problems.forEach(p -> err.println(planFile + ": " + p));
            return null;
        }
        return new PlanFiles(planFile, plan, loaded, decisions);
    }

    /**
     * What a plan written to {@code outDir} stores as its problem's path: nothing when the name alone finds it from
     * there (beside the plan, or in a sibling problems/ folder, as {@link #findProblem} looks), else the path from
     * the plan's folder to it.
     */
    static String pathToStore(Path problemFile, Path outDir, String name) {
        Path plans = outDir.toAbsolutePath().normalize();
        Path problem = problemFile.toAbsolutePath().normalize();
        if (problem.equals(plans.resolve(name)) || problem.equals(plans.resolveSibling("problems").resolve(name))) {
            return null;
        }
        try {
            return plans.relativize(problem).toString().replace('\\', '/');
        } catch (IllegalArgumentException e) {
            return problem.toString(); // another drive or root: no relative path exists
        }
    }

    private static Path findProblem(Path planFile, PlanDocument plan) {
        if (plan.problem() == null || plan.problem().file() == null) {
            return null;
        }
        Path parent = planFile.toAbsolutePath().getParent();
        if (plan.problem().path() != null && Files.isRegularFile(parent.resolve(plan.problem().path()))) {
            return parent.resolve(plan.problem().path()).normalize();
        }
        for (Path candidate : List.of(Path.of("problems").resolve(plan.problem().file()),
                parent.resolve(plan.problem().file()), parent.resolveSibling("problems").resolve(plan.problem().file()))) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
