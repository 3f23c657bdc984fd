package io.gpuplan.catalog;

import java.util.List;

/**
 * One row of the bundled {@code gpu_offers.csv}: an instance type in a region, priced per instance-hour in USD.
 *
 * @param accelerator     the catalog's accelerator name (e.g. A100-80GB, H100), as SOURCES.md §3 normalised it
 * @param spotPerHour     null where no spot price was read
 * @param gpuMemoryGb     per GPU, as the source reports it (SkyPilot: MiB / 1024)
 * @param onDemandSource  the source of the on-demand price
 * @param spotSource      the source of the spot price (AWS spot comes from SkyPilot, its on-demand from vantage)
 */
public record CatalogRow(String provider, String region, String instanceType, String accelerator, int gpusPerInstance,
                         double onDemandPerHour, Double spotPerHour, double gpuMemoryGb, CatalogSource onDemandSource,
                         CatalogSource spotSource, String sourceText, List<Flag> flags) {
    public static final String CURRENCY = "USD";

    public double onDemandPerGpuHour() {
        return onDemandPerHour / gpusPerInstance;
    }

    public Double spotPerGpuHour() {
        return spotPerHour == null ? null : spotPerHour / gpusPerInstance;
    }

    /** "aws us-east-1 p4d.24xlarge": how messages and the plan name the row. */
    public String label() {
        return provider + " " + (region.isBlank() ? "(no region)" : region) + " " + instanceType;
    }
}
