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
        scoreRandomPlansAlike(TestProblems.load(TestProblems.TINY).problem(), 7);
    }

    /**
     * The same with R27: fixed costs (one internal, one that the total budget feels), support plans with minimums on
     * three providers (one of them only billing egress in some plans: gcp holds pretrain-7b's dataset), support in
     * aws's cap, and at most two providers used, which random plans often break.
     */
    @Test
    void withProviderOverheadToo() throws Exception {
        String text = java.nio.file.Files.readString(TestProblems.TINY) + """
                providers:
                  aws: {fixedCost: 20k, support: {rate: 0.10, minimum: 1000}}
                  gcp: {support: {rate: 0.07, minimum: 500}}
                  huawei: {fixedCost: 5000, support: {rate: 0.03}}
                maxProviders: 2
                """;
        scoreRandomPlansAlike(io.gpuplan.problem.ProblemReader.parse("tiny-overhead.yaml", text, new java.util.ArrayList<>()), 8);
    }

    private static void scoreRandomPlansAlike(Problem problem, long seed) {
        SolutionManager<GpuPlan, ?> scorer = SolutionManager.create(
                SolverFactory.create(PlanSolver.config(SolverSettings.defaults(), problem.jobs().size())));
        Random random = new Random(seed);
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
