package io.gpuplan.engine.spark;

import io.gpuplan.engine.Outcome;
import io.gpuplan.engine.Progress;
import io.gpuplan.engine.TaskEngine;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * Runs tasks on Apache Spark: {@code local[N,F]} inside this JVM by default, or on the cluster a master URL names.
 * Each task is one partition; results come back by task index, so in task order. A task that throws is retried by
 * Spark; on its last allowed attempt the error is kept as a failed {@link Outcome} instead of aborting the job, so
 * every other task's result still comes back and no task is silently dropped. The only class (with its helpers in
 * this package) that imports Spark: {@link io.gpuplan.engine.Engines} loads it by name, and only for
 * {@code --engine spark}.
 */
public final class SparkEngine implements TaskEngine {
    /** Attempts per task (Spark's own default for spark.task.maxFailures). */
    public static final int DEFAULT_ATTEMPTS = 4;

    private final JavaSparkContext context;
    private final int attempts;
    private final TaskProgressListener listener = new TaskProgressListener();

    /**
     * @param master   a Spark master URL; null or blank: {@code local[parallel, attempts]} in this JVM
     * @param parallel cores in local mode; 0 or less: every core of this machine (ignored with a master URL)
     */
    public SparkEngine(String master, int parallel) {
        this(master, parallel, DEFAULT_ATTEMPTS);
    }

    public SparkEngine(String master, int parallel, int attempts) {
        SparkConf conf = new SparkConf().setAppName("gpuplan").set("spark.ui.enabled", "false");
        // spark-submit sets the master itself (spark.master); an explicit --master wins; else Spark inside this JVM.
        // local[N] never retries a task: local[N,F] gives each task F attempts, as a cluster's maxFailures does.
        String given = master != null && !master.isBlank() ? master : conf.get("spark.master", null);
        if (given == null) {
            String cores = parallel > 0 ? Integer.toString(parallel) : "*";
            conf.setMaster("local[" + cores + "," + attempts + "]")
                    // In this JVM there is no network to find: stay on the loopback address.
                    .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
            this.attempts = attempts;
        } else {
            conf.setMaster(given);
            if (!conf.contains("spark.task.maxFailures")) {
                conf.set("spark.task.maxFailures", Integer.toString(attempts));
            }
            this.attempts = given.startsWith("local") ? LocalMaster.attempts(given) : conf.getInt("spark.task.maxFailures", attempts);
        }
        this.context = new JavaSparkContext(conf);
        // Quiet: logback (gpuplan's one SLF4J binding) keeps Spark to its errors (src/main/resources/logback.xml).
        context.sc().addSparkListener(listener);
    }

    @Override
    public String name() {
        return "spark";
    }

    /** The master Spark runs on, e.g. {@code local[2,4]}. */
    public String master() {
        return context.master();
    }

    @Override
    public String where() {
        return "Spark " + context.version() + " on " + master();
    }

    @Override
    public synchronized <T extends Serializable, R extends Serializable> List<Outcome<R>> map(
            List<T> items, Task<T, R> task, Consumer<Progress> progress) {
        if (items.isEmpty()) {
            return List.of();
        }
        List<Tuple2<Integer, T>> indexed = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            indexed.add(new Tuple2<>(i, items.get(i)));
        }
        listener.start(items.size(), progress);
        try {
            List<Tuple2<Integer, Outcome<R>>> collected;
            try {
                collected = context.parallelize(indexed, items.size()).map(new AttemptedCall<>(task, attempts)).collect();
            } catch (Exception e) { // SparkException, which Scala throws undeclared
                // Only an Error in a task (or executors lost on every attempt) aborts the job: as LocalEngine does with
                // an Error, the whole run fails, loudly, rather than returning fewer outcomes than tasks.
                throw new IllegalStateException("the Spark job was aborted: " + e.getMessage(), e);
            }
            // Progress comes from Spark's listener bus, a thread of its own: let it catch up before returning.
            try {
                context.sc().listenerBus().waitUntilEmpty();
            } catch (java.util.concurrent.TimeoutException e) {
                // Only the progress line's last step is late; the results are all in.
            }
            List<Tuple2<Integer, Outcome<R>>> sorted = new ArrayList<>(collected);
            sorted.sort(Comparator.comparing(Tuple2::_1));
            List<Outcome<R>> out = new ArrayList<>();
            for (Tuple2<Integer, Outcome<R>> t : sorted) {
                out.add(t._2());
            }
            return out;
        } finally {
            listener.stop();
        }
    }

    @Override
    public void close() {
        context.stop();
    }
}
