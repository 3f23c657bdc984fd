package io.gpuplan.problem.file;

import io.gpuplan.problem.PurchaseModel;
import io.gpuplan.problem.yaml.Required;

public record OfferFile(@Required String id, @Required String provider, @Required String region,
                        @Required String jurisdiction, @Required String accelerator, @Required PurchaseModel purchase,
                        @Required Double price, String currency, Integer gpusPerInstance, Integer maxGpus,
                        Double crossNodeEfficiency, Double interruptionsPerDay, Integer termMonths) {
}
