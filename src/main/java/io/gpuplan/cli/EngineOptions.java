package io.gpuplan.cli;

import picocli.CommandLine.Option;

/** Where many solves run ({@code sweep}, {@code frontier}, {@code compare}); {@code --parallel} is each command's own. */
final class EngineOptions {
    @Option(names = "--engine", paramLabel = "local|spark", defaultValue = "local",
            description = "where the solves run: this machine's cores, or Apache Spark (default: ${DEFAULT-VALUE})")
    String engine;

    @Option(names = "--master", paramLabel = "URL", description = "the Spark master (with --engine spark; default:"
            + " Spark inside this process, or the master spark-submit gives)")
    String master;

    /** The engine asked for, running {@code parallel} tasks at once (Spark's classes load only for "spark"). */
    io.gpuplan.engine.TaskEngine open(int parallel) {
        return io.gpuplan.engine.Engines.create(engine, master, parallel);
    }

    /** Whether the engine named can run here; if not, says why on {@code err} (the caller exits with bad input). */
    boolean available(String command, java.io.PrintWriter err) {
        try {
            io.gpuplan.engine.Engines.check(engine);
            return true;
        } catch (io.gpuplan.engine.UnavailableEngineException e) {
            err.println(command + ": --engine: " + e.getMessage());
            return false;
        }
    }
}
