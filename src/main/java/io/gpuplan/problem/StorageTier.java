package io.gpuplan.problem;

/** R26: where a dataset is kept — hot (block storage, SSD) or cold (archive). */
public enum StorageTier {
    HOT, COLD;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
