package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.ExactRepair.Level;
import io.gpuplan.solve.moves.ExactReplan.PoolRule;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Sets that fill two capped offers at once: a, b and c each need 8 GPUs for 48 h on days 1-2 (a, b) or 5-6 (c), and
 * every offer holds 8, each in its own jurisdiction (the jobs' residency decides where each may run). Job a runs on "cheap" (1 USD per GPU-hour; a may also run on "mid"), b on "dear" (3 USD; b may
 * run on "cheap" only besides), c on "mid" (1.5 USD, its only offer). Cost 384 + 1,152 + 576 = 2,112 USD. The cheapest
 * plan moves a to "mid" and b to "cheap" at once (384 + 576 + 576 = 1,536 USD): neither move pays alone, nor does a
 * fill of "cheap" alone (a cannot leave it for "mid").
 */
class PairSetsTest {
    private static final String PROBLEM = """
            name: pair
            horizon: {start: 2027-01-01, end: 2027-01-11}
            offers:
              - {id: cheap, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 1.0, gpusPerInstance: 8, maxGpus: 8}
              - {id: mid, provider: aws, region: eu-central-1, jurisdiction: DE, accelerator: A100-80G, purchase: on-demand, price: 1.5, gpusPerInstance: 8, maxGpus: 8}
              - {id: dear, provider: aws, region: eu-west-3, jurisdiction: FR, accelerator: A100-80G, purchase: on-demand, price: 3.0, gpusPerInstance: 8, maxGpus: 8}
            jobs:
              - {id: a, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-01, deadline: 2027-01-03, residency: [US, DE]}
              - {id: b, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-01, deadline: 2027-01-03, residency: [US, FR]}
              - {id: c, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-05, deadline: 2027-01-07, residency: [DE]}
            """;
    private static final int[] ALL = {0, 1, 2};
    private final Problem problem;
    private final GpuPlan plan;

    PairSetsTest() throws Exception {
        problem = ProblemReader.parse("pair.yaml", PROBLEM, new ArrayList<>());
        plan = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        place("a", "cheap");
        place("b", "dear");
        place("c", "mid");
    }

    private void place(String job, String offer) {
        JobAssignment a = plan.getAssignments().stream().filter(x -> x.getId().equals(job)).findFirst().orElseThrow();
        a.setOption(a.getOptions().stream().filter(o -> o.offer().id().equals(offer)).findFirst().orElseThrow());
        a.setStart(a.getOption().earliestStart());
    }

    private Offer offer(String id) {
        return problem.offer(id).orElseThrow();
    }

    private long cents() {
        return PlanEvaluator.evaluate(problem, SolutionDecisions.of(plan)).costCents();
    }

    @Test
    void theFixtureIsWhatItSays() {
        assertEquals(211_200, cents(), "384 + 1,152 + 576 USD");
        plan.getAssignments().forEach(a -> assertEquals(a.getId().equals("c") ? 1 : 2, a.getOptions().size(), a.getId()));
    }

    @Test
    void noJobMovesAloneNorDoesAFillOfOneOffer() {
        for (int j : ALL) {
            assertNull(ExactReplan.of(plan, new int[] {j}, Level.COST_AT_PRIORITY, 5, Double.POSITIVE_INFINITY, 1).move(), "job " + j);
        }
        assertNull(ExactReplan.of(plan, ALL, Level.COST_AT_PRIORITY, offer("cheap"), null, PoolRule.ONTO, 5,
                Double.POSITIVE_INFINITY, 1, new Stopper()).move(), "a may not leave cheap for mid");
    }

    @Test
    void bothOffersFilledTogetherSwapTheJobs() {
        ExactReplan.Result r = ExactReplan.of(plan, ALL, Level.COST_AT_PRIORITY, offer("cheap"), offer("mid"), PoolRule.ONTO, 5,
                Double.POSITIVE_INFINITY, 1, new Stopper());
        r.move().applyOutsideSolver();
        assertEquals(153_600, cents(), "384 on cheap, 576 twice on mid");
        Map<String, String> where = new java.util.TreeMap<>();
        plan.getAssignments().forEach(a -> where.put(a.getId(), a.getOption().offer().id()));
        assertEquals(Map.of("a", "mid", "b", "cheap", "c", "mid"), where);
    }

    @Test
    void aPairIsTwoLinkedOffersInUseWithTheJobsOnThemAndThoseTheyCouldMakeCheaper() {
        PlanState state = new PlanState(plan);
        state.sync(plan);
        Set<String> pairs = new TreeSet<>();
        for (int seed = 0; seed < 200; seed++) {
            ReplanSets.Pick pick = new ReplanSets(state, new Random(seed)).next(1, 1, 1, false, 0, false);
            if (pick.kind() != ReplanSets.Kind.PAIR) {
                continue;
            }
            assertEquals(PoolRule.ONTO, pick.rule());
            String first = problem.offers().get(pick.pool()).id();
            String second = problem.offers().get(pick.also()).id();
            pairs.add(first + "+" + second);
            String jobs = Arrays.toString(Arrays.stream(pick.jobs()).sorted().toArray());
            switch (first + "+" + second) {
                // b could run on cheap for less; c's only offer is mid
                case "cheap+mid" -> assertEquals("[0, 1, 2]", jobs);
                // c has no option on either
                case "dear+cheap" -> assertEquals("[0, 1]", jobs);
                default -> throw new AssertionError("no job on the first offer could run on the second: " + first + "+" + second);
            }
        }
        // a on cheap links it to mid, b on dear links dear to cheap; c, mid's one job, has no other offer.
        assertEquals(Set.of("cheap+mid", "dear+cheap"), pairs);
    }
}
