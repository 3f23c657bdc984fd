package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.timefold.solver.core.api.solver.SolverFactory;
import ai.timefold.solver.core.config.heuristic.selector.move.factory.MoveIteratorFactoryConfig;
import ai.timefold.solver.core.config.localsearch.LocalSearchPhaseConfig;
import ai.timefold.solver.core.config.solver.EnvironmentMode;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolverSettings;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * A reserved pool pays only when several jobs move into it together: the trade ruin and recreate makes in one move
 * where every move of a single job makes the plan dearer. FULL_ASSERT checks each move's score bookkeeping and undo.
 */
class RuinRecreateMovesTest {
    /*
     * Five 8-GPU jobs of 2 days (384 GPU-h) in disjoint windows over a 10-day horizon. On-demand (2.00/GPU-h) each
     * costs 768, all five 3,840. One reserved instance of 8 GPUs (1.00/GPU-h) costs 1,920 for the horizon whatever
     * runs on it: moving one job there from the all-on-demand plan costs 1,920 - 768 = 1,152 more, two 384 more; from
     * three on it pays, and with all five the plan costs 1,920. The pool's 12-month term is expected in full use
     * after the horizon (no R29 line), so this is R18's trade alone; by default R29 would charge the idle part past
     * the horizon and only all five together would pay.
     */
    static final String PROBLEM = """
            name: pool-trade
            horizon: {start: 2027-01-01, end: 2027-01-11}
            reservations: {expectedUseAfterHorizon: 1}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 8}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 1.0, gpusPerInstance: 8, maxGpus: 8}
            jobs:
            """ + jobs();

    /** A plan of {@code problem} with every job on its first option on {@code offer}, at its earliest start. */
    static GpuPlan allOn(Problem problem, String offer) {
        GpuPlan plan = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        for (JobAssignment a : plan.getAssignments()) {
            a.setOption(a.getOptions().stream().filter(o -> o.offer().id().equals(offer)).findFirst().orElseThrow());
            a.setStart(a.getOption().earliestStart());
        }
        return plan;
    }

    private static String jobs() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            sb.append("  - {id: j").append(i).append(", kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}")
                    .append(", earliest: 2027-01-").append(String.format("%02d", 1 + 2 * i))
                    .append(", deadline: 2027-01-").append(String.format("%02d", 3 + 2 * i)).append("}\n");
        }
        return sb.toString();
    }

    @Test
    void fiveJobsMoveIntoAPoolTogether() throws Exception {
        Problem problem = ProblemReader.parse("pool-trade.yaml", PROBLEM, new ArrayList<>());
        GpuPlan initial = allOn(problem, "od");

        var config = PlanSolver.config(new SolverSettings(3, 300, Duration.ofSeconds(60), null, EnvironmentMode.FULL_ASSERT, true), 5)
                .withPhases(new LocalSearchPhaseConfig().withMoveSelectorConfig(
                        new MoveIteratorFactoryConfig().withMoveIteratorFactoryClass(RuinRecreateMoves.class)));
        GpuPlan best = SolverFactory.<GpuPlan>create(config).buildSolver().solve(initial);

        assertEquals("0hard/0medium/-192000soft", best.getScore().toString(), best.getAssignments().toString());
        best.getAssignments().forEach(a -> assertEquals("ri", a.getOption().offer().id(), a.getId()));
    }
}
