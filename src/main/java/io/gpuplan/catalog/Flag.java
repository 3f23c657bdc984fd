package io.gpuplan.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Known anomalies of the catalog data (SOURCES.md §3, §5, §9). The data is kept as read; rows that show an anomaly
 * carry its flag into listings and into the plan's price sources, so nobody mistakes a "catalog says" figure for a
 * list price.
 */
public enum Flag {
    SPOT_NOT_BELOW_ON_DEMAND("spot-not-below-od", "the spot price is not below on-demand (many AWS zones quote spot equal to"
            + " on-demand, likely no discounted quote; some GCP H100/H200 rows have spot above on-demand), SOURCES.md §5, §7"),
    GCP_REGIONAL_SPREAD("gcp-regional-spread", "GCP's GPU component is regionally inconsistent for high-end parts (e.g. H100"
            + " 4.20 vs 9.80 USD per GPU-hour, us-central1 vs us-east4): a 'catalog says' figure, not a list price, SOURCES.md §5"),
    GPU_ONLY_PRICE("gpu-only-price", "the price of an attachable GPU alone: a host VM (N1/G2) must be added for a full VM"
            + " price, SOURCES.md §3"),
    P4D_OLD_SEED_PRICE("p4d-old-seed-price", "the articles' p4d.24xlarge price of 32.77 USD per hour appears in no source"
            + " read (likely an older list price); this row is the price the sources give now, SOURCES.md §9"),
    AVAILABILITY_NOT_IMPLIED("availability-not-implied", "the provider lists every type in every region at one price:"
            + " availability is not implied, SOURCES.md §5"),
    NO_REGION("no-region", "the source gives no region for this row, so a problem cannot refer to it, SOURCES.md §3");

    /** GCP accelerators whose GPU component §5 names as regionally inconsistent. */
    private static final Set<String> GCP_SPREAD = Set.of("H100", "H200", "B200", "A100-80GB", "A100");

    private final String code;
    private final String meaning;

    Flag(String code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public String code() {
        return code;
    }

    public String meaning() {
        return meaning;
    }

    /** The flags of a row, by the rules stated in each flag's meaning. */
    static List<Flag> of(String provider, String region, String instanceType, String accelerator, double onDemand,
                         Double spot) {
        List<Flag> out = new ArrayList<>();
        if (spot != null && spot >= onDemand) {
            out.add(SPOT_NOT_BELOW_ON_DEMAND);
        }
        if (provider.equals("gcp") && GCP_SPREAD.contains(accelerator)) {
            out.add(GCP_REGIONAL_SPREAD);
        }
        if (instanceType.contains("gpu-only")) {
            out.add(GPU_ONLY_PRICE);
        }
        if (instanceType.equals("p4d.24xlarge")) {
            out.add(P4D_OLD_SEED_PRICE);
        }
        if (provider.equals("lambda") || provider.equals("oci")) {
            out.add(AVAILABILITY_NOT_IMPLIED);
        }
        if (region.isBlank()) {
            out.add(NO_REGION);
        }
        return List.copyOf(out);
    }
}
