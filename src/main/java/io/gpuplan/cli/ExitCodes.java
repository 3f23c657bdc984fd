package io.gpuplan.cli;

/** Exit codes of every command. */
public final class ExitCodes {
    public static final int OK = 0;
    /** Solved, but some job is unplanned or a rule is broken; verify: the plan disagrees with the rules. */
    public static final int PARTIAL = 1;
    public static final int BAD_INPUT = 2;
    public static final int INTERNAL = 3;
    /** Stopped by Ctrl-C (128 + SIGINT); the plans written are the best found until then. */
    public static final int INTERRUPTED = 130;

    private ExitCodes() {
    }
}
