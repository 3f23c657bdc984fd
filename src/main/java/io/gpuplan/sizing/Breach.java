package io.gpuplan.sizing;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Why a job cannot run on an offer at a GPU count: the rule and the numbers behind it. The reason is written when
 * first asked for: sizing a large quarter breaks rules millions of times and shows a handful of the reasons, and
 * formatting them all was most of the time {@code verify} took.
 */
public final class Breach {
    private final Rule rule;
    private Supplier<String> pending;
    private String reason;

    public Breach(Rule rule, String reason) {
        this.rule = Objects.requireNonNull(rule);
        this.reason = Objects.requireNonNull(reason);
    }

    /** A breach whose reason is formatted on first use (once: the numbers it reads never change). */
    public Breach(Rule rule, Supplier<String> reason) {
        this.rule = Objects.requireNonNull(rule);
        this.pending = Objects.requireNonNull(reason);
    }

    public Rule rule() {
        return rule;
    }

    public synchronized String reason() {
        if (reason == null) {
            reason = pending.get();
            pending = null;
        }
        return reason;
    }

    /** Whether the reason has been written yet (for the tests of the work sizing does). */
    synchronized boolean written() {
        return reason != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Breach b && rule == b.rule && reason().equals(b.reason());
    }

    @Override
    public int hashCode() {
        return rule.hashCode() * 31 + reason().hashCode();
    }

    @Override
    public String toString() {
        return rule + " " + rule.title() + ": " + reason();
    }
}
