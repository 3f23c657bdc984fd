package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.ExactRepair.Level;
import io.gpuplan.solve.moves.ExactReplan.PoolRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Sets built around a reserved pool: five jobs of 8 GPUs run one after another on pool "dear" (1 USD per GPU-hour,
 * 8 GPUs × 240 h = 1,920 USD); pool "cheap" (0.8 USD) would run them all for 1,536 USD, but a job moved there alone
 * buys 1,536 USD of it while "dear" still costs 1,920: only all five together close "dear".
 */
class PoolSetsTest {
    private static final String PROBLEM = RuinRecreateMovesTest.PROBLEM.replace("name: pool-trade", "name: two-pools")
            .replace("- {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0,",
                    "- {id: cheap, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 0.8,")
            .replace("{id: ri,", "{id: dear,");
    private static final int[] ALL = {0, 1, 2, 3, 4};
    private final Problem problem;
    private final GpuPlan plan;

    PoolSetsTest() throws Exception {
        problem = ProblemReader.parse("two-pools.yaml", PROBLEM, new ArrayList<>());
        plan = RuinRecreateMovesTest.allOn(problem, "dear");
    }

    private Offer offer(String id) {
        return problem.offer(id).orElseThrow();
    }

    @Test
    void theFixtureIsWhatItSays() {
        assertEquals(192_000, PlanEvaluator.evaluate(problem, SolutionDecisions.of(plan)).costCents());
    }

    @Test
    void noJobMovesAloneButASetKeptOffThePoolMovesThemAllToTheCheaperOne() {
        for (int j : ALL) {
            assertNull(ExactReplan.of(plan, new int[] {j}, Level.COST_AT_PRIORITY, 5, Double.POSITIVE_INFINITY, 1).move(),
                    "job " + j + " alone on the cheaper pool would cost more");
        }
        ExactReplan.Result r = ExactReplan.of(plan, ALL, Level.COST_AT_PRIORITY, offer("dear"), PoolRule.OFF, 5,
                Double.POSITIVE_INFINITY, 1, new Stopper());
        r.move().applyOutsideSolver();
        Evaluation e = PlanEvaluator.evaluate(problem, SolutionDecisions.of(plan));
        assertTrue(e.feasible());
        assertEquals(0, e.unplannedPriority());
        assertEquals(153_600, e.costCents(), "0.8 USD × 8 GPUs × 240 h");
        plan.getAssignments().forEach(a -> assertEquals("cheap", a.getOption().offer().id(), a.getId()));
    }

    @Test
    void aSetKeptOffAPoolStaysOffItEvenWhereThatCostsMore() {
        ExactReplan.Result r = ExactReplan.of(plan, ALL, Level.COST_AT_PRIORITY, offer("cheap"), PoolRule.OFF, 5,
                Double.POSITIVE_INFINITY, 1, new Stopper());
        assertNull(r.move(), "every job already runs on dear, the only pool left: nothing changes");
        ExactReplan.Result back = ExactReplan.of(plan, ALL, Level.COST_AT_PRIORITY, offer("dear"), PoolRule.OFF, 5,
                Double.POSITIVE_INFINITY, 1, new Stopper());
        back.move().applyOutsideSolver();
        ExactReplan.Result again = ExactReplan.of(plan, ALL, Level.COST_AT_PRIORITY, offer("cheap"), PoolRule.OFF, 5,
                Double.POSITIVE_INFINITY, 1, new Stopper());
        assertEquals(5, again.move().changes().size(), "off cheap, all five go back to dear, though that costs more");
        again.move().changes().forEach(c -> assertEquals("dear", c.option().offer().id()));
    }

    @Test
    void aPoolSetHoldsEveryJobOnThePoolWhateverTheSizeAndAFillingSetEveryJobThatCouldRunOnIt() {
        PlanState state = new PlanState(plan);
        state.sync(plan);
        int dear = problem.offers().indexOf(offer("dear"));
        int around = 0;
        int closing = 0;
        Set<String> filling = new TreeSet<>();
        for (int seed = 0; seed < 60; seed++) {
            ReplanSets.Pick pick = new ReplanSets(state, new Random(seed)).next(1, 1, 1, false, 0, false);
            assertEquals(Level.COST_AT_PRIORITY, pick.level());
            if (pick.rule() == PoolRule.ONTO) {
                assertEquals(ReplanSets.Kind.FILL, pick.kind());
                assertEquals("[0, 1, 2, 3, 4]", Arrays.toString(Arrays.stream(pick.jobs()).sorted().toArray()),
                        "every job that could run on the pool");
                filling.add(problem.offers().get(pick.pool()).id());
            } else if (pick.pool() >= 0) {
                assertEquals(dear, pick.pool(), "the only pool in use");
                assertEquals("[0, 1, 2, 3, 4]", Arrays.toString(Arrays.stream(pick.jobs()).sorted().toArray()));
                assertEquals(pick.rule() == PoolRule.OFF ? ReplanSets.Kind.OFF_POOL : ReplanSets.Kind.POOL, pick.kind());
                if (pick.rule() == PoolRule.OFF) {
                    closing++;
                } else {
                    around++;
                }
            } else {
                assertEquals(PoolRule.ANY, pick.rule());
                assertTrue(EnumSet.of(ReplanSets.Kind.RELATED, ReplanSets.Kind.OFFERS, ReplanSets.Kind.WINDOW, ReplanSets.Kind.RANDOM)
                        .contains(pick.kind()), pick.kind() + " on no pool");
            }
        }
        assertTrue(closing > 0 && around > 0, "both kinds are drawn: " + closing + " closing, " + around + " around the pool");
        assertEquals(Set.of("cheap", "dear"), filling, "sets that fill a pool are drawn for pools in use or not");
    }
}
