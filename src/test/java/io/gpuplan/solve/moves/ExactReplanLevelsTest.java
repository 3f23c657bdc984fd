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
import java.util.List;
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

    /** The job on {@code offer} (null: left out) at its earliest start. */
    private static void place(JobAssignment a, String offer) {
        a.setOption(offer == null ? null : a.getOptions().stream().filter(o -> o.offer().id().equals(offer)).findFirst().orElseThrow());
        a.setStart(a.getOption() == null ? a.getStarts().get(0) : a.getOption().earliestStart());
    }

    /** Jobs j0..j3 on {@code offer}, j4 left out. */
    private void fourOn(String offer) {
        plan.getAssignments().forEach(a -> place(a, a.getId().equals("j4") ? null : offer));
    }

    /** Every job in the pool (1,920 USD, the optimum). */
    private void fiveOnThePool() {
        fourOn("ri");
        place(plan.getAssignments().get(4), "ri");
    }

    private Evaluation after(ExactReplan.Result r) {
        r.move().applyOutsideSolver();
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
        assertTrue(r.settled());
        assertEquals(192_000, r.costBound(), "the whole set's bound is the optimum's cost at that priority, no more");
        assertTrue(r.used() > 0 && r.used() < 5, "what CP-SAT spent settling the set, a fraction of its 5 deterministic "
                + "s: what the exact search's budget is charged");
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
        ExactReplan.Result r = ExactReplan.of(plan, ALL, Level.MORE_PRIORITY, 5, Double.POSITIVE_INFINITY, 1);
        assertNull(r.move(), "every job runs: no re-plan runs more");
        assertTrue(r.settled(), "CP-SAT proves there is none: the set is settled (the exact search grows its next one)");
    }

    @Test
    void aBringInSetHoldsTheJobLeftOutAndJobsThatMayMakeRoomForIt() {
        fourOn("ri");
        PlanState state = new PlanState(plan);
        state.sync(plan);
        ReplanSets.Pick pick = new ReplanSets(state, new Random(1)).next(3, 3, 3, true, 0, true);
        assertEquals(Level.MORE_PRIORITY, pick.level());
        assertTrue(Arrays.stream(pick.jobs()).anyMatch(j -> j == 4), "the job left out is in the set");
        assertTrue(pick.jobs().length >= 3, "with jobs billed alike (no capped provider: any planned job): " + Arrays.toString(pick.jobs()));
    }

    @Test
    void onlyABringInSetIsDrawnAfterAProofAndNoneWhenEveryJobRuns() {
        fiveOnThePool();
        PlanState state = new PlanState(plan);
        state.sync(plan);
        assertNull(new ReplanSets(state, new Random(1)).next(3, 3, 3, true, 0, true));
        assertEquals(Level.COST_AT_PRIORITY, new ReplanSets(state, new Random(1)).next(3, 3, 3, true, 0, false).level());
    }

    @Test
    void bringInsAreHalfTheSetsThenRarerAfterEachThatFailed() {
        fourOn("ri");
        PlanState state = new PlanState(plan);
        state.sync(plan);
        int[] drawn = new int[3];
        int[] failed = {0, 2, 8};
        for (int f = 0; f < failed.length; f++) {
            ReplanSets sets = new ReplanSets(state, new Random(f)); // one stream: Random's first draws of nearby seeds agree
            for (int draw = 0; draw < 1000; draw++) {
                if (sets.next(3, 3, 3, true, failed[f], false).level() == Level.MORE_PRIORITY) {
                    drawn[f]++;
                }
            }
        }
        // 1 in 2, 4 and 10 of 1,000 draws: 500, 250, 100, give or take sampling.
        assertTrue(Math.abs(drawn[0] - 500) < 60 && Math.abs(drawn[1] - 250) < 50 && Math.abs(drawn[2] - 100) < 35,
                Arrays.toString(drawn));
        for (int seed = 0; seed < 20; seed++) {
            assertEquals(Level.MORE_PRIORITY, new ReplanSets(state, new Random(seed)).next(3, 3, 3, true, 8, true).level(),
                    "after a proof at its priority the plan has only bring-ins left to try, failed or not");
        }
    }

    @Test
    void noJobIsBroughtInOncePriorityIsProvenAtItsMost() {
        fourOn("ri");
        PlanState state = new PlanState(plan);
        state.sync(plan);
        assertNull(new ReplanSets(state, new Random(1)).next(3, 3, 3, false, 0, true), "a job is left out, but none may come in");
        for (int seed = 0; seed < 20; seed++) {
            assertEquals(Level.COST_AT_PRIORITY, new ReplanSets(state, new Random(seed)).next(3, 3, 3, false, 0, false).level());
        }
    }

    /**
     * Job u may run only on "us" (residency), where x runs in its window; x could run on "de" instead, where y runs
     * then. Bringing u in takes x and the job in x's way elsewhere: the set holds all three, not v (on "de" after x's
     * window), though there is room for one more.
     */
    @Test
    void aBringInSetHoldsTheJobsInTheWayWhereTheJobsInItsWayCouldGo() throws Exception {
        String job = "  - {id: %s, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, "
                + "earliest: 2027-01-%s, deadline: 2027-01-%s%s}\n";
        String yaml = """
                name: room-for-the-room
                horizon: {start: 2027-01-01, end: 2027-01-11}
                budget: {total: 1_000_000, byProvider: {aws: 100_000}}
                offers:
                  - {id: us, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 8}
                  - {id: de, provider: gcp, region: europe-west3, jurisdiction: DE, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 8}
                jobs:
                """ + job.formatted("u", "01", "03", ", residency: [US]") + job.formatted("x", "01", "03", "")
                + job.formatted("y", "01", "03", "") + job.formatted("v", "05", "07", "");
        Problem p = ProblemReader.parse("room.yaml", yaml, new ArrayList<>());
        GpuPlan g = GpuPlanFactory.create(p, OptionEnumerator.enumerate(p));
        String[] on = {null, "us", "de", "de"};
        for (int j = 0; j < on.length; j++) {
            place(g.getAssignments().get(j), on[j]);
        }
        PlanState state = new PlanState(g);
        state.sync(g);
        for (int seed = 0; seed < 10; seed++) {
            ReplanSets.Pick pick = new ReplanSets(state, new Random(seed)).bringIn(4, List.of(0));
            assertEquals(Level.MORE_PRIORITY, pick.level());
            assertEquals(ReplanSets.Kind.BRING_IN, pick.kind());
            assertEquals("[0, 1, 2]", Arrays.toString(Arrays.stream(pick.jobs()).sorted().toArray()), "u, x (in its way), y (in x's way on de)");
        }
    }
}
