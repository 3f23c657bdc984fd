package io.gpuplan.cli;

import io.gpuplan.output.AtomicFiles;
import io.gpuplan.solve.Stopper;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;

/**
 * Ctrl-C: the first asks every running solve to stop and write its best plan so far (marked
 * {@code run.terminatedEarly: true}); scenarios not started are skipped. A second Ctrl-C stops at once, removing
 * any temporary file being written, so no output is ever left half-written.
 */
final class Interrupts {
    private static final Stopper STOPPER = new Stopper();
    private static final AtomicInteger SIGNALS = new AtomicInteger();

    private Interrupts() {
    }

    static Stopper stopper() {
        return STOPPER;
    }

    /** Takes over SIGINT for this process (only the command-line entry point calls this). */
    static void install(PrintStream err) {
        Signal.handle(new Signal("INT"), signal -> {
            if (SIGNALS.incrementAndGet() == 1) {
                err.println();
                err.println("gpuplan: stopping: writing the best plans found so far (Ctrl-C again to quit at once)");
                err.flush();
                STOPPER.stop();
            } else {
                AtomicFiles.abandonAll();
                err.println("gpuplan: stopped");
                err.flush();
                Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
            }
        });
    }
}
