package io.gpuplan.sizing;

/**
 * Sizing was stopped before every job had its options (the solve's time limit ran out): there is no plan to write.
 *
 * @param sized jobs whose options were complete when it stopped
 */
public final class SizingStopped extends RuntimeException {
    private final int sized;
    private final int jobs;

    public SizingStopped(int sized, int jobs) {
        super("stopped after sizing " + sized + " of " + jobs + " jobs");
        this.sized = sized;
        this.jobs = jobs;
    }

    public int sized() {
        return sized;
    }

    public int jobs() {
        return jobs;
    }
}
