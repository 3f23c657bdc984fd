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

    /** The row's flags that concern a purchase model: "spot not below on-demand" only concerns spot. */
    public List<Flag> flagsFor(io.gpuplan.problem.PurchaseModel purchase) {
        return flags.stream().filter(f -> f != Flag.SPOT_NOT_BELOW_ON_DEMAND || purchase == io.gpuplan.problem.PurchaseModel.SPOT)
                .toList();
    }

    /** A price times a factor in decimal arithmetic, so a derived price reads as a hand calculation gives it. */
    public static double times(double price, double factor) {
        return new java.math.BigDecimal(Double.toString(price)).multiply(new java.math.BigDecimal(Double.toString(factor)),
                java.math.MathContext.DECIMAL64).doubleValue();
    }

    /** 1 - discount, exactly: 1 - 0.568 is 0.432, not 0.43199999999999994. */
    public static double oneMinus(double discount) {
        return java.math.BigDecimal.ONE.subtract(new java.math.BigDecimal(Double.toString(discount))).doubleValue();
    }

    /** "aws us-east-1 p4d.24xlarge": how messages and the plan name the row. */
    public String label() {
        return provider + " " + (region.isBlank() ? "(no region)" : region) + " " + instanceType;
    }
}
