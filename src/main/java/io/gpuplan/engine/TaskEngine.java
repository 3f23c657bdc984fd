package io.gpuplan.engine;

import java.io.Serializable;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs many independent tasks (a sweep's scenario solves, a frontier's budgets) and brings their results back in task
 * order. {@link LocalEngine} runs them on a pool of this machine's cores; a Spark engine runs the same tasks on a
 * cluster. Tasks and results are {@link Serializable} (Spark ships them to executors), and a task's result depends
 * only on the task (same seeds and move limits, same results on every engine). A task that fails for good comes back
 * as a failed {@link Outcome}, never silently dropped.
 */
public interface TaskEngine extends AutoCloseable {
    /** A function that can be shipped to another JVM. */
    interface Task<T, R> extends java.util.function.Function<T, R>, Serializable {
    }

    /**
     * @param progress told after each task ends (from any thread), with how many are done of how many
     */
    <T extends Serializable, R extends Serializable> List<Outcome<R>> map(List<T> items, Task<T, R> task,
                                                                        Consumer<Progress> progress);

    /** The engine's name, as the command line's {@code --engine} takes it. */
    String name();

    /** Where the tasks run, for a report line: e.g. "2 threads" or Spark's master ("local[2,4]"). */
    default String where() {
        return name();
    }

    @Override
    default void close() {
    }
}
