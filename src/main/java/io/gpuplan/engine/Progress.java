package io.gpuplan.engine;

import java.time.Duration;

/** How far a run of tasks is: done of total, time since it began, and an estimate of the time left. */
public record Progress(int done, int total, Duration elapsed) {
    /** The time left at the pace so far (null before the first task ends). */
    public Duration remaining() {
        if (done == 0) {
            return null;
        }
        return elapsed.multipliedBy(total - done).dividedBy(done);
    }
}
