package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * On random small instances whose optimum an exhaustive search proves: every lower bound (R24, LP, Lagrangian)
 * stays at or below the optimum, and the solver finds the optimum.
 */
class OptimalityTest {
    static final int INSTANCES = 25;

    static String instance(Random r) {
        StringBuilder sb = new StringBuilder("""
                name: small
                horizon: {start: 2027-01-01, end: 2027-01-11}
                """);
        if (r.nextBoolean()) {
            sb.append("budget: {total: ").append(3_000 + r.nextInt(6_000)).append(r.nextBoolean() ? ", byProvider: {aws: 4000}" : "").append("}\n");
        }
        sb.append("offers:\n");
        sb.append("  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: ")
                .append(2 + r.nextInt(3)).append(", gpusPerInstance: 8, maxGpus: ").append(8 * (1 + r.nextInt(3))).append("}\n");
        sb.append("  - {id: ri, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: ")
                .append(1 + r.nextInt(2)).append(".5, gpusPerInstance: 8, maxGpus: 16}\n");
        sb.append("  - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: spot, price: 1.2,")
                .append(" gpusPerInstance: 8, maxGpus: 8, interruptionsPerDay: 0.3}\n");
        sb.append("  - {id: h100, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: on-demand, price: ")
                .append(4 + r.nextInt(3)).append(", gpusPerInstance: 8, maxGpus: 8}\n");
        sb.append("jobs:\n");
        int jobs = 3 + r.nextInt(2);
        for (int j = 0; j < jobs; j++) {
            int earliest = r.nextInt(4);
            int deadline = Math.min(10, earliest + 3 + r.nextInt(6));
            sb.append("  - {id: j").append(j).append(", kind: training, memoryGb: 100, work: {gpuHours: ").append(100 + r.nextInt(400))
                    .append(", accelerator: A100-80G}, gpus: {min: 8, max: 16}, earliest: 2027-01-0").append(1 + earliest)
                    .append(", deadline: 2027-01-").append(String.format("%02d", 1 + deadline)).append(", interruptible: ").append(r.nextBoolean())
                    .append(", priority: ").append(1 + r.nextInt(5)).append("}\n");
        }
        return sb.toString();
    }

    @Test
    void boundsNeverExceedTheProvenOptimumAndTheSolverFindsIt() throws Exception {
        Random random = new Random(11);
        int solvedToOptimum = 0;
        for (int i = 0; i < INSTANCES; i++) {
            String text = instance(random);
            Problem p = ProblemReader.parse("small.yaml", text, new ArrayList<>());
            List<JobOptions> options = OptionEnumerator.enumerate(p);
            Evaluation optimum = ExhaustiveSearch.optimum(p, options);
            Set<String> planned = optimum.jobs().stream().filter(JobResult::planned).map(j -> j.job().id()).collect(Collectors.toSet());
            long r24 = LowerBound.r24(options, planned);
            LpBound.Result lp = LpBound.compute(p, options, planned);
            LagrangianBound.Result lagrangian = LagrangianBound.compute(p, options, planned, optimum.costCents(), 300);
            assertTrue(r24 <= optimum.costCents(), "R24 " + r24 + " > optimum " + optimum.costCents() + "\n" + text);
            assertTrue(lp.computed() && lp.cents() <= optimum.costCents(), "LP " + lp + " > optimum " + optimum.costCents() + "\n" + text);
            assertTrue(lagrangian.cents() <= optimum.costCents(), "Lagrangian " + lagrangian + " > optimum " + optimum.costCents() + "\n" + text);

            PlanSolver.Result solved = PlanSolver.solve(p, SolverSettings.defaults().withMoveLimit(5_000), x -> { });
            Evaluation plan = PlanEvaluator.evaluate(p, SolutionDecisions.of(solved.plan()));
            assertTrue(plan.feasible());
            assertTrue(plan.unplannedPriority() > optimum.unplannedPriority()
                    || plan.unplannedPriority() == optimum.unplannedPriority() && plan.costCents() >= optimum.costCents(),
                    "the solver beat the exhaustive search, which cannot be:\n" + text);
            if (plan.unplannedPriority() == optimum.unplannedPriority() && plan.costCents() == optimum.costCents()) {
                solvedToOptimum++;
            }
        }
        assertEquals(INSTANCES, solvedToOptimum, "instances the solver solved to the proven optimum");
    }
}
