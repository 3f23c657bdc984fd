package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.bounds.ExactRepair.Level;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The exact search's re-plan levels on {@link RuinRecreateMovesTest}'s pool trade (five jobs of priority 1 each; all
 * on-demand 3,840 USD, the reserved pool 1,920 USD for one to five of them), and the set that brings a job in.
 */
class ExactReplanLevelsTest {
    private static final int[] ALL = {0, 1, 2, 3, 4};
    private final Problem problem;
    private final GpuPlan plan;

    ExactReplanLevelsTest() throws Exception {
        problem = ProblemReader.parse("pool-trade.yaml", RuinRecreateMovesTest.PROBLEM, new ArrayList<>());
        plan = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
    }

    /** Jobs j0..j3 on {@code offer}, j4 left out. */
    private void fourOn(String offer) {
        for (JobAssignment a : plan.getAssignments()) {
            a.setOption(a.getId().equals("j4") ? null
                    : a.getOptions().stream().filter(o -> o.offer().id().equals(offer)).findFirst().orElseThrow());
            a.setStart(a.getOption() == null ? a.getStarts().get(0) : a.getOption().earliestStart());
        }
    }

    /** Every job in the pool (1,920 USD, the optimum). */
    private void fiveOnThePool() {
        fourOn("ri");
        JobAssignment j4 = plan.getAssignments().get(4);
        j4.setOption(j4.getOptions().stream().filter(o -> o.offer().id().equals("ri")).findFirst().orElseThrow());
        j4.setStart(j4.getOption().earliestStart());
    }

    private Evaluation after(ExactReplan.Result r) {
        for (ReassignMove.Change c : r.move().changes()) {
            c.job().setOption(c.option());
            c.job().setStart(c.start());
        }
        return PlanEvaluator.evaluate(problem, SolutionDecisions.of(plan));
    }

    @Test
    void theCostLevelKeepsThePriorityAtTheLeastCostAndBoundsIt() {
        fourOn("od"); // 4 × 768 = 3,072 USD, priority 1 left out
        ExactReplan.Result r = ExactReplan.of(plan, ALL, Level.COST_AT_PRIORITY, 5, Double.POSITIVE_INFINITY, 1);
        Evaluation e = after(r);
        assertTrue(e.feasible());
        assertTrue(e.unplannedPriority() <= 1, "never less priority than the set ran");
        assertEquals(192_000, e.costCents(), "the pool: the cheapest plan running at least four jobs");
        assertTrue(r.optimal());
        assertEquals(192_000, r.costBound(), "the whole set's bound is the optimum's cost at that priority, no more");
    }

    @Test
    void theMorePriorityLevelBringsALeftOutJobIn() {
        fourOn("ri"); // 1,920 USD, j4 out: the pool has room for it at no cost
        int j4 = 4;
        ExactReplan.Result r = ExactReplan.of(plan, new int[] {j4}, Level.MORE_PRIORITY, 5, Double.POSITIVE_INFINITY, 1);
        Evaluation e = after(r);
        assertEquals(0, e.unplannedPriority());
        assertEquals(192_000, e.costCents());
        assertEquals(-1, r.costBound(), "a bound over plans of more priority bounds nothing the plan is measured by");
    }

    @Test
    void theMorePriorityLevelChangesNothingWhenNoJobCanComeIn() {
        fiveOnThePool();
        assertNull(ExactReplan.of(plan, ALL, Level.MORE_PRIORITY, 5, Double.POSITIVE_INFINITY, 1).move(),
                "every job runs: no re-plan runs more");
    }

    @Test
    void aBringInSetHoldsTheJobLeftOutAndJobsThatMayMakeRoomForIt() {
        fourOn("ri");
        PlanState state = new PlanState(plan);
        state.sync(plan);
        ReplanSets.Pick pick = new ReplanSets(state, new Random(1)).next(3, true);
        assertEquals(Level.MORE_PRIORITY, pick.level());
        assertTrue(Arrays.stream(pick.jobs()).anyMatch(j -> j == 4), "the job left out is in the set");
        assertTrue(pick.jobs().length >= 3, "with jobs billed alike (no capped provider: any planned job): " + Arrays.toString(pick.jobs()));
    }

    @Test
    void onlyABringInSetIsDrawnAfterAProofAndNoneWhenEveryJobRuns() {
        fiveOnThePool();
        PlanState state = new PlanState(plan);
        state.sync(plan);
        assertNull(new ReplanSets(state, new Random(1)).next(3, true));
        assertEquals(Level.COST_AT_PRIORITY, new ReplanSets(state, new Random(1)).next(3, false).level());
    }
}
