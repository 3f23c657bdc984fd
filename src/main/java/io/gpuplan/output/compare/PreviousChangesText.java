package io.gpuplan.output.compare;

import io.gpuplan.sizing.Money;
import java.util.ArrayList;
import java.util.List;

/** {@code compare --previous}: the changes from the previous plan as lines, each with its reason and cost. */
public final class PreviousChangesText {
    private PreviousChangesText() {
    }

    /** @param churnCents the problem's churn per move (R31.2) */
    public static List<String> lines(PreviousChanges c, String currency, long churnCents) {
        List<String> out = new ArrayList<>();
        out.add("Changes from the previous plan " + c.plan() + " (R31; amounts in " + currency + ", churn per move "
                + Money.format(churnCents) + "):");
        for (var p : c.carried()) {
            out.add("- carried: " + p.offer() + ", " + p.gpus() + " GPUs, " + ("owned".equals(p.termEnds()) ? "owned cards"
                    : p.monthsLeft() + " months left (term ends " + p.termEnds() + ")") + ", " + p.peakGpus()
                    + " used at peak: no new cost (R31.1)");
        }
        for (var r : c.bought()) {
            out.add("- new reservation: " + r.offer() + ", " + r.gpus() + " GPUs for " + r.termMonths() + " months from"
                    + " the horizon start, " + Money.format(r.horizonCents()) + " in this horizon");
        }
        for (var j : c.jobs()) {
            String where = j.fromOffer() + " × " + j.fromGpus();
            out.add(switch (j.change()) {
                case "moved" -> "- moved: " + j.job() + " from " + where + " to " + j.toOffer() + " × " + j.toGpus()
                        + ", change cost " + Money.format(j.changeCents()) + " (churn " + Money.format(j.churnCents())
                        + ", migration " + Money.format(j.migrationCents()) + ", egress " + Money.format(j.transferCents())
                        + "): " + j.reason(Money::format, churnCents);
                case "stayed" -> "- stayed: " + j.job() + " on " + j.toOffer() + " × " + j.toGpus() + ": "
                        + j.reason(Money::format, churnCents);
                default -> "- stopped: " + j.job() + " (was on " + where + "): " + j.reason(Money::format, churnCents);
            });
        }
        c.finished().forEach(f -> out.add("- finished or stopped: " + f + " (still running at the horizon start, not in"
                + " this problem)"));
        c.newJobs().forEach(n -> out.add("- new job: " + n));
        return out;
    }
}
