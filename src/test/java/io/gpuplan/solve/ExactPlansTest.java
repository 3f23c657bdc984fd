package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.rules.Decisions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When local search rests in a clock-stopped solve: stalled, and only while the exact search runs beside it. */
class ExactPlansTest {
    @Test
    void localSearchRestsOnlyWhenStalledWhileTheExactSearchRuns() throws InterruptedException {
        ExactPlans stalledAtOnce = new ExactPlans(Duration.ZERO, Duration.ofMillis(1));
        assertFalse(stalledAtOnce.pace(), "no exact search runs");
        stalledAtOnce.searching(true);
        assertTrue(stalledAtOnce.pace());
        stalledAtOnce.searching(false);
        assertFalse(stalledAtOnce.pace(), "the exact search has ended");

        ExactPlans patient = new ExactPlans(Duration.ofSeconds(1), Duration.ofMillis(1));
        patient.searching(true);
        assertFalse(patient.pace(), "not stalled yet");
        Thread.sleep(1_200);
        assertTrue(patient.pace());
        patient.postLocal(new GpuPlan());
        assertFalse(patient.pace(), "a better plan of its own sets it going again");
    }

    @Test
    void cpSatsNextPlanEndsTheRestAtOnce() throws InterruptedException {
        ExactPlans exchange = new ExactPlans(Duration.ZERO, Duration.ofMinutes(10));
        exchange.searching(true);
        Thread resting = new Thread(exchange::pace);
        resting.start();
        for (int i = 0; i < 10_000 && resting.getState() != Thread.State.TIMED_WAITING; i++) {
            Thread.sleep(1);
        }
        exchange.postExact(new ExactPlans.Found(new Decisions(List.of(), Map.of()),
                HardMediumSoftScore.parseScore("0hard/0medium/-100soft")));
        resting.join(Duration.ofSeconds(30));
        assertFalse(resting.isAlive(), "woken by the plan, not by the end of its ten-minute rest");
    }
}
