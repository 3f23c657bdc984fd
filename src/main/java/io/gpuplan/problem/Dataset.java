package io.gpuplan.problem;

/** Where a job's data lives (R19): {@code provider/region}. */
public record Dataset(double sizeGb, String provider, String region) {
    public String location() {
        return provider + "/" + region;
    }
}
