package io.gpuplan.problem.file;

import java.util.Map;

/** R19 rates; {@code byProvider} overrides them for data leaving that provider. */
public record TransferFile(Double crossRegionPerGb, Double crossProviderPerGb, Map<String, RatesFile> byProvider) {
    public record RatesFile(Double crossRegionPerGb, Double crossProviderPerGb) {
    }
}
