package io.gpuplan.problem;

/**
 * Where a job's data lives (R19): {@code provider/region}.
 *
 * @param tier the storage tier R26 charges it at, or null when no storage is charged for it (the dataset states no
 *             tier and the problem has no {@code storage:} section)
 */
public record Dataset(double sizeGb, String provider, String region, StorageTier tier) {
    public Dataset(double sizeGb, String provider, String region) {
        this(sizeGb, provider, region, null);
    }

    public String location() {
        return provider + "/" + region;
    }

    /** Whether R26 charges storage for it. */
    public boolean stored() {
        return tier != null;
    }
}
