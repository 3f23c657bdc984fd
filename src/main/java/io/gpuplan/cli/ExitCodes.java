package io.gpuplan.cli;

/** Exit codes of every command. */
public final class ExitCodes {
    public static final int OK = 0;
    /** Solved, but a rule is broken (or, with solve --fail-on-unplanned, a job is unplanned); verify: the plan disagrees. */
    public static final int PARTIAL = 1;
    public static final int BAD_INPUT = 2;
    public static final int INTERNAL = 3;
    /** Stopped by Ctrl-C (128 + SIGINT); the plans written are the best found until then. */
    public static final int INTERRUPTED = 130;
    /** Stopped by SIGTERM (128 + 15), e.g. a service manager's stop; handled like Ctrl-C. */
    public static final int TERMINATED = 143;

    /** Lines of each command's "Exit codes" help section (picocli's exitCodeList: "code:meaning"). */
    public static final String OK_TEXT = "0:ok";
    public static final String PARTIAL_TEXT = "1:solved, but the plan breaks a rule (infeasible), or with solve --fail-on-unplanned some job is unplanned";
    public static final String BAD_INPUT_TEXT = "2:bad input: a file, option or value is wrong (every problem is reported; nothing is written)";
    public static final String INTERNAL_TEXT = "3:internal error (a bug in gpuplan)";
    public static final String INTERRUPTED_TEXT = "130:stopped by Ctrl-C (the best plans found so far are written; 143 for SIGTERM)";

    private ExitCodes() {
    }
}
