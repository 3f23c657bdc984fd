package io.gpuplan.grid;

import io.gpuplan.cli.ExitCodes;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.output.ProviderWorth;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.UnplannedReasons;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import io.gpuplan.solve.Stopper;
import io.gpuplan.sweep.Commitments;
import io.gpuplan.sweep.FixedSolve;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Solves one scenario into its plan document, without writing anything: what {@code solve} runs before it writes, and
 * what a grid point's task runs on any engine (it reads no file: the problem comes parsed, the plan's references as
 * text).
 */
public final class ScenarioSolve {
    private ScenarioSolve() {
    }

    /** A solved scenario, ready to be written: its plan, the rule checks' evaluation of it, and its exit code. */
    public record Solved(Problem problem, PlanDocument plan, Evaluation evaluation, Decisions decisions,
                         PlanSolver.Result result, int code) {
    }

    /** A scenario not solved: the exit code ({@link ExitCodes}) and why, in words. */
    public static final class Failed extends Exception {
        private static final long serialVersionUID = 1L;
        private final int code;

        public Failed(int code, String why) {
            super(why);
            this.code = code;
        }

        public int code() {
            return code;
        }
    }

    /** What a plan records as its problem and solver, besides what the solve itself gives. */
    public record Refs(PlanDocument.ProblemRef problem, String solverEngine) {
    }

    /**
     * @param progress   the best score as it improves
     * @param solved     called once the search has ended (a live progress line ends there), before the messages
     * @param candidates plans to start from if they beat the warm start's own (see {@code WarmStart})
     * @param messages   lines for the console: jobs with no option, R27's re-solve time
     */
    public static Solved solve(Problem problem, String base, Refs refs, SolverSettings settings,
                               Consumer<PlanSolver.Progress> progress, Runnable solved, List<Decisions> candidates,
                               Stopper stopper, Consumer<String> messages) throws Failed {
        if (stopper.stopped()) {
            throw new Failed(ExitCodes.INTERRUPTED, "not solved: stopped by " + stopper.reason());
        }
        try {
            if (Commitments.fixesAny(problem)) {
                return solveFixed(problem, base, refs, settings, progress, solved, stopper, messages);
            }
            PlanSolver.Result result = PlanSolver.solve(problem, settings, progress, candidates, stopper);
            solved.run();
            result.options().stream().filter(jo -> jo.options().isEmpty()).forEach(jo ->
                    messages.accept(base + ": " + jo.job().id() + " cannot be planned: " + UnplannedReasons.noOption(jo)));
            Decisions decisions = SolutionDecisions.of(result.plan());
            Evaluation evaluation = PlanEvaluator.evaluate(problem, decisions); // the plan and its files share it
            long worthStarted = System.nanoTime();
            var withoutIt = ProviderWorth.of(problem, settings, evaluation, stopper);
            if (!withoutIt.isEmpty()) {
                messages.accept(base + ": R27: re-solved without each of " + withoutIt.size() + " opened providers in "
                        + String.format(Locale.ROOT, "%.1f s", (System.nanoTime() - worthStarted) / 1e9));
            }
            PlanDocument doc = PlanDocumentBuilder.build(context(problem, refs, settings, result, withoutIt), evaluation);
            if (result.score() != null && !doc.score().equals(result.score().toString())) {
                throw new Failed(ExitCodes.INTERNAL, "the rule checks score the plan " + doc.score()
                        + " but the solver scored it " + result.score() + "; the plan is not written");
            }
            return new Solved(problem, doc, evaluation, decisions, result, code(result, doc));
        } catch (io.gpuplan.sizing.SizingStopped e) {
            throw new Failed(ExitCodes.BAD_INPUT, "not solved: the time limit (" + duration(settings.timeLimit())
                    + ") ran out while sizing the options (" + e.sized() + " of " + e.jobs() + " jobs sized); nothing is"
                    + " written. Give a longer --time-limit, or narrow the jobs' gpus ranges and the offers' maxGpus");
        } catch (RuntimeException e) {
            throw new Failed(ExitCodes.INTERNAL, "internal error: " + e);
        }
    }

    /**
     * R32.8: a problem with fixed levels (a sweep's scenario file) is solved as the sweep solves it, the pools free to
     * use ({@link FixedSolve}); its score is the rules' (the search's lacks the fixed R18), and R27's re-solves
     * without a provider are not run (they would not keep the levels).
     */
    private static Solved solveFixed(Problem problem, String base, Refs refs, SolverSettings settings,
                                     Consumer<PlanSolver.Progress> progress, Runnable solved, Stopper stopper,
                                     Consumer<String> messages) {
        FixedSolve.Solved s = FixedSolve.solve(problem, settings, progress, stopper);
        solved.run();
        s.options().stream().filter(jo -> jo.options().isEmpty()).forEach(jo ->
                messages.accept(base + ": " + jo.job().id() + " cannot be planned: " + UnplannedReasons.noOption(jo)));
        PlanDocumentBuilder.Context c = context(problem, refs, settings, s.result(), Map.of());
        PlanDocument doc = PlanDocumentBuilder.build(new PlanDocumentBuilder.Context(c.problem(), c.problemRef(), c.solver(),
                c.run(), s.options(), s.certificate(), Map.of()), s.evaluation());
        return new Solved(problem, doc, s.evaluation(), s.decisions(), s.result(), code(s.result(), doc));
    }

    /**
     * A feasible plan that leaves jobs unplanned is a result, not a failure (the console and report list them);
     * solve --fail-on-unplanned turns it into exit 1 for scripts that need every job placed.
     */
    private static int code(PlanSolver.Result result, PlanDocument doc) {
        return result.terminatedEarly() ? ExitCodes.INTERRUPTED : doc.feasible() ? ExitCodes.OK : ExitCodes.PARTIAL;
    }

    public static PlanDocumentBuilder.Context context(Problem problem, Refs refs, SolverSettings s, PlanSolver.Result r,
                                                      Map<String, PlanDocument.WithoutIt> withoutIt) {
        return new PlanDocumentBuilder.Context(problem, refs.problem(),
                new PlanDocument.SolverRef(refs.solverEngine(), s.seed(), s.moveLimit(), s.timeLimit().toString(),
                        s.unimprovedLimit() == null ? null : s.unimprovedLimit().toString()),
                new PlanDocument.Run(r.termination(), r.moves(), r.terminatedEarly() ? Boolean.TRUE : null),
                r.options(), r.certificate(), withoutIt);
    }

    /** A duration as {@code --time-limit} reads it: 90s, 250ms. */
    static String duration(java.time.Duration d) {
        return io.gpuplan.cli.DurationConverter.format(d);
    }
}
