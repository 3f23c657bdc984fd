package io.gpuplan.rules;

import io.gpuplan.sizing.Rule;

/**
 * One hard rule broken by a plan.
 *
 * @param subject what breaks it: a job id, an offer id, "budget", ...
 * @param amount  how far, in the units the score counts (see {@link io.gpuplan.sizing.Penalties})
 */
public record Violation(Rule rule, String subject, long amount, String detail) {
    @Override
    public String toString() {
        return rule + " " + rule.title() + " (" + subject + "): " + detail;
    }
}
