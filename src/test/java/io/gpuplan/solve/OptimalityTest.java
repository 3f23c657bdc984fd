package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.bounds.Certificate;
import io.gpuplan.solve.bounds.Certifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * On random small instances whose optimum an exhaustive search proves: every bound a certificate states, on unplanned
 * priority and on cost at the plan's priority, stays at or below the optimum (with CP-SAT, from the LP alone, and the LP
 * with CP-SAT's check that no plan runs more priority),
 * the solver finds the optimum, and a certificate that says "proven optimal" is right.
 */
class OptimalityTest {
    static final int INSTANCES = 25;


    @Test
    void boundsNeverExceedTheProvenOptimumAtEitherLevelAndTheSolverFindsIt() throws Exception {
        boundsNeverExceedTheOptimum(new Random(11), INSTANCES, false);
    }

    /** R31: continuing jobs (pinned stays, churn on moves) and carried pools priced 0, some ending inside the horizon. */
    @Test
    void withAPreviousPlanToo() throws Exception {
        boundsNeverExceedTheOptimum(new Random(13), 12, true);
    }

    private static void boundsNeverExceedTheOptimum(Random random, int instances, boolean previous) throws Exception {
        int solvedToOptimum = 0;
        int provenOptimal = 0;
        for (int i = 0; i < instances; i++) {
            String text = ExhaustiveSearch.randomInstance(random);
            if (previous) {
                text = text.replace("offers:\n", io.gpuplan.previous.RandomPrevious.section(random) + "offers:\n");
            }
            Problem p = ProblemReader.parse("small.yaml", text, new ArrayList<>());
            if (previous) {
                p = io.gpuplan.previous.RandomPrevious.continuing(p, random);
                text = text + "# continuing " + p.previous().continuing().values() + ", carried "
                        + p.offers().stream().filter(io.gpuplan.problem.Offer::isCarried).map(o -> o.carried()).toList();
            }
            List<JobOptions> options = OptionEnumerator.enumerate(p);
            if (ExhaustiveSearch.leaves(options) > ExhaustiveSearch.MOST_LEAVES) {
                i--; // too large to search exhaustively in seconds: the next draw takes its place
                continue;
            }
            Evaluation optimum = ExhaustiveSearch.optimum(p, options);

            PlanSolver.Result solved = PlanSolver.solve(p, SolverSettings.defaults().withMoveLimit(5_000), x -> { });
            Evaluation plan = PlanEvaluator.evaluate(p, SolutionDecisions.of(solved.plan()));
            assertTrue(plan.feasible());
            assertTrue(plan.unplannedPriority() > optimum.unplannedPriority()
                    || plan.unplannedPriority() == optimum.unplannedPriority() && plan.costCents() >= optimum.costCents(),
                    "the solver beat the exhaustive search, which cannot be:\n" + text);
            boolean atOptimum = plan.unplannedPriority() == optimum.unplannedPriority() && plan.costCents() == optimum.costCents();
            solvedToOptimum += atOptimum ? 1 : 0;

            // Both certificates, with CP-SAT and from the LP alone, bound the optimum at both levels.
            long cheapestAtLevel = ExhaustiveSearch.cheapest(p, options, plan.unplannedPriority()).costCents();
            Certifier lpOnly = new Certifier(p, options, new Certifier.Limits(0, Duration.ofSeconds(30), 1), new Stopper());
            lpOnly.mostPriority(null);
            lpOnly.run(new Decisions(List.of(), Map.of()), 0, null);
            // And the LP's with CP-SAT's check that no plan runs more than the solver's (what M-sized quarters get).
            Certifier checked = new Certifier(p, options, new Certifier.Limits(1, Duration.ofSeconds(30), 1), new Stopper());
            checked.run(new Decisions(List.of(), Map.of()), 0, null);
            checked.noMorePriority(() -> SolutionDecisions.of(solved.plan()));
            for (Certificate c : List.of(solved.certificate(), lpOnly.certificate(plannedPriority(plan), plan.unplannedPriority(),
                    plan.costCents(), null), checked.certificate(plannedPriority(plan), plan.unplannedPriority(),
                    plan.costCents(), null))) {
                assertTrue(c.unplannedAtLeast() <= optimum.unplannedPriority(), "unplanned bound " + c.unplannedAtLeast()
                        + " above the optimum's " + optimum.unplannedPriority() + "\n" + text);
                assertTrue(c.costBound() <= cheapestAtLevel, "cost bound " + c.costBound() + " above " + cheapestAtLevel
                        + ", the cheapest plan leaving at most " + plan.unplannedPriority() + " unplanned\n" + text);
                long slack = Certificate.slackCents(p);
                if (c.provenOptimal(plan.unplannedPriority(), plan.costCents(), slack)) {
                    assertTrue(atOptimum, "proven optimal, but the exhaustive search has a better plan\n" + text);
                }
            }
            provenOptimal += solved.certificate().provenOptimal(plan.unplannedPriority(), plan.costCents(), 0) ? 1 : 0;
        }
        assertEquals(instances, solvedToOptimum, "instances the solver solved to the proven optimum");
        assertEquals(instances, provenOptimal, "instances whose certificate proves the optimum (CP-SAT, to the cent)");
    }

    private static long plannedPriority(Evaluation e) {
        return e.jobs().stream().filter(JobResult::planned).mapToLong(j -> j.job().priority()).sum();
    }
}
