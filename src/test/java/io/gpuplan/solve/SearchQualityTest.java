package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.bench.ScenarioGenerator;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Problems where the search once stopped short (issue 10), each with the best plan an exact solver knows: a user's
 * case where two jobs block a third on one offer, and two bundled overlays whose better plans need several jobs to
 * move at once. Large-neighbourhood search reaches them alone (CP-SAT off); with CP-SAT on, the plan is also proven
 * optimal. Move limits keep every run reproducible.
 */
class SearchQualityTest {
    static final long MOVES = 20_000;

    @ParameterizedTest(name = "{0}, CP-SAT {1} s")
    @CsvSource({
            // A plan running all four jobs at 95,317.74 USD exists (../shared/cases/README.md); within 0.5 %.
            "src/test/resources/cases/finance-risk-two-blockers.yaml, 0, 0, 9579433",
            "src/test/resources/cases/finance-risk-two-blockers.yaml, 10, 0, 9579433",
            // Without CP-SAT this quarter is no longer in the list: with R29 by default (the 12-month pool's idle part
            // past the quarter is a cost) a partly filled pool is dear, and local search alone stays at 165 unplanned
            // priority (a full pool) instead of 160 (none); with expectedUseAfterHorizon: 1 it still reaches 160, and
            // with CP-SAT (the default) 160 is proven optimal below. A known gap of the search, see the issue-12 notes.
            "problems/quarterly-mixed-2027q1.budget-minus-20.yaml, 10, 160, 17859423",
            "problems/quarterly-mixed-2027q1.data-stays-home.yaml, 0, 65, 22943498",
            "problems/quarterly-mixed-2027q1.data-stays-home.yaml, 10, 65, 22943498"})
    void theSearchReachesTheBestKnownPlanAndRepeatsIt(String file, double exactSeconds, long unplanned, long atMostCents)
            throws Exception {
        Problem p = ProblemReader.read(Path.of(file)).problem();
        SolverSettings settings = SolverSettings.defaults().withMoveLimit(MOVES).withExactSeconds(exactSeconds);
        PlanSolver.Result first = PlanSolver.solve(p, settings, x -> { });
        Evaluation e = PlanEvaluator.evaluate(p, SolutionDecisions.of(first.plan()));
        assertTrue(e.feasible());
        assertEquals(unplanned, e.unplannedPriority(), "unplanned priority");
        assertTrue(e.costCents() <= atMostCents, "cost " + e.costCents() + " above " + atMostCents);
        if (exactSeconds > 0) {
            long slack = io.gpuplan.solve.bounds.Certificate.slackCents(p);
            assertTrue(first.certificate().provenOptimal(e.unplannedPriority(), e.costCents(), slack),
                    first.certificate().statement(e.unplannedPriority(), e.costCents(), slack));
        }
        // Restarts and perturbation draw from the seed: the same seed and move limit give the same plan.
        PlanSolver.Result again = PlanSolver.solve(p, settings, x -> { });
        assertEquals(SolutionDecisions.of(first.plan()), SolutionDecisions.of(again.plan()));
    }

    /**
     * A move-limited solve whose plan the certificate does not prove optimal runs the exact search after local search,
     * on a deterministic budget (SearchAfter), then SCIP's re-plans of every job on a node limit (RestrictedMip): on
     * the generated 60-job quarter of seed 2, with 30,000 moves and CP-SAT at 2 deterministic seconds a level, the plan
     * ends from one of theirs (startedFrom says which plan the solve ended from) within 0.1 % of the quarter's proven
     * optimum (2,412,615.66 USD, HiGHS: docs/benchmarks.md; before SCIP's re-plan this test allowed 0.5 %). It ended
     * from SCIP's until the exact search's re-plans let jobs outside a set start elsewhere (ExactReplan.slides); since
     * then the exact search reaches the optimum itself and SCIP finds nothing better. The same settings give the same
     * plan.
     */
    @Test
    void aMoveLimitedSolveRunsTheExactSearchThenScipAfterLocalSearchAndRepeatsIt() throws Exception {
        Problem p = ProblemReader.parse("x60-2.yaml", ScenarioGenerator.generate(60, 24, 2, 90), new ArrayList<>());
        SolverSettings settings = new SolverSettings(1, 30_000, Duration.ofMinutes(10), null,
                SolverSettings.defaults().environmentMode(), true, 2);
        PlanSolver.Result first = PlanSolver.solve(p, settings, x -> { });
        Evaluation e = PlanEvaluator.evaluate(p, SolutionDecisions.of(first.plan()));
        assertTrue(e.feasible());
        String from = first.certificate().startedFrom();
        assertTrue(from.startsWith("SCIP's re-plan") || from.startsWith("the exact search's plan"), from);
        assertTrue(e.costCents() <= Math.round(241_261_566 * 1.001), "cost " + e.costCents());
        PlanSolver.Result again = PlanSolver.solve(p, settings, x -> { });
        assertEquals(SolutionDecisions.of(first.plan()), SolutionDecisions.of(again.plan()));
    }

    /**
     * Stopped by its clock alone, a solve also runs the exact search beside local search and the two exchange plans
     * (ExactPlans): the users' case still ends at its best plan, proven.
     */
    @Test
    void aSolveStoppedByItsClockReachesTheUsersCasePlan() throws Exception {
        Problem p = ProblemReader.read(Path.of("src/test/resources/cases/finance-risk-two-blockers.yaml")).problem();
        SolverSettings settings = SolverSettings.defaults().withMoveLimit(0).withTimeLimit(Duration.ofSeconds(5));
        PlanSolver.Result r = PlanSolver.solve(p, settings, x -> { });
        Evaluation e = PlanEvaluator.evaluate(p, SolutionDecisions.of(r.plan()));
        assertTrue(e.feasible());
        assertEquals(0, e.unplannedPriority());
        assertTrue(e.costCents() <= 9579433, "cost " + e.costCents());
        long slack = io.gpuplan.solve.bounds.Certificate.slackCents(p);
        assertTrue(r.certificate().provenOptimal(e.unplannedPriority(), e.costCents(), slack),
                r.certificate().statement(e.unplannedPriority(), e.costCents(), slack));
    }
}
