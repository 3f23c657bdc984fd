package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.engine.Progress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** R32's progress line: done of N, elapsed, and the time left at the pace so far. */
class SweepProgressTest {
    @Test
    void lineSaysDoneElapsedAndLeft() {
        // 340 of 1200 in 252 s: 252 x 860 / 340 = 637.4 s left -> 10m37s.
        assertEquals("q: stage 2: 340/1200 solves, 4m12s elapsed, ~10m37s left",
                SweepProgress.line("q", "stage 2", new Progress(340, 1200, Duration.ofSeconds(252))));
        assertEquals("q: stage 1: 12/12 solves, 5s elapsed", SweepProgress.line("q", "stage 1", new Progress(12, 12, Duration.ofSeconds(5))));
    }

    @Test
    void notATerminalPrintsAtMostEveryTenSecondsAndTheLast() {
        StringWriter out = new StringWriter();
        SweepProgress p = new SweepProgress(new PrintWriter(out), "q", false);
        for (int i = 1; i <= 5; i++) {
            p.accept("stage 1", new Progress(i, 5, Duration.ofSeconds(i)));
        }
        // The first (more than 10 s since none) and the last: two lines, not five.
        assertEquals("q: stage 1: 1/5 solves, 1s elapsed, ~4s left\nq: stage 1: 5/5 solves, 5s elapsed\n",
                out.toString().replace(System.lineSeparator(), "\n"));
    }
}
