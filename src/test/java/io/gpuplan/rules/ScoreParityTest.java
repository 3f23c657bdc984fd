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

    /** R28: owned pools (depreciation, operations, power, lead time, the bought level as capacity) score alike too. */
    @Test
    void randomPlansWithOwnedGpusScoreAlike() throws Exception {
        scoreRandomPlansAlike(io.gpuplan.problem.ProblemReader.parse("owned.yaml", OWNED, new java.util.ArrayList<>()), 7);
    }

    private static final String OWNED = """
            name: owned parity
            horizon: {start: 2027-01-01, end: 2027-01-11}
            budget: {total: 9000, byProvider: {onprem: 3000}}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.5, gpusPerInstance: 8, maxGpus: 16}
              - {id: ri, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 1.5, gpusPerInstance: 8, maxGpus: 16}
              - {id: own, provider: onprem, region: rack, jurisdiction: US, accelerator: A100-80G, purchase: owned, purchasePrice: 17520,
                 depreciationMonths: 24, operationsPerGpuMonth: 36.5, powerKw: 0.7, pue: 1.4, electricityPricePerKwh: 0.15, leadTimeWeeks: 0.3,
                 gpusPerInstance: 8, maxGpus: 16}
              - {id: own-eur, provider: colo, region: fra, jurisdiction: US, accelerator: A100-80G, purchase: owned, purchasePrice: 15000,
                 currency: EUR, powerKw: 0.7, electricityPricePerKwh: 0.25, gpusPerInstance: 8, maxGpus: 8}
            exchangeRates: {EUR: 0.9}
            jobs:
              - {id: a, kind: training, memoryGb: 100, work: {gpuHours: 300, accelerator: A100-80G}, gpus: {min: 8, max: 16}, deadline: 2027-01-09, priority: 3}
              - {id: b, kind: training, memoryGb: 100, work: {gpuHours: 450, accelerator: A100-80G}, gpus: {min: 8, max: 16}, earliest: 2027-01-03, priority: 2}
              - {id: c, kind: training, memoryGb: 100, work: {gpuHours: 200, accelerator: A100-80G}, gpus: 8, priority: 1}
              - {id: s, kind: inference, memoryGb: 60, replicas: 8, maxGpusPerReplica: 1, window: {start: 2027-01-04, end: 2027-01-11}, priority: 5}
            """;

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
        scoreRandomPlansAlike(problem, 9);
    }

    /**
     * R30: capacity blocks (one in EUR, one with lengths some jobs do not fit) beside on-demand and a reservation, with
     * a total budget and a cap on the block's provider that random plans often break, and blocks sharing maxGpus (R21).
     */
    @Test
    void randomPlansWithCapacityBlocksScoreAlike() throws Exception {
        String text = OWNED.replaceAll("(?s)  - \\{id: own, .*?maxGpus: 8\\}\n", """
                  - {id: blk, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: block, price: 1.9,
                     gpusPerInstance: 8, maxGpus: 16, blockDays: [1, 2, 3, 7]}
                  - {id: blk-eur, provider: colo, region: fra, jurisdiction: US, accelerator: A100-80G, purchase: block, price: 1.6,
                     currency: EUR, gpusPerInstance: 8, maxGpus: 8, blockDays: [2, 4]}
                """).replace("byProvider: {onprem: 3000}", "byProvider: {lambda: 1500}");
        Problem problem = io.gpuplan.problem.ProblemReader.parse("blocks.yaml", text, new java.util.ArrayList<>());
        assertEquals(2, problem.offers().stream().filter(io.gpuplan.problem.Offer::isBlock).count());
        scoreRandomPlansAlike(problem, 11);
    }

    /** Tiny continuing a random previous plan (R31): churn on moves, pinned stays, carried pools priced 0. */
    @Test
    void withAPreviousPlanToo() throws Exception {
        java.util.Random random = new java.util.Random(10);
        String text = java.nio.file.Files.readString(TestProblems.TINY)
                .replace("offers:\n", io.gpuplan.previous.RandomPrevious.section(random) + "offers:\n");
        Problem problem = io.gpuplan.previous.RandomPrevious.continuing(
                io.gpuplan.problem.ProblemReader.parse("tiny-previous.yaml", text, new java.util.ArrayList<>()), random);
        assertTrue(!problem.previous().continuing().isEmpty(), "some jobs continue");
        scoreRandomPlansAlike(problem, 10);
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
