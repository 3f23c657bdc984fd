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
}
