package io.gpuplan.output.compare;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocument.Assignment;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What changed between a scenario and the base scenario, in sentences a finance reader follows: the total, the jobs
 * whose offer, purchase model or start moved (each with its cost difference), jobs newly planned or left out, the
 * reservations, and the rules (gpuplan's own per-rule impacts) whose impact moved most.
 */
public final class ChangeNarrative {
    private static final Pattern IMPACT = Pattern.compile("(-?\\d+)(hard|medium|soft)");
    private static final int MAX_RULES = 3;

    private ChangeNarrative() {
    }

    public static List<String> between(String baseName, PlanDocument base, String name, PlanDocument other) {
        List<String> out = new ArrayList<>();
        BigDecimal diff = other.totals().cost().subtract(base.totals().cost());
        out.add(String.format("**%s** costs %s %s (%s %s, %s) against **%s**, and plans %d of %d jobs (%s %d).",
                name, other.totals().cost().toPlainString(), other.currency(), signed(diff), other.currency(),
                percent(diff, base.totals().cost()), baseName, other.summary().planned(), other.summary().jobs(),
                baseName, base.summary().planned()));
        Map<String, Assignment> before = byJob(base);
        for (Assignment a : other.assignments()) {
            Assignment b = before.get(a.job());
            if (b == null) {
                continue;
            }
            String sentence = jobChange(b, a, other.currency());
            if (sentence != null) {
                out.add(sentence);
            }
        }
        reservations(base, other).forEach(out::add);
        String rules = rules(base, other);
        if (rules != null) {
            out.add(rules);
        }
        return out;
    }

    private static String jobChange(Assignment b, Assignment a, String currency) {
        boolean wasPlanned = "planned".equals(b.status());
        boolean isPlanned = "planned".equals(a.status());
        if (wasPlanned && !isPlanned) {
            return a.job() + " is left out (saving " + b.cost().total().toPlainString() + " " + currency + "): " + a.reason() + ".";
        }
        if (!wasPlanned && isPlanned) {
            return a.job() + " is now planned on " + a.offer() + " (" + a.purchase() + "), for "
                    + a.cost().total().toPlainString() + " " + currency + ".";
        }
        if (!wasPlanned) {
            return null;
        }
        boolean moved = !Objects.equals(a.offer(), b.offer()) || !Objects.equals(a.gpus(), b.gpus());
        boolean retimed = !Objects.equals(a.start(), b.start());
        if (!moved && !retimed) {
            return null;
        }
        BigDecimal diff = a.cost().total().subtract(b.cost().total());
        StringBuilder sb = new StringBuilder(a.job());
        if (moved) {
            sb.append(" moves from ").append(b.offer()).append(" (").append(b.purchase()).append(", ").append(b.gpus())
                    .append(" GPUs) to ").append(a.offer()).append(" (").append(a.purchase()).append(", ").append(a.gpus()).append(" GPUs)");
        }
        if (retimed) {
            sb.append(moved ? " and" : "").append(" starts ").append(a.start()).append(" instead of ").append(b.start());
        }
        return sb.append(": ").append(signed(diff)).append(' ').append(currency).append('.').toString();
    }

    private static List<String> reservations(PlanDocument base, PlanDocument other) {
        List<String> out = new ArrayList<>();
        // R28: owned cards bought, as reservations are.
        Map<String, PlanDocument.Owned> ownedBefore = new LinkedHashMap<>();
        if (base.owned() != null) {
            base.owned().forEach(o -> ownedBefore.put(o.offer(), o));
        }
        for (PlanDocument.Owned o : other.owned() == null ? List.<PlanDocument.Owned>of() : other.owned()) {
            PlanDocument.Owned b = ownedBefore.get(o.offer());
            int was = b == null ? 0 : b.gpus();
            if (was != o.gpus()) {
                out.add("The owned cards on " + o.offer() + " go from " + was + " to " + o.gpus() + " GPUs ("
                        + signed(o.horizonCost().subtract(b == null ? BigDecimal.ZERO : b.horizonCost())) + " " + other.currency()
                        + " in the horizon, capital outlay " + o.capitalOutlay().toPlainString() + ").");
            }
        }
        Map<String, PlanDocument.Reservation> before = new LinkedHashMap<>();
        base.reservations().forEach(r -> before.put(r.offer(), r));
        for (PlanDocument.Reservation r : other.reservations()) {
            PlanDocument.Reservation b = before.get(r.offer());
            int was = b == null ? 0 : b.gpus();
            if (was != r.gpus()) {
                out.add("The reservation on " + r.offer() + " goes from " + was + " to " + r.gpus() + " GPUs ("
                        + signed(r.horizonCost().subtract(b == null ? BigDecimal.ZERO : b.horizonCost())) + " " + other.currency()
                        + " in the horizon, " + r.commitmentPastHorizon().toPlainString() + " committed past it).");
            }
        }
        return out;
    }

    /** The constraints whose score impact moved most, in money where they are costs. */
    private static String rules(PlanDocument base, PlanDocument other) {
        Map<String, Long> before = impacts(base);
        List<String[]> changes = new ArrayList<>();
        Map<String, Long> after = impacts(other);
        for (Map.Entry<String, Long> e : after.entrySet()) {
            long delta = e.getValue() - before.getOrDefault(e.getKey(), 0L);
            if (delta != 0) {
                changes.add(new String[] {e.getKey(), String.valueOf(delta)});
            }
        }
        if (changes.isEmpty()) {
            return null;
        }
        changes.sort(Comparator.comparingLong((String[] c) -> -Math.abs(Long.parseLong(c[1]))).thenComparing(c -> c[0]));
        List<String> parts = new ArrayList<>();
        for (String[] c : changes.subList(0, Math.min(MAX_RULES, changes.size()))) {
            long delta = Long.parseLong(c[1]);
            String level = level(other, c[0]);
            parts.add(c[0] + " " + (level.equals("soft")
                    ? (delta < 0 ? "costs " : "saves ") + BigDecimal.valueOf(Math.abs(delta), 2).toPlainString() + " " + other.currency() + " more"
                    : level.equals("medium") ? (delta < 0 ? "leaves " + (-delta) + " more priority unplanned" : "plans " + delta + " more priority")
                    : (delta < 0 ? "breaks by " + (-delta) + " more" : "breaks by " + delta + " less")));
        }
        return "The rules whose impact moved most: " + String.join("; ", parts) + ".";
    }

    private static Map<String, Long> impacts(PlanDocument p) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (PlanDocument.ConstraintReport c : p.constraints()) {
            Matcher m = IMPACT.matcher(c.impact());
            if (m.matches()) {
                out.put(c.constraint(), Long.parseLong(m.group(1)));
            }
        }
        return out;
    }

    private static String level(PlanDocument p, String constraint) {
        return p.constraints().stream().filter(c -> c.constraint().equals(constraint)).map(PlanDocument.ConstraintReport::level)
                .findFirst().orElse("soft");
    }

    private static Map<String, Assignment> byJob(PlanDocument p) {
        Map<String, Assignment> out = new LinkedHashMap<>();
        p.assignments().forEach(a -> out.put(a.job(), a));
        return out;
    }

    static String signed(BigDecimal v) {
        return (v.signum() >= 0 ? "+" : "") + v.toPlainString();
    }

    private static String percent(BigDecimal diff, BigDecimal base) {
        if (base.signum() == 0) {
            return "n/a";
        }
        return (diff.signum() >= 0 ? "+" : "") + diff.multiply(BigDecimal.valueOf(100)).divide(base, 2, RoundingMode.HALF_UP).toPlainString() + " %";
    }
}
