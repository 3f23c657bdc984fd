package io.gpuplan.cli;

import io.gpuplan.engine.Progress;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.BiConsumer;

/**
 * R32: a sweep's progress, a line per stage: "stage 2: 340/1200 solves, 4m12s elapsed, ~10m left". On a terminal it
 * rewrites itself; otherwise it prints at most one line every 10 s and the stage's last.
 */
final class SweepProgress implements BiConsumer<String, Progress> {
    private static final long QUIET_NANOS = 10_000_000_000L;
    private final PrintWriter err;
    private final String label;
    private final boolean terminal;
    private long lastPrint;
    private boolean printed;

    SweepProgress(PrintWriter err, String label, boolean terminal) {
        this.err = err;
        this.label = label;
        this.terminal = terminal;
    }

    @Override
    public synchronized void accept(String stage, Progress p) {
        String line = line(label, stage, p);
        long now = System.nanoTime();
        boolean last = p.done() == p.total();
        if (terminal) {
            ConsolePrintWriter.rewriteLine(err, line + "   ");
            if (last) {
                err.println();
            }
        } else if (last || !printed || now - lastPrint > QUIET_NANOS) {
            err.println(line);
            lastPrint = now;
            printed = true;
        }
        err.flush();
    }

    static String line(String label, String stage, Progress p) {
        Duration left = p.remaining();
        return label + ": " + stage + ": " + p.done() + "/" + p.total() + " solves, " + format(p.elapsed()) + " elapsed"
                + (p.done() == p.total() ? "" : left == null ? "" : ", ~" + format(left) + " left");
    }

    static String format(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? s / 3600 + "h" + (s % 3600) / 60 + "m" : s >= 60 ? s / 60 + "m" + s % 60 + "s" : s + "s";
    }
}
