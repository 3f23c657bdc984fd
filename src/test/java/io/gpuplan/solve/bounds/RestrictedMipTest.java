package io.gpuplan.solve.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.Placement;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.ReservationResult;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.ExhaustiveSearch;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.LinearSolve.Answer;
import io.gpuplan.solve.bounds.LinearSolve.Objective;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * SCIP's re-plan of every job: from a dearer plan it reaches the cheapest one when every column that can be in a
 * cheaper plan is kept (a column whose LP reduced cost exceeds the plan's gap to the LP is in no cheaper plan), by
 * hand on the four runs and against the exhaustive search on random small quarters; and it repeats itself.
 */
class RestrictedMipTest {
    /** The re-plan keeping every column that can be in a plan cheaper than {@code from}. */
    private static Decisions replan(Problem p, List<JobOptions> options, Decisions from, long level) {
        Relaxation r = Relaxations.timeIndexed(p, options);
        Answer lp = LinearSolve.solve(r, Objective.COST, level, false, 30, null, new Stopper());
        long cents = PlanEvaluator.evaluate(p, from).costCents();
        return RestrictedMip.replan(p, r, from, level, cents - lp.objective(), lp, 1, 30, new Stopper());
    }

    /** The decisions of an evaluated plan: its placements and what it reserves. */
    private static Decisions decisions(Evaluation e) {
        return new Decisions(e.jobs().stream().map(JobResult::placement).filter(Objects::nonNull).toList(),
                e.reservations().stream().collect(Collectors.toMap(r -> r.offer().id(), ReservationResult::gpus)));
    }

    @Test
    void fromEveryRunOnDemandItReservesSixteenGpusForAllFour() throws Exception {
        Problem p = ProblemReader.read(RelaxationTest.FOUR_RUNS).problem();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        List<Placement> onDemand = new ArrayList<>();
        // Each run at its earliest start on-demand: 4 × 18,971.40 USD.
        for (String job : List.of("v1", "v2", "v3", "v4")) {
            int earliest = options.stream().filter(jo -> jo.job().id().equals(job)).findFirst().orElseThrow().options()
                    .stream().filter(o -> o.offer().id().equals("od")).findFirst().orElseThrow().earliestStart();
            onDemand.add(new Placement(job, "od", 16, earliest));
        }
        Decisions from = new Decisions(onDemand, Map.of("ri", 0));
        assertEquals(4 * RelaxationTest.ON_DEMAND, PlanEvaluator.evaluate(p, from).costCents());
        Decisions d = replan(p, options, from, RelaxationTest.ALL);
        assertNotNull(d);
        // The four runs one after another (slots 0-17, 18-35, 36-53, 54-71 fit every window) on 16 reserved GPUs for
        // the quarter: 16 × 3,758.69592 = 60,139.13 USD.
        Evaluation e = PlanEvaluator.evaluate(p, d);
        assertTrue(e.feasible());
        assertEquals(RelaxationTest.ALL, e.plannedPriority());
        assertEquals(Math.round(16 * RelaxationTest.GPU_QUARTER), e.costCents());
        assertEquals(Map.of("ri", 16), d.reservations());
        assertEquals(d, replan(p, options, from, RelaxationTest.ALL), "the same plan on a second run");
    }

    @Test
    void fromThePlanOfTheMostPriorityItReachesTheCheapestPlanOfEachLowerLevel() throws Exception {
        Random random = new Random(31);
        for (int i = 0; i < 8; i++) {
            String text = ExhaustiveSearch.randomInstance(random);
            Problem p = ProblemReader.parse("small.yaml", text, new ArrayList<>());
            List<JobOptions> options = OptionEnumerator.enumerate(p);
            // The MIP's costs are the plan's where no provider overhead (R27), owned card (R28) or block (R30) is
            // priced: elsewhere it prices them below the plan (a relaxation), and its cheapest need not be the plan's.
            boolean exact = !text.contains("\nproviders:") && !text.contains("purchase: owned")
                    && !text.contains("purchase: block");
            if (!exact || ExhaustiveSearch.leaves(options) > ExhaustiveSearch.MOST_LEAVES) {
                i--; // too large to search exhaustively in seconds, or not priced exactly: the next draw takes its place
                continue;
            }
            Evaluation top = ExhaustiveSearch.optimum(p, options);
            long total = p.jobs().stream().mapToLong(j -> j.priority()).sum();
            long most = total - top.unplannedPriority();
            long pools = p.offers().stream().filter(o -> o.isCommitted()).count();
            for (long level = 0; level <= most; level += Math.max(1, most / 3)) {
                Evaluation cheapest = ExhaustiveSearch.cheapest(p, options, total - level);
                Decisions d = replan(p, options, decisions(top), level);
                assertNotNull(d, text);
                Evaluation e = PlanEvaluator.evaluate(p, d);
                assertTrue(e.feasible(), text);
                assertTrue(e.plannedPriority() >= level, text);
                // The MIP prices pools unrounded: a cent per pool's two lines at most.
                assertEquals(cheapest.costCents(), e.costCents(), pools, text + "\nat level " + level);
            }
        }
    }
}
