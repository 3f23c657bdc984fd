package io.gpuplan;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;

/** Solves a problem the way {@code gpuplan solve} does, with a small move limit, for tests. */
public final class Solving {
    public static final long TEST_MOVES = 20_000;

    private Solving() {
    }

    public record Solved(ProblemReader.Loaded loaded, PlanSolver.Result result, PlanDocument plan,
                         PlanDocumentBuilder.Context context) {
    }

    public static Solved solve(ProblemReader.Loaded loaded, long moves) {
        SolverSettings settings = SolverSettings.defaults().withMoveLimit(moves);
        PlanSolver.Result result = PlanSolver.solve(loaded.problem(), settings, p -> { });
        PlanDocumentBuilder.Context context = new PlanDocumentBuilder.Context(loaded.problem(),
                new PlanDocument.ProblemRef(loaded.file().getFileName().toString(), loaded.sha256()),
                new PlanDocument.SolverRef("test", settings.seed(), moves, settings.timeLimit().toString(), null),
                null, result.options(), result.certificate());
        return new Solved(loaded, result, PlanDocumentBuilder.build(context, SolutionDecisions.of(result.plan())), context);
    }
}
