package io.gpuplan.engine;

import java.lang.reflect.InvocationTargetException;
import java.util.List;

/**
 * Makes a {@link TaskEngine} by the name the command line's {@code --engine} gives. The Spark engine is loaded by name
 * (reflection) so that Spark's classes load only when it is asked for: the default command neither needs Spark on its
 * classpath nor pays for loading it.
 */
public final class Engines {
    /** The names {@link #create} knows, in the order the help lists them. */
    public static final List<String> NAMES = List.of("local", "spark");
    static final String SPARK_ENGINE = "io.gpuplan.engine.spark.SparkEngine";
    static final String SPARK_CONTEXT = "org.apache.spark.SparkContext";

    private Engines() {
    }

    /**
     * @param master   the Spark master URL (spark only; null: {@code local[parallel]} inside this process, or the
     *                 master spark-submit gives)
     * @param parallel tasks at once on this machine; 0 or less: one per core
     * @throws UnavailableEngineException for an unknown name, or spark when Spark is not on the classpath or does not
     *                                    start
     */
    public static TaskEngine create(String name, String master, int parallel) {
        check(name);
        if (name.equals("local")) {
            return parallel > 0 ? new LocalEngine(parallel) : new LocalEngine();
        }
        return spark(master, parallel, Engines.class.getClassLoader());
    }

    /**
     * Checks, without starting anything, that {@link #create} can make the engine of this name, so that a command
     * can say so before its first solve.
     *
     * @throws UnavailableEngineException as {@link #create} would (except for a Spark that does not start)
     */
    public static void check(String name) {
        if (!NAMES.contains(name)) {
            throw new UnavailableEngineException("unknown engine '" + name + "'; valid: " + String.join(", ", NAMES));
        }
        if (name.equals("spark")) {
            checkSpark(Engines.class.getClassLoader());
        }
    }

    static void checkSpark(ClassLoader loader) {
        try {
            Class.forName(SPARK_CONTEXT, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new UnavailableEngineException("the spark engine needs Apache Spark 4.2 (Scala 2.13) on the classpath, and it"
                    + " is not there. Run it through ./gpuplan from the source tree (it adds Spark's jars when --engine spark"
                    + " is given), or submit the jar to Spark: spark-submit --class io.gpuplan.cli.Main --master URL"
                    + " target/gpuplan.jar COMMAND ... --engine spark (sweep, frontier or compare)");
        }
    }

    static TaskEngine spark(String master, int parallel, ClassLoader loader) {
        checkSpark(loader);
        try {
            return (TaskEngine) Class.forName(SPARK_ENGINE, true, loader).getConstructor(String.class, int.class)
                    .newInstance(master, parallel);
        } catch (InvocationTargetException e) {
            // Spark refused to start (a bad master URL, a cluster it cannot reach): say so in its own words.
            Throwable cause = e.getCause();
            throw new UnavailableEngineException("the spark engine did not start on " + (master == null ? "local" : master)
                    + ": " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("gpuplan's jar lacks " + SPARK_ENGINE, e);
        }
    }
}
