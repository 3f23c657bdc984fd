package io.gpuplan.solve.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.bench.ScenarioGenerator;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.PlacedOption;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.WarmStart;
import io.gpuplan.solve.bounds.ExactRepair.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A re-plan starts from the plan as it is, pools included, and ends when the solve is stopped (Ctrl-C), keeping CP-SAT's
 * best so far: on a generated 60-job quarter a re-plan of every job at its cost level, on a budget CP-SAT takes hours
 * to spend, proves nothing within seconds.
 */
class ExactRepairTest {
    /** Deterministic seconds no re-plan here spends: only the stop ends it (or, should it not, the wall cap). */
    private static final double NEVER_SPENT = 10_000;
    private static final double WALL_CAP = 120;

    private final Problem problem;
    private final List<JobOptions> options;
    private final List<PlacedOption> warm = new ArrayList<>();

    ExactRepairTest() throws Exception {
        problem = ProblemReader.parse("x60-3.yaml", ScenarioGenerator.generate(60, 24, 3, 90), new ArrayList<>());
        options = OptionEnumerator.enumerate(problem);
        GpuPlan plan = GpuPlanFactory.create(problem, options);
        WarmStart.apply(plan, options, List.of());
        plan.getAssignments().stream().filter(a -> a.getOption() != null)
                .forEach(a -> warm.add(new PlacedOption(a.getOption(), a.getStart())));
    }

    private ExactRepair.Replan replanEveryJob(Stopper stopper) {
        return ExactRepair.replan(problem, options, List.of(), warm, Level.COST_AT_PRIORITY, NEVER_SPENT, WALL_CAP, 1,
                stopper);
    }

    @Test
    void aStopEndsTheReplanWithCpSatsBestSoFar() {
        Stopper stopper = new Stopper();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            timer.schedule(stopper::stop, 5, TimeUnit.SECONDS);
            long began = System.nanoTime();
            ExactRepair.Replan r = replanEveryJob(stopper);
            double seconds = (System.nanoTime() - began) / 1e9;
            assertTrue(seconds < WALL_CAP / 2, "ended " + seconds + " s after it began, the stop came after 5 s");
            assertNotNull(r.placed(), "the warm start's plan, hinted, is a plan CP-SAT has found by then");
            assertFalse(r.settled());
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void aReplanAfterTheStopDoesNotStart() {
        Stopper stopper = new Stopper();
        stopper.stop();
        ExactRepair.Replan r = replanEveryJob(stopper);
        assertNull(r.placed());
        assertFalse(r.settled());
    }

    @Test
    void theHintBuysEachPoolAtThePlansLevel() {
        // Half the jobs fixed, half re-planned: the hint buys each pool at its peak over both halves, as the plan does.
        List<PlacedOption> fixed = warm.subList(0, warm.size() / 2);
        List<PlacedOption> current = warm.subList(warm.size() / 2, warm.size());
        Decisions plan = PlacedOption.decisions(problem, warm);
        assertTrue(plan.reservations().values().stream().anyMatch(g -> g > 0), "the warm start buys a pool");
        assertEquals(plan.reservations(), ExactRepair.hint(problem, fixed, current).reservations());
    }
}
