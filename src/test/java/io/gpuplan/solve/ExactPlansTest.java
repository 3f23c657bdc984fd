package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.rules.Decisions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * When local search rests in a clock-stopped solve: stalled, and only while the exact search runs beside it; and when
 * its plan tells the certificate's CP-SAT that no more priority is to be found.
 */
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

    @Test
    void aWatchFiresOnceWhenLocalSearchsFeasiblePlanLeavesLittleEnoughOut() {
        ExactPlans exchange = new ExactPlans();
        AtomicInteger fired = new AtomicInteger();
        try (Stopper.Registration ignored = exchange.whenLocalLeavesOut(10, fired::incrementAndGet)) {
            exchange.postLocal(scored("0hard/-11medium/-100soft"));
            exchange.postLocal(scored("-1hard/-5medium/-100soft"));
            assertEquals(0, fired.get(), "11 left out, then an infeasible plan");
            exchange.postLocal(scored("0hard/-10medium/-900soft"));
            exchange.postLocal(scored("0hard/0medium/-900soft"));
            assertEquals(1, fired.get(), "at 10 left out, and once only");
        }
        AtomicInteger atOnce = new AtomicInteger();
        exchange.whenLocalLeavesOut(0, atOnce::incrementAndGet).close();
        assertEquals(1, atOnce.get(), "local search's plan leaves nothing out already");
        AtomicInteger closed = new AtomicInteger();
        ExactPlans other = new ExactPlans();
        other.whenLocalLeavesOut(10, closed::incrementAndGet).close();
        other.postLocal(scored("0hard/0medium/-100soft"));
        assertEquals(0, closed.get(), "the watch was closed first");
    }

    private static GpuPlan scored(String score) {
        GpuPlan plan = new GpuPlan();
        plan.setScore(HardMediumSoftScore.parseScore(score));
        return plan;
    }
}
