package io.gpuplan.grid;

import java.io.Serializable;
import java.util.List;
import java.util.TreeMap;

/**
 * What a {@link GridTask} gave: the texts of its files by suffix (plan, FOCUS, reports) for the command to write, the
 * console lines of its solve, and its summary figures; or, when it was not solved, its exit code and why.
 *
 * @param code          the exit code ({@code ExitCodes}): OK, PARTIAL (breaks a rule), or why it failed
 * @param error         why it was not solved (null when solved)
 * @param files         suffix ({@code .plan.yaml}, {@code .focus.csv}, ...) to text; empty when not solved
 * @param score         R23's score, as the plan states it
 * @param costCents     the plan's cost, in cents of the base currency
 * @param statement     the certificate's statement ("proven optimal", or the distance to the bound); may be null
 */
public record GridResult(String base, int code, String error, List<String> messages, TreeMap<String, String> files,
                         String score, long costCents, long plannedPriority, String statement, long wallNanos,
                         long movesPerSecond) implements Serializable {
    public GridResult {
        messages = List.copyOf(messages);
    }

    static GridResult failed(String base, int code, String error, List<String> messages) {
        return new GridResult(base, code, error, messages, new TreeMap<>(), null, 0, 0, null, 0, 0);
    }

    public boolean solved() {
        return error == null;
    }
}
