package io.gpuplan.cli;

import io.gpuplan.output.PlanVerifier;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The frontier's monotone pass: which smaller budget's plan beats a budget's own under that budget's problem. */
final class FrontierPass {
    /** R23's order: fewer hard breaks, then less unplanned priority, then less cost. */
    static final Comparator<Evaluation> BETTER_FIRST = Comparator.comparingLong(Evaluation::hardPenalty)
            .thenComparingLong(Evaluation::unplannedPriority).thenComparingLong(Evaluation::costCents);

    private FrontierPass() {
    }

    /**
     * The earlier point (index below {@code j}, a smaller budget) whose plan, evaluated under {@code problem} (point
     * j's), is feasible and strictly better than point j's own plan there; the best such, the smallest index among
     * equals; -1 when none (or when a plan is missing: a failed point is reported, not compared).
     */
    static int betterEarlier(Problem problem, List<ScenarioRun.Outcome> outcomes, int j) {
        Evaluation best = evaluate(problem, outcomes.get(j));
        if (best == null) {
            return -1;
        }
        int pick = -1;
        for (int i = 0; i < j; i++) {
            Evaluation e = evaluate(problem, outcomes.get(i));
            if (e != null && e.feasible() && BETTER_FIRST.compare(e, best) < 0) {
                best = e;
                pick = i;
            }
        }
        return pick;
    }

    /** The outcome's plan under {@code problem}, by the rule checks; null when it has none or it does not fit. */
    static Evaluation evaluate(Problem problem, ScenarioRun.Outcome o) {
        if (o.plan() == null) {
            return null;
        }
        List<String> problems = new ArrayList<>();
        var decisions = PlanVerifier.decisions(problem, o.plan(), problems);
        return problems.isEmpty() ? PlanEvaluator.evaluate(problem, decisions) : null;
    }

    /** The plan file's text, as written: what a later budget's task starts from. */
    static String planText(ScenarioRun.Outcome o) {
        try {
            return Files.readString(o.planFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
