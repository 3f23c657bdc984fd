package io.gpuplan.engine.spark;

import io.gpuplan.engine.Progress;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Turns Spark's task ends into gpuplan's progress (done of N, elapsed, estimate): a task counts once it succeeds
 * (an attempt that failed and is retried does not), so done reaches N exactly when every result is in.
 */
final class TaskProgressListener extends SparkListener {
    private Consumer<Progress> progress;
    private int total;
    private int done;
    private long started;

    synchronized void start(int total, Consumer<Progress> progress) {
        this.total = total;
        this.done = 0;
        this.progress = progress;
        this.started = System.nanoTime();
    }

    synchronized void stop() {
        progress = null;
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
        if (progress == null || end.reason() != Success$.MODULE$ || done >= total) {
            return;
        }
        done++;
        progress.accept(new Progress(done, total, Duration.ofNanos(System.nanoTime() - started)));
    }
}
