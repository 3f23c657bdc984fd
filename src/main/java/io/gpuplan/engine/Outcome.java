package io.gpuplan.engine;

import java.io.Serializable;

/** What one task gave: its value, or why it failed for good (after the engine's retries). */
public record Outcome<R>(R value, String error) implements Serializable {
    public static <R> Outcome<R> ok(R value) {
        return new Outcome<>(value, null);
    }

    public static <R> Outcome<R> failed(String error) {
        return new Outcome<>(null, error);
    }

    public boolean failed() {
        return error != null;
    }
}
