package io.gpuplan.output;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.rules.Violation;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code verify}: takes a plan's decisions (offer, GPUs, start of each job; GPUs reserved), recomputes feasibility
 * and every number from the rules with plain loops ({@link PlanEvaluator}), and lists each difference from what the
 * plan states. The solver and its constraint streams play no part.
 */
public final class PlanVerifier {
    private PlanVerifier() {
    }

    /**
     * @param mismatches  what the plan states that the problem and the plan's decisions do not give
     * @param rulesBroken the rules the decisions break (a plan may state them honestly: an infeasible plan)
     */
    public record Report(List<String> mismatches, List<String> rulesBroken, Evaluation evaluation) {
        /** Both, mismatches first: everything {@code verify} lists. */
        public List<String> differences() {
            List<String> all = new ArrayList<>(mismatches);
            all.addAll(rulesBroken);
            return List.copyOf(all);
        }

        public boolean agrees() {
            return mismatches.isEmpty() && rulesBroken.isEmpty();
        }
    }

    /** {@link #verify} of a plan against its loaded problem, taking the certificate as the plan states it. */
    public static Report verify(io.gpuplan.problem.ProblemReader.Loaded loaded, PlanDocument plan) {
        var context = new PlanDocumentBuilder.Context(loaded.problem(), plan.problem(), plan.solver(), null,
                io.gpuplan.sizing.OptionEnumerator.enumerate(loaded.problem()), PlanDocumentBuilder.certificateOf(plan),
                PlanDocumentBuilder.withoutItOf(plan));
        return verify(loaded.problem(), loaded.sha256(), plan, context);
    }

    public static Report verify(Problem problem, String problemSha256, PlanDocument stated,
                                PlanDocumentBuilder.Context context) {
        List<String> diffs = new ArrayList<>();
        if (stated.problem() != null && !problemSha256.equals(stated.problem().sha256())) {
            diffs.add("problem.sha256: the plan was made for another version of the problem file ("
                    + stated.problem().sha256() + ", the file now has " + problemSha256 + ")");
        }
        Decisions decisions = decisions(problem, stated, diffs);
        Evaluation evaluation = PlanEvaluator.evaluate(problem, decisions);
        PlanDocument recomputed = PlanDocumentBuilder.build(context, evaluation);
        JsonNode a = Yaml.MAPPER.valueToTree(withoutRun(stated, stated));
        // A plan written before plans stated their horizon is judged on the rest (R31 refuses it as a previous plan).
        JsonNode b = Yaml.MAPPER.valueToTree(withoutRun(recomputed, stated));
        compare("", a, b, diffs);
        certificateChecks(stated, evaluation, diffs);
        withoutItChecks(stated, evaluation, diffs);
        List<String> broken = evaluation.violations().stream().map(v -> "rule broken: " + v).toList();
        return new Report(List.copyOf(diffs), broken, evaluation);
    }

    /**
     * The certificate is not re-proven here (that is a solve), but no proof can claim a bound above a plan that
     * exists: a cost bound above the plan's own cost, or more unplanned priority than the plan leaves, is wrong.
     */
    private static void certificateChecks(PlanDocument stated, Evaluation e, List<String> diffs) {
        PlanDocument.Bound b = stated.totals() == null ? null : stated.totals().lowerBound();
        if (b == null) {
            return;
        }
        if (b.unplannedPriorityAtLeast() != null && b.unplannedPriorityAtLeast() > e.unplannedPriority()) {
            diffs.add("totals.lowerBound.unplannedPriorityAtLeast: the plan states " + b.unplannedPriorityAtLeast()
                    + ", but the plan itself leaves only " + e.unplannedPriority() + " unplanned: no valid proof says that");
        }
        if (b.best() != null && b.best().movePointRight(2).longValue() > e.costCents()
                && b.unplannedPriorityAtLeast() != null && e.unplannedPriority() <= b.unplannedPriorityAtLeast()) {
            diffs.add("totals.lowerBound.best: the plan states a bound of " + b.best().toPlainString()
                    + ", above what the plan itself costs (" + io.gpuplan.sizing.Money.format(e.costCents()) + "): no valid proof says that");
        }
    }

    /**
     * R27's "without it" figures are search results and not re-run, but their arithmetic against this plan is
     * checked: extraCost = cost − the plan's cost, unplannedPriorityMore = its unplanned priority − the plan's.
     */
    private static void withoutItChecks(PlanDocument stated, Evaluation e, List<String> diffs) {
        if (stated.providers() == null) {
            return;
        }
        for (int i = 0; i < stated.providers().size(); i++) {
            PlanDocument.WithoutIt w = stated.providers().get(i).withoutIt();
            if (w == null || w.cost() == null || w.extraCost() == null) {
                continue;
            }
            java.math.BigDecimal expected = w.cost().subtract(io.gpuplan.sizing.Money.toDecimal(e.costCents()));
            if (expected.compareTo(w.extraCost()) != 0) {
                diffs.add("providers[" + i + "].withoutIt.extraCost: the plan states " + w.extraCost().toPlainString()
                        + ", but its cost " + w.cost().toPlainString() + " less the plan's "
                        + io.gpuplan.sizing.Money.format(e.costCents()) + " is " + expected.toPlainString());
            }
        }
    }

