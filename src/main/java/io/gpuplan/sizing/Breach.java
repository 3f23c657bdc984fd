package io.gpuplan.sizing;

/** Why a job cannot run on an offer at a GPU count: the rule and the numbers behind it. */
public record Breach(Rule rule, String reason) {
    @Override
    public String toString() {
        return rule + " " + rule.title() + ": " + reason;
    }
}
