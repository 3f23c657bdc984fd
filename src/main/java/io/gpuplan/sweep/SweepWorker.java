package io.gpuplan.sweep;

import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** R32: solves one {@link SweepTask} (on any engine: it reads nothing but the task). */
public final class SweepWorker {
    /** A safety cap only: the move limit ends every solve long before it, so results never depend on the clock. */
    static final Duration SAFETY_CAP = Duration.ofHours(6);

    /** The last problem text parsed in this JVM (a worker gets many tasks of one sweep). */
    private static volatile Parsed last;

    private record Parsed(String text, String name, Problem problem) {
    }

    private SweepWorker() {
    }

    public static ScenarioResult run(SweepTask t) {
        Problem base = problem(t.problemText(), t.fileName());
        Problem scenario = Scenarios.of(base, t.seed(), t.scenario());
        Solved s = solve(scenario, t);
        Evaluation e = s.evaluation();
        int jobs = scenario.jobs().size();
        if (t.stageOne()) {
            return new ScenarioResult(t.scenario(), -1, e.costCents(), e.unplannedPriority(), Commitments.strandedCents(e),
                    e.feasible(), jobs, Commitments.of(scenario, e));
        }
        return new ScenarioResult(t.scenario(), t.candidate(), Commitments.cents(scenario, e, t.fixed()),
                e.unplannedPriority(), Commitments.strandedCents(scenario, e, t.fixed()), e.feasible(), jobs,
                new TreeMap<>(t.fixed()));
    }

    /** A scenario's solve: the problem solved (the commitments fixed in stage 2), the solver's result, its evaluation. */
    public record Solved(Problem problem, PlanSolver.Result result, Evaluation evaluation) {
    }

    /** Solves the task's scenario (already built) with its commitments fixed, if any. */
    public static Solved solve(Problem scenario, SweepTask t) {
        Problem p = t.stageOne() ? scenario : Commitments.fixed(scenario, t.fixed());
        PlanSolver.Result r = PlanSolver.solve(p, settings(t.moveLimit(), t.solveSeed()), x -> {
        });
        return new Solved(p, r, PlanEvaluator.evaluate(p, SolutionDecisions.of(r.plan())));
    }

    /** Move-limited, CP-SAT off (its time budget is not deterministic across machines): the same task, the same plan. */
    public static SolverSettings settings(long moveLimit, long seed) {
        SolverSettings d = SolverSettings.defaults();
        return new SolverSettings(seed, moveLimit, SAFETY_CAP, null, d.environmentMode(), true, 0);
    }

    static Problem problem(String text, String name) {
        Parsed p = last;
        if (p != null && p.text().equals(text) && p.name().equals(name)) {
            return p.problem();
        }
        try {
            Problem problem = ProblemReader.parse(name, text, new ArrayList<>());
            last = new Parsed(text, name, problem);
            return problem;
        } catch (InputErrors e) {
            // The command checked the file before making tasks; a worker that cannot read it says why.
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }

    /** The task list of a stage-1 run: every scenario, commitments free. */
    static List<SweepTask> stageOne(String text, String name, int n, long seed, long moveLimit, long solveSeed) {
        List<SweepTask> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new SweepTask(text, name, i, seed, -1, null, moveLimit, solveSeed));
        }
        return out;
    }
}
