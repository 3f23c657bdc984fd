package io.gpuplan.sweep;

/** R32.5: what the recommendation minimises: the expected cost, or the P90 cost (a bad quarter's). */
public enum Objective {
    EXPECTED("expected cost"), P90("P90 cost");

    private final String label;

    Objective(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
