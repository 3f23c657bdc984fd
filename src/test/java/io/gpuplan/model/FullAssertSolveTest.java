package io.gpuplan.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import ai.timefold.solver.core.api.score.stream.test.ConstraintVerifier;
import ai.timefold.solver.core.api.solver.SolverFactory;
import ai.timefold.solver.core.config.solver.EnvironmentMode;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolverSettings;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * Solves a small problem in {@link EnvironmentMode#FULL_ASSERT}: Timefold then recomputes the score from scratch
 * around every move and throws ("Score corruption ...") if the incremental score differs, which catches constraint
 * streams whose incremental updates go wrong (capacity per slot, reservation peaks, the concatenated budget streams).
 * A move-count limit keeps each solve to a second or two and reproducible.
 */
class FullAssertSolveTest {

    private static final ConstraintVerifier<GpuPlanConstraints, GpuPlan> VERIFIER =
            ConstraintVerifier.build(new GpuPlanConstraints(), GpuPlan.class, JobAssignment.class);

    /*
     * 14 daily slots (336 h). t1, t2: 8 GPUs, 96 h = 4 slots on one 8-GPU instance. f1: 1-8 GPUs, 96 GPU-hours,
     * interruptible, dataset on gcp/us-central1 (where the reserved pool is). s1: serving, 2 replicas of 1 GPU for the
     * 5-day window 2027-01-05..10 (slots 4-8, 120 h). Pools: a capped 8-GPU on-demand pool, a reserved pool capped at
     * 16, plain on-demand and spot. The budget line is filled in per test.
     */
    static final String PROBLEM = """
            name: full-assert
            horizon: {start: 2027-01-01, end: 2027-01-15}
            budget: %s
            # The 12-month pool is expected in full use after these two weeks (no R29 line): the figures below are
            # R18's and R22's; r29ByDefaultWithoutScoreCorruption takes this line out.
            reservations: {expectedUseAfterHorizon: 1}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0}
              - {id: capped, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 1.6, gpusPerInstance: 8, maxGpus: 8}
              - {id: res, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 0.9, gpusPerInstance: 8, maxGpus: 16}
              - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: spot, price: 0.8, interruptionsPerDay: 0.24}
            jobs:
              - {id: t1, kind: training, memoryGb: 300, gpus: 8, work: {gpuHours: 768, accelerator: A100-80G}, deadline: 2027-01-15, priority: 5}
              - {id: t2, kind: training, memoryGb: 300, gpus: 8, work: {gpuHours: 768, accelerator: A100-80G}, earliest: 2027-01-03, priority: 5}
              - {id: f1, kind: fine-tuning, memoryGb: 40, gpus: {min: 1, max: 8}, work: {gpuHours: 96, accelerator: A100-80G}, interruptible: true, dataset: {sizeGb: 500, location: gcp/us-central1}}
              - {id: s1, kind: inference, memoryGb: 20, replicas: 2, window: {start: 2027-01-05, end: 2027-01-10}, priority: 2}
            """;

    static Problem problem(String budget) throws InputErrors {
        return ProblemReader.parse("full-assert.yaml", PROBLEM.formatted(budget), new ArrayList<>());
    }

    static GpuPlan solve(GpuPlan initial, long seed, long moves) {
        SolverSettings settings = new SolverSettings(seed, moves, Duration.ofSeconds(60), null, EnvironmentMode.FULL_ASSERT, false);
        // FULL_ASSERT throws IllegalStateException if any incremental score is wrong.
        return SolverFactory.<GpuPlan>create(PlanSolver.config(settings, initial.getAssignments().size())).buildSolver().solve(initial);
    }

    @Test
    void fromScratchFindsAFeasiblePlanWithoutScoreCorruption() throws Exception {
        // Room for t1 and t2 one after the other on the capped pool (2 × 8 × 96 h × 1.60 = 2457.60 aws), f1 on spot and
        // s1 on-demand (2 × 120 h × 2.00 = 480.00 aws): about 3060 in all, 3020 of it aws.
        Problem problem = problem("{total: 3500, byProvider: {aws: 3200, gcp: 3000}}");
        for (long seed : new long[] {1, 42}) {
            GpuPlan best = solve(GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem)), seed, 1_000);
            HardMediumSoftScore score = best.getScore();
            assertNotNull(score);
            assertTrue(score.isFeasible(), () -> "seed " + seed + ": " + score + " " + best.getAssignments());
            assertEquals(0, score.mediumScore(), () -> "seed " + seed + ": every job can be planned: " + best.getAssignments());
            assertTrue(best.getAssignments().stream().allMatch(JobAssignment::isPlanned));
            VERIFIER.verifyThat().givenSolution(best).scores(score, "seed " + seed + ": from-scratch score of the result");
        }
    }

    @Test
    void fromAReservationPlanUnderAProviderCapWithoutScoreCorruption() throws Exception {
        // aws may bill at most 1500, so t1 and t2 cannot both run on the capped pool (2457.60): they share the
        // reservation. Start from the hand-built plan t1 [0,4), t2 [4,8), f1 [8,9) on res (peak 8 GPUs:
        // 8 × 336 h × 0.90 = 2419.20 gcp; f1's dataset is already there, no transfer) and s1 on od (480.00 aws):
        // 0 hard, 0 medium, soft -(241 920 + 48 000) = -289 920. Local search then moves jobs on and off the
        // reserved and capped pools across the budget caps, and FULL_ASSERT checks every move.
        Problem problem = problem("{total: 3500, byProvider: {aws: 1500, gcp: 3000}}");
        GpuPlan initial = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        place(initial, "t1", "res", 0);
        place(initial, "t2", "res", 4);
        place(initial, "f1", "res", 8);
        place(initial, "s1", "od", 4);
        HardMediumSoftScore byHand = HardMediumSoftScore.of(0, 0, -289_920);
        VERIFIER.verifyThat().givenSolution(initial).scores(byHand, "hand-built reservation plan");
        for (long seed : new long[] {1, 42}) {
            GpuPlan best = solve(copyOf(problem, initial), seed, 1_000);
            HardMediumSoftScore score = best.getScore();
            assertTrue(score.isFeasible(), () -> "seed " + seed + ": " + score + " " + best.getAssignments());
            assertTrue(score.compareTo(byHand) >= 0, () -> "seed " + seed + ": worse than the start: " + score);
            VERIFIER.verifyThat().givenSolution(best).scores(score, "seed " + seed + ": from-scratch score of the result");
        }
    }

    @Test
    void r29ByDefaultWithoutScoreCorruption() throws Exception {
        // The same start with R29 by default: the pool's 12-month term runs 8760 − 336 = 8424 h past the horizon and
        // its idle part (8 GPUs, used 8 × 9 of 8 × 14 slots: 5 / 14 of it idle) is a cost that changes with every
        // move on or off the pool: FULL_ASSERT checks the grouped R29 constraint's incremental score on each.
        Problem problem = ProblemReader.parse("full-assert.yaml", PROBLEM.formatted("{total: 50000, byProvider: {aws: 1500}}")
                .replace("reservations: {expectedUseAfterHorizon: 1}\n", ""), new ArrayList<>());
        assertTrue(problem.offer("res").orElseThrow().expectedUse() == null);
        GpuPlan initial = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        place(initial, "t1", "res", 0);
        place(initial, "t2", "res", 4);
        place(initial, "f1", "res", 8);
        place(initial, "s1", "od", 4);
        // R18 2419.20 + R29 5/14 × 8 × 8424 × 0.90 = 21,661.71… → 21,661.71, s1 480.00: soft −(241 920 + 2 166 171 + 48 000)
        VERIFIER.verifyThat().givenSolution(initial).scores(HardMediumSoftScore.of(0, 0, -2_456_091), "hand-built, R29 by default");
        for (long seed : new long[] {1, 42}) {
            GpuPlan best = solve(copyOf(problem, initial), seed, 1_000);
            VERIFIER.verifyThat().givenSolution(best).scores(best.getScore(), "seed " + seed + ": from-scratch score of the result");
        }
    }

    @Test
    void warmStartedSolveOfTheTightCapFindsTheSharedReservationWithoutScoreCorruption() throws Exception {
        // With aws capped at 1500, from-scratch local search gets stuck with jobs unplanned (a reservation only pays
        // once several jobs share it). The warm start packs the reserved pool: every job planned, and no worse than
        // the hand-built reservation plan above (-289 920).
        Problem problem = problem("{total: 3500, byProvider: {aws: 1500, gcp: 3000}}");
        SolverSettings settings = new SolverSettings(42, 2_000, Duration.ofSeconds(60), null, EnvironmentMode.FULL_ASSERT, true);
        PlanSolver.Result result = PlanSolver.solve(problem, settings, p -> { });
        HardMediumSoftScore score = result.score();
        assertTrue(score.isFeasible(), score::toString);
        assertEquals(0, score.mediumScore(), () -> result.plan().getAssignments().toString());
        assertTrue(score.compareTo(HardMediumSoftScore.of(0, 0, -289_920)) >= 0, score::toString);
    }

    /** Puts a job on the only option it has on an offer, at a start slot. */
    private static void place(GpuPlan plan, String jobId, String offerId, int start) {
        JobAssignment a = plan.getAssignments().stream().filter(x -> x.getId().equals(jobId)).findFirst().orElseThrow();
        Option o = a.getOptions().stream().filter(x -> x.offer().id().equals(offerId)).reduce((x, y) -> {
            throw new AssertionError(jobId + " has more than one option on " + offerId);
        }).orElseThrow(() -> new AssertionError(jobId + " has no option on " + offerId));
        a.setOption(o);
        a.setStart(start);
    }

    /** A fresh plan with the same placements (each solve gets its own working copy of the start). */
    private static GpuPlan copyOf(Problem problem, GpuPlan plan) {
        GpuPlan copy = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        for (int i = 0; i < plan.getAssignments().size(); i++) {
            JobAssignment from = plan.getAssignments().get(i);
            JobAssignment to = copy.getAssignments().get(i);
            assertEquals(from.getId(), to.getId());
            to.setOption(from.getOption());
            to.setStart(from.getStart());
        }
        return copy;
    }
}
