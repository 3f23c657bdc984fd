package io.gpuplan.engine.spark;

import io.gpuplan.engine.Outcome;
import io.gpuplan.engine.TaskEngine;
import java.io.Serializable;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function;
import scala.Tuple2;

/**
 * One task on a Spark executor. A task that throws before its last attempt throws on, so Spark retries it (on another
 * executor if one is lost); on the last attempt the error becomes a failed {@link Outcome}, so the job still ends
 * with every task's result and the failure is reported with its task, not lost in an aborted job.
 */
final class AttemptedCall<T extends Serializable, R extends Serializable>
        implements Function<Tuple2<Integer, T>, Tuple2<Integer, Outcome<R>>> {
    private static final long serialVersionUID = 1L;
    private final TaskEngine.Task<T, R> task;
    private final int attempts;

    AttemptedCall(TaskEngine.Task<T, R> task, int attempts) {
        this.task = task;
        this.attempts = attempts;
    }

    @Override
    public Tuple2<Integer, Outcome<R>> call(Tuple2<Integer, T> indexed) {
        try {
            return new Tuple2<>(indexed._1(), Outcome.ok(task.apply(indexed._2())));
        } catch (RuntimeException e) {
            TaskContext context = TaskContext.get();
            int attempt = context == null ? attempts - 1 : context.attemptNumber();
            if (attempt + 1 < attempts) {
                throw e;
            }
            return new Tuple2<>(indexed._1(), Outcome.failed(e + " (after " + attempts + " attempts)"));
        }
    }
}
