package io.gpuplan.cli;

import io.gpuplan.sizing.Money;
import io.gpuplan.solve.PlanSolver;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The live line while solving: best score (unplanned priority and cost in money) and elapsed time. On a terminal it
 * rewrites itself; otherwise it prints at most one line a second.
 */
final class ProgressLine implements Consumer<PlanSolver.Progress> {
    private final PrintWriter err;
    private final String label;
    private final String currency;
    private final boolean terminal;
    private long lastPrintNanos;
    private String last = "";
    private boolean lastPrinted = true;

    /** @param liveLine rewrite one line on a terminal (off when several scenarios solve at once) */
    ProgressLine(PrintWriter err, String label, String currency, boolean liveLine) {
        this.err = err;
        this.label = label;
        this.currency = currency;
        this.terminal = liveLine && isTerminal();
    }

    @Override
    public synchronized void accept(PlanSolver.Progress p) {
        var s = p.bestScore();
        last = String.format(Locale.ROOT, "%s: best %s  (hard %d, unplanned priority %d, cost %s %s)  %.1f s",
                label, s, -s.hardScore(), -s.mediumScore(), Money.format(-s.softScore()), currency,
                p.elapsed().toMillis() / 1000.0);
        long now = System.nanoTime();
        if (terminal) {
            ConsolePrintWriter.rewriteLine(err, last + "   ");
        } else if (now - lastPrintNanos > 1_000_000_000L) {
            err.println(last);
            err.flush();
            lastPrintNanos = now;
            lastPrinted = true;
            return;
        }
        lastPrinted = terminal;
    }

    /** Ends the live line. */
    synchronized void finish() {
        if (terminal) {
            err.println();
        } else if (!lastPrinted) {
            err.println(last);
        }
        err.flush();
    }

    private static boolean isTerminal() {
        java.io.Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            // JDK 22+ returns a Console even when redirected; ask it whether it is a terminal.
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(c);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
