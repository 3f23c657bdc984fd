package io.gpuplan.sweep;

import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.Certificate;
import java.util.List;
import java.util.function.Consumer;

/**
 * R32.8: solving a problem whose committed levels are fixed ({@code committedGpus}): the search solves its
 * {@link Commitments#solveForm} (the fixed pools free to use), and the plan is that solve's decisions on the problem
 * itself, every figure from the rules ({@link PlanEvaluator}): R18 and R28 on the whole level, R29 from the plan's use.
 */
public final class FixedSolve {
    private FixedSolve() {
    }

    /**
     * @param result     the search's result on the solve form (its moves, termination; not its score or options)
     * @param certificate the form's certificate raised to {@code problem}'s costs ({@link Commitments#certificate})
     */
    public record Solved(Problem problem, PlanSolver.Result result, Certificate certificate, Decisions decisions,
                         Evaluation evaluation) {
        /**
         * The options of {@code problem} itself (what a plan document's explanations and R24 read), sized when asked:
         * a sweep's stage 2 needs only the evaluation, once per candidate and scenario.
         */
        public List<JobOptions> options() {
            return OptionEnumerator.enumerate(problem);
        }
    }

    public static Solved solve(Problem problem, SolverSettings settings, Consumer<io.gpuplan.solve.PlanSolver.Progress> progress,
                               Stopper stopper) {
        PlanSolver.Result r = PlanSolver.solve(Commitments.solveForm(problem), settings, progress, List.of(), stopper);
        Decisions d = Commitments.lift(problem, SolutionDecisions.of(r.plan()));
        return new Solved(problem, r, Commitments.certificate(problem, r.certificate()), d, PlanEvaluator.evaluate(problem, d));
    }
}
