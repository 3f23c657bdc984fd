package io.gpuplan.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.solver.SolutionManager;
import ai.timefold.solver.core.api.solver.SolverFactory;
import io.gpuplan.TestProblems;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The constraint streams (incremental, used by the solver) and the plain-loop rule checks (used by verify and the
 * plan writer) are two independent implementations of the rules: on any plan, feasible or not, they must give the
 * same score.
 */
class ScoreParityTest {

    @Test
    void constraintStreamsAndPlainLoopsScoreRandomPlansAlike() {
        scoreRandomPlans(TestProblems.load(TestProblems.TINY).problem());
    }

    /**
     * Tiny with R26 storage (a hot dataset moved to another provider, a cold one kept where its job runs) and R29 with
     * a stated use after the horizon (tiny itself has R29's default, the pool's utilization).
     */
    @Test
    void withStorageToo() throws Exception {
        String text = java.nio.file.Files.readString(TestProblems.TINY)
                .replace("dataset: {sizeGb: 2000, location: gcp/us-central1}", "dataset: {sizeGb: 2000, location: gcp/us-central1, tier: hot}")
                .replace("    gpus: 8\n    earliest: 2027-01-05", "    gpus: 8\n    dataset: {sizeGb: 50000, location: aws/us-east-1, tier: cold}\n    earliest: 2027-01-05")
                .replace("offers:\n", "storage: {byProvider: {aws: {hot: 0.125, cold: 0.0036}, huawei/cn-southwest-2: {hot: 0.21}}}\n"
                        + "reservations: {expectedUseAfterHorizon: 0.3}\noffers:\n");
        Problem problem = io.gpuplan.problem.ProblemReader.parse("tiny-storage.yaml", text, new java.util.ArrayList<>());
        assertTrue(problem.jobs().stream().filter(j -> j.dataset() != null && j.dataset().stored()).count() == 2);
        scoreRandomPlans(problem);
    }

    private static void scoreRandomPlans(Problem problem) {
        SolutionManager<GpuPlan, ?> scorer = SolutionManager.create(
                SolverFactory.create(PlanSolver.config(SolverSettings.defaults(), problem.jobs().size())));
        Random random = new Random(7);
        int infeasible = 0;
        for (int round = 0; round < 300; round++) {
            GpuPlan plan = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
            for (JobAssignment a : plan.getAssignments()) {
                boolean leaveOut = a.getOptions().isEmpty() || random.nextInt(5) == 0;
                a.setOption(leaveOut ? null : a.getOptions().get(random.nextInt(a.getOptions().size())));
                // Starts anywhere the solver could put them, so R2 breaks too when the option changes.
                var starts = a.getStarts();
                a.setStart(starts.get(random.nextInt((int) starts.getSize())));
            }
            scorer.update(plan);
            Evaluation e = PlanEvaluator.evaluate(problem, SolutionDecisions.of(plan));
            assertEquals(plan.getScore().toString(), e.score(), "round " + round + ": " + plan.getAssignments());
            infeasible += e.feasible() ? 0 : 1;
        }
        assertTrue(infeasible > 50, "the random plans should often break rules, only " + infeasible + " did");
    }
}
