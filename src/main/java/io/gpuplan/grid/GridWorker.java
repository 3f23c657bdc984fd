package io.gpuplan.grid;

import io.gpuplan.cli.ExitCodes;
import io.gpuplan.output.Outputs;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanVerifier;
import io.gpuplan.output.Yaml;
import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.solve.Stopper;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Solves one {@link GridTask} and renders its files (on any engine: it reads nothing but the task). A point that
 * cannot be solved for a reason a retry would not change (bad input, the time limit out while sizing, a bug caught by
 * the score check) comes back as a failed {@link GridResult}; anything else throws, for the engine to retry.
 */
public final class GridWorker {
    /** Stops the solves of this JVM early, keeping their best plans (the command line's Ctrl-C, when it runs here). */
    private static volatile Stopper stopper = new Stopper();

    private GridWorker() {
    }

    /** The stopper the solves in this JVM obey from now on (the command line gives its Ctrl-C's). */
    public static void stopWith(Stopper s) {
        stopper = s;
    }

    public static GridResult run(GridTask t) {
        List<String> messages = new ArrayList<>();
        try {
            Problem problem = problem(t);
            List<Decisions> candidates = new ArrayList<>();
            for (String plan : t.candidates()) {
                candidates.add(decisions(problem, plan, t));
            }
            ScenarioSolve.Refs refs = new ScenarioSolve.Refs(new PlanDocument.ProblemRef(t.planName(), t.storedPath(),
                    t.sha256()), io.gpuplan.cli.Version.solverEngine());
            ScenarioSolve.Solved s = ScenarioSolve.solve(problem, t.base(), refs, t.settings().settings(), p -> {
            }, () -> {
            }, candidates, stopper, messages::add);
            TreeMap<String, String> files = new TreeMap<>(Outputs.render(s.problem(), s.plan(), s.evaluation()));
            PlanDocument.Bound bound = s.plan().totals().lowerBound();
            return new GridResult(t.base(), s.code(), null, messages, files, s.plan().score(), s.evaluation().costCents(),
                    s.plan().summary().plannedPriority(), bound == null ? null : bound.statement(),
                    s.result().wallTime().toNanos(), s.result().moveSpeed());
        } catch (ScenarioSolve.Failed e) {
            return GridResult.failed(t.base(), e.code(), e.getMessage(), messages);
        }
    }

    /** The task's problem, with the previous plan it continues applied (R31). */
    static Problem problem(GridTask t) throws ScenarioSolve.Failed {
        try {
            Problem problem = ProblemReader.parse(t.fileName(), t.problemText(), new ArrayList<>());
            return t.previous() == null ? problem : t.previous().applyTo(problem, t.fileName());
        } catch (InputErrors e) {
            // The command checked the files before making tasks; a worker that cannot read them says why, located.
            throw new ScenarioSolve.Failed(ExitCodes.BAD_INPUT, "bad input: " + e.errors().stream().map(InputError::format)
                    .collect(Collectors.joining("; ")));
        }
    }

    private static Decisions decisions(Problem problem, String planText, GridTask t) throws ScenarioSolve.Failed {
        List<String> problems = new ArrayList<>();
        Decisions d = PlanVerifier.decisions(problem, Yaml.MAPPER.readValue(planText, PlanDocument.class), problems);
        if (!problems.isEmpty()) {
            throw new ScenarioSolve.Failed(ExitCodes.INTERNAL, "internal error: a plan to start from does not fit "
                    + t.fileName() + ": " + String.join("; ", problems));
        }
        return d;
    }
}
