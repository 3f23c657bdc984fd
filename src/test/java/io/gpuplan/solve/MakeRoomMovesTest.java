package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.timefold.solver.core.api.solver.SolverFactory;
import ai.timefold.solver.core.config.localsearch.LocalSearchPhaseConfig;
import ai.timefold.solver.core.config.heuristic.selector.move.factory.MoveIteratorFactoryConfig;
import ai.timefold.solver.core.config.solver.EnvironmentMode;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where capacity binds, two jobs can trade places only together: each alone would overfill the other's offer (R21).
 * Make-room moves do the trade; FULL_ASSERT checks their score bookkeeping (and undo) on every move.
 */
class MakeRoomMovesTest {
    /*
     * Two 8-GPU offers, cheap (1.00/GPU-h) and dear (2.00). long: 8 GPUs for the whole 10-day horizon (1,920 GPU-h);
     * short: 8 GPUs for 2 days (384 GPU-h), its window pinned to days 3-4. They overlap, so each offer holds one of
     * them. long on dear and short on cheap costs 3,840 + 384 = 4,224; the other way round 1,920 + 768 = 2,688.
     */
    static final String PROBLEM = """
            name: make-room
            horizon: {start: 2027-01-01, end: 2027-01-11}
            offers:
              - {id: cheap, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 1.0, gpusPerInstance: 8, maxGpus: 8}
              - {id: dear, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 8}
            jobs:
              - {id: long, kind: training, memoryGb: 300, gpus: 8, work: {gpuHours: 1920, accelerator: A100-80G}}
              - {id: short, kind: training, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-03, deadline: 2027-01-05}
            """;

    @Test
    void twoJobsTradeOffersThatNoSingleJobMoveCanReach() throws Exception {
        Problem problem = ProblemReader.parse("make-room.yaml", PROBLEM, new ArrayList<>());
        List<JobOptions> options = OptionEnumerator.enumerate(problem);
        GpuPlan initial = GpuPlanFactory.create(problem, options);
        place(initial, "long", "dear");
        place(initial, "short", "cheap");

        var config = PlanSolver.config(new SolverSettings(7, 2_000, Duration.ofSeconds(60), null, EnvironmentMode.FULL_ASSERT, true), 2)
                .withPhases(new LocalSearchPhaseConfig().withMoveSelectorConfig(
                        new MoveIteratorFactoryConfig().withMoveIteratorFactoryClass(MakeRoomMoves.class)));
        GpuPlan best = SolverFactory.<GpuPlan>create(config).buildSolver().solve(initial);

        assertEquals("0hard/0medium/-268800soft", best.getScore().toString(), best.getAssignments().toString());
        assertEquals("cheap", offerOf(best, "long"));
        assertEquals("dear", offerOf(best, "short"));
    }

    private static void place(GpuPlan plan, String job, String offer) {
        JobAssignment a = plan.getAssignments().stream().filter(x -> x.getId().equals(job)).findFirst().orElseThrow();
        a.setOption(a.getOptions().stream().filter(o -> o.offer().id().equals(offer) && o.gpus() == 8).findFirst().orElseThrow());
        a.setStart(a.getOption().earliestStart());
    }

    private static String offerOf(GpuPlan plan, String job) {
        return plan.getAssignments().stream().filter(x -> x.getId().equals(job)).findFirst().orElseThrow().getOption().offer().id();
    }
}
