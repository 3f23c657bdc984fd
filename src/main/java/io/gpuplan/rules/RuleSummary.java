package io.gpuplan.rules;

import java.util.List;

/**
 * One constraint of the model as the plain-loop checks score it.
 *
 * @param level   hard, medium or soft
 * @param impact  the (negative or zero) score contribution at that level
 * @param binding what drives it: jobs, offers, slots or budgets at their limit, or the largest contributors
 */
public record RuleSummary(String constraint, String level, int matches, long impact, List<String> binding) {
    public String impactText() {
        return impact + level;
    }
}