    /** The decisions as the plan states them: a job's start date is the decision, startSlot is derived. */
    public static Decisions decisions(Problem problem, PlanDocument plan, List<String> diffs) {
        List<Placement> placements = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<PlanDocument.Assignment> assignments = plan.assignments() == null ? List.of() : plan.assignments();
        for (int i = 0; i < assignments.size(); i++) {
            PlanDocument.Assignment a = assignments.get(i);
            String path = "assignments[" + i + "]";
            if (problem.job(a.job()).isEmpty()) {
                diffs.add(path + ".job: \"" + a.job() + "\" is not a job of the problem");
                continue;
            }
            if (!seen.add(a.job())) {
                diffs.add(path + ".job: \"" + a.job() + "\" is assigned twice");
                continue;
            }
            if (!"planned".equals(a.status())) {
                continue;
            }
            if (a.offer() == null || a.gpus() == null || a.start() == null) {
                diffs.add(path + ": a planned job needs offer, gpus and start");
                continue;
            }
            Integer slot = slotOf(problem.horizon(), a.start());
            if (slot == null) {
                diffs.add(path + ".start: \"" + a.start() + "\" is not the start of a slot of the horizon");
                continue;
            }
            placements.add(new Placement(a.job(), a.offer(), a.gpus(), slot));
        }
        problem.jobs().stream().filter(j -> !seen.contains(j.id()))
                .forEach(j -> diffs.add("assignments: job \"" + j.id() + "\" is missing (neither planned nor unplanned)"));
        Map<String, Integer> reservations = new LinkedHashMap<>();
        if (plan.reservations() != null) {
            plan.reservations().forEach(r -> reservations.put(r.offer(), r.gpus()));
        }
        if (plan.owned() != null) { // R28: GPUs bought are a pool decision, as GPUs reserved are
            plan.owned().forEach(r -> reservations.put(r.offer(), r.gpus()));
        }
        return new Decisions(placements, reservations);
    }

    static Integer slotOf(Horizon h, String text) {
        LocalDateTime t = PlanReader.dateTime(text);
        if (t == null) {
            return null;
        }
        long hours = ChronoUnit.HOURS.between(h.start().atStartOfDay(), t);
        if (hours % h.slotHours() != 0 || ChronoUnit.MINUTES.between(h.start().atStartOfDay(), t) % 60 != 0) {
            return null;
        }
        return (int) (hours / h.slotHours());
    }

    private static PlanDocument withoutRun(PlanDocument d, PlanDocument stated) {
        return new PlanDocument(d.format(), d.name(), d.problem(), null, d.score(), d.feasible(), d.currency(),
                d.summary(), d.reservations(), d.owned(), d.blocks(), d.providers(), d.assignments(), d.totals(), d.risk(),
                d.constraints(), d.prices(), null, stated.horizon() == null ? null : d.horizon(), d.previous(), d.carried());
    }

    /** Reports every field where the stated tree differs from the recomputed one. */
    static void compare(String path, JsonNode stated, JsonNode expected, List<String> diffs) {
        if (stated == null || stated.isNull()) {
            if (expected != null && !expected.isNull()) {
                diffs.add(label(path) + ": missing, the rules give " + text(expected));
            }
            return;
        }
        if (expected == null || expected.isNull()) {
            diffs.add(label(path) + ": the plan states " + text(stated) + ", the rules give nothing");
            return;
        }
        if (stated.isObject() && expected.isObject()) {
            Set<String> names = new java.util.LinkedHashSet<>();
            stated.propertyNames().forEach(names::add);
            expected.propertyNames().forEach(names::add);
            for (String n : names) {
                compare(path.isEmpty() ? n : path + "." + n, stated.get(n), expected.get(n), diffs);
            }
        } else if (stated.isArray() && expected.isArray()) {
            if (stated.size() != expected.size()) {
                diffs.add(label(path) + ": " + stated.size() + " entries, the rules give " + expected.size());
            }
            Iterator<JsonNode> x = stated.iterator();
            Iterator<JsonNode> y = expected.iterator();
            for (int i = 0; x.hasNext() && y.hasNext(); i++) {
                compare(path + "[" + i + "]", x.next(), y.next(), diffs);
            }
        } else if (stated.isNumber() && expected.isNumber()) {
            // The plan writes each number to its precision (cents, four decimals, a price as given) and the rules
            // give it to the same: any difference in a stated digit is a difference, none is tolerated.
            BigDecimal s = stated.decimalValue();
            BigDecimal e = expected.decimalValue();
            if (s.compareTo(e) != 0) {
                diffs.add(label(path) + ": the plan states " + s.toPlainString() + ", the rules give " + e.toPlainString());
            }
        } else if (!stated.equals(expected)) {
            diffs.add(label(path) + ": the plan states " + text(stated) + ", the rules give " + text(expected));
        }
    }

    private static String label(String path) {
        return path.isEmpty() ? "plan" : path;
    }

    private static String text(JsonNode n) {
        return n.isString() ? "\"" + n.asString() + "\"" : n.toString();
    }
}
