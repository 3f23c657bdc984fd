package io.gpuplan.sweep;

import io.gpuplan.previous.PreviousPlanText;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** R32: solves one {@link SweepTask} (on any engine: it reads nothing but the task). */
public final class SweepWorker {
    /** The last problem text parsed in this JVM (a worker gets many tasks of one sweep). */
    private static volatile Parsed last;

    private record Parsed(String text, String name, PreviousPlanText previous, Problem problem) {
    }

    private SweepWorker() {
    }

    public static ScenarioResult run(SweepTask t) {
        Problem base = problem(t.problemText(), t.fileName(), t.previous());
        Problem scenario = Scenarios.of(base, t.seed(), t.scenario());
        Solved s = solve(scenario, t);
        Evaluation e = s.evaluation();
        int jobs = scenario.jobs().size();
        // Stage 2's plan is one of the scenario with the levels fixed (R32.8): its cost has R18/R28 on them, R29 by use.
        return new ScenarioResult(t.scenario(), t.stageOne() ? -1 : t.candidate(), e.costCents(), e.unplannedPriority(),
                Commitments.strandedCents(e), e.feasible(), jobs, t.stageOne() ? Commitments.of(scenario, e) : new TreeMap<>(t.fixed()));
    }

    /** A scenario's solve: the problem the plan is of (stage 2: the scenario with the levels fixed, R32.8), its evaluation. */
    public record Solved(Problem problem, Evaluation evaluation) {
    }

    /** Solves the task's scenario (already built) with its commitments fixed, if any. */
    public static Solved solve(Problem scenario, SweepTask t) {
        SolverSettings settings = SolverSettings.reproducible(t.solveSeed(), t.moveLimit());
        if (t.stageOne()) {
            PlanSolver.Result r = PlanSolver.solve(scenario, settings, x -> {
            });
            return new Solved(scenario, PlanEvaluator.evaluate(scenario, SolutionDecisions.of(r.plan())));
        }
        FixedSolve.Solved f = FixedSolve.solve(Commitments.commit(scenario, t.fixed()), settings, x -> {
        }, new io.gpuplan.solve.Stopper());
        return new Solved(f.problem(), f.evaluation());
    }

    /** The swept problem, continuing its previous plan (R31: carried pools, continuing jobs) when it has one. */
    public static Problem problem(String text, String name, PreviousPlanText previous) {
        Parsed p = last;
        if (p != null && p.text().equals(text) && p.name().equals(name) && java.util.Objects.equals(p.previous(), previous)) {
            return p.problem();
        }
        try {
            Problem problem = ProblemReader.parse(name, text, new ArrayList<>());
            if (previous != null) {
                problem = previous.applyTo(problem, name);
            }
            last = new Parsed(text, name, previous, problem);
            return problem;
        } catch (InputErrors e) {
            // The command checked the file before making tasks; a worker that cannot read it says why.
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }

    /** The task list of a stage-1 run: every scenario, commitments free. */
    static List<SweepTask> stageOne(Sweep.Request q, long solveSeed) {
        List<SweepTask> out = new ArrayList<>();
        for (int i = 0; i < q.scenarios(); i++) {
            out.add(new SweepTask(q.problemText(), q.fileName(), i, q.seed(), -1, null, q.moveLimit(), solveSeed, q.previous()));
        }
        return out;
    }
}
