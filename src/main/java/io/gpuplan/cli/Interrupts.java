package io.gpuplan.cli;

import io.gpuplan.output.AtomicFiles;
import io.gpuplan.solve.Stopper;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM: the first asks every running solve to stop and write its best plan so far (marked
 * {@code run.terminatedEarly: true}); scenarios not started are skipped; the exit code is 130 for Ctrl-C, 143 for
 * SIGTERM. A second signal stops at once, removing any temporary file being written, so no output is ever left
 * half-written. (SIGTERM is what service managers and {@code timeout} send: it deserves the plan found so far.)
 */
final class Interrupts {
    private static final Stopper STOPPER = new Stopper();
    private static final AtomicInteger SIGNALS = new AtomicInteger();
    private static volatile int exitCode = ExitCodes.INTERRUPTED;

    private Interrupts() {
    }

    static Stopper stopper() {
        return STOPPER;
    }

    /** 128 + the number of the first signal received (130 when none came: Ctrl-C is what the stopper assumes). */
    static int exitCode() {
        return exitCode;
    }

    /** Takes over SIGINT and SIGTERM for this process (only the command-line entry point calls this). */
    static void install(PrintStream err) {
        handle("INT", "Ctrl-C", "Ctrl-C again", ExitCodes.INTERRUPTED, err);
        handle("TERM", "SIGTERM", "SIGTERM or Ctrl-C again", ExitCodes.TERMINATED, err);
    }

    private static void handle(String signal, String name, String again, int code, PrintStream err) {
        Signal.handle(new Signal(signal), s -> {
            if (SIGNALS.incrementAndGet() == 1) {
                exitCode = code;
                err.println();
                err.println("gpuplan: " + name + ": stopping: writing the best plans found so far (" + again + " to quit at once)");
                err.flush();
                STOPPER.stopBecause(name);
            } else {
                AtomicFiles.abandonAll();
                err.println("gpuplan: stopped");
                err.flush();
                Runtime.getRuntime().halt(exitCode);
            }
        });
    }
}
