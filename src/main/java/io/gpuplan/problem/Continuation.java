package io.gpuplan.problem;

/**
 * R31.2: a job of the previous plan still running at this horizon's start (it started before it and ended at or
 * after it), by the id the new problem lists it under.
 *
 * @param offer      the offer it ran on in the previous plan
 * @param billedGpus the GPUs it was billed for there
 * @param provider   the offer's provider: its data sits there now (R19's source for a continuing job)
 * @param region     the offer's region
 */
public record Continuation(String job, String offer, int billedGpus, String provider, String region) {
    public String location() {
        return provider + "/" + region;
    }
}
