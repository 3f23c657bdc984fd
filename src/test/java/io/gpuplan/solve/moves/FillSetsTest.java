package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
import org.junit.jupiter.api.Test;

/**
 * A set that fills a pool: five jobs of 8 GPUs × 48 h run one after another on on-demand "od" (2 USD per GPU-hour,
 * 768 USD each); the reserved pool "ri" (1 USD) is bought for the whole horizon, 8 GPUs × 240 h = 1,920 USD, so it
 * pays for all five (3,840 USD on "od") but for no one job alone; "od2" (1.5 USD) is cheaper than "od" for any job.
 */
class FillSetsTest {
    private static final String PROBLEM = RuinRecreateMovesTest.PROBLEM.replace("name: pool-trade", "name: fill")
            .replace("\njobs:\n", "\n  - {id: od2, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,"
                    + " purchase: on-demand, price: 1.5, gpusPerInstance: 8, maxGpus: 8}\njobs:\n");
    private static final int[] ALL = {0, 1, 2, 3, 4};
    private final Problem problem;
    private final GpuPlan plan;

    FillSetsTest() throws Exception {
        problem = ProblemReader.parse("fill.yaml", PROBLEM, new ArrayList<>());
        plan = RuinRecreateMovesTest.allOn(problem, "od");
    }

    private Offer offer(String id) {
        return problem.offer(id).orElseThrow();
    }

    private Evaluation evaluation() {
        return PlanEvaluator.evaluate(problem, SolutionDecisions.of(plan));
    }

    @Test
    void theFixtureIsWhatItSays() {
        assertEquals(384_000, evaluation().costCents(), "5 × 2 USD × 8 GPUs × 48 h");
    }

    @Test
    void aJobFillingThePoolAloneMayNotGoElsewhereSoItStays() {
        ExactReplan.Result free = ExactReplan.of(plan, new int[] {0}, Level.COST_AT_PRIORITY, 5, Double.POSITIVE_INFINITY, 1);
        assertEquals("od2", free.move().changes().getFirst().option().offer().id(), "with all its options it goes to od2");
        ExactReplan.Result filled = ExactReplan.of(plan, new int[] {0}, Level.COST_AT_PRIORITY, offer("ri"), PoolRule.ONTO,
                5, Double.POSITIVE_INFINITY, 1, new Stopper());
        assertNull(filled.move(), "od or ri only, and ri alone costs 1,920 USD against 768 on od");
    }

    @Test
    void allFiveFillThePoolTogether() {
        ExactReplan.Result r = ExactReplan.of(plan, ALL, Level.COST_AT_PRIORITY, offer("ri"), PoolRule.ONTO, 5,
                Double.POSITIVE_INFINITY, 1, new Stopper());
        r.move().applyOutsideSolver();
        Evaluation e = evaluation();
        assertEquals(0, e.unplannedPriority());
        assertEquals(192_000, e.costCents(), "1 USD × 8 GPUs × 240 h");
        plan.getAssignments().forEach(a -> assertEquals("ri", a.getOption().offer().id(), a.getId()));
    }
}
