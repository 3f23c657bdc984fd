package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.bench.ScenarioGenerator;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The warm start reports each start that beats the ones before as soon as it is built (at L the first comes seconds
 * before the last): each report is a plan a stop at that moment returns, and reporting changes no plan.
 */
class WarmStartTest {
    /** A generated quarter with reserved terms past the horizon: the warm start runs its orders twice (R29). */
    private static Problem generated() throws Exception {
        return ProblemReader.parse("generated.yaml", ScenarioGenerator.generate(60, 24, 1, 90), new ArrayList<>());
    }

    @Test
    void eachReportIsTheRulesScoreOfTheBestStartSoFarAndTheLastIsThePlans() throws Exception {
        Problem p = generated();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        GpuPlan quiet = GpuPlanFactory.create(p, options);
        WarmStart.apply(quiet, options, List.of());
        GpuPlan reported = GpuPlanFactory.create(p, options);
        List<HardMediumSoftScore> reports = new ArrayList<>();
        WarmStart.apply(reported, options, List.of(), reports::add, new Stopper());
        assertEquals(SolutionDecisions.of(quiet), SolutionDecisions.of(reported), "reporting changes no plan");
        assertFalse(reports.isEmpty());
        for (int i = 1; i < reports.size(); i++) {
            assertTrue(reports.get(i).compareTo(reports.get(i - 1)) > 0, "each report beats the one before: " + reports);
        }
        assertEquals(PlanEvaluator.evaluate(p, SolutionDecisions.of(reported)).score(),
                reports.get(reports.size() - 1).toString(), "the last report is the plan's score");
    }

    @Test
    void aSolveStoppedAtItsFirstFeasibleReportReturnsThatPlan() throws Exception {
        for (Problem p : List.of(generated(),
                ProblemReader.read(java.nio.file.Path.of("problems/stranded-36-month-commitment.yaml")).problem())) {
            Stopper stopper = new Stopper();
            List<HardMediumSoftScore> reports = new ArrayList<>();
            // CP-SAT off: with it, a stopped solve may still adopt CP-SAT's plan if it is better (never worse).
            SolverSettings settings = SolverSettings.defaults().withExactSeconds(0);
            PlanSolver.Result r = PlanSolver.solve(p, settings, progress -> {
                if (reports.isEmpty()) {
                    reports.add(progress.bestScore());
                    stopper.stop(); // a Ctrl-C at the first report
                }
            }, List.of(), stopper);
            HardMediumSoftScore first = reports.get(0);
            assertEquals(0, first.hardScore(), p.name() + ": the first report is feasible");
            assertTrue(r.terminatedEarly());
            assertEquals(first, r.score(), p.name() + ": the stopped solve returns the reported plan");
            assertEquals(PlanEvaluator.evaluate(p, SolutionDecisions.of(r.plan())).score(), first.toString(),
                    p.name() + ": the rules give the returned plan the reported score");
        }
    }
}
