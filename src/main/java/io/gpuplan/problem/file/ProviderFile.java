package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;

/** R27: a provider's overhead as written under {@code providers.<name>}. */
public record ProviderFile(@Doc("once per horizon when the plan uses the provider at all (base currency); default 0")
                           Double fixedCost,
                           @Doc("support plan: rate × what the provider bills, at least minimum per month") SupportFile support) {
    public record SupportFile(@Doc("share of the provider's spend, 0..1; default 0") Double rate,
                              @Doc("least charge per month (730 h) in the base currency; default 0") Double minimum) {
    }
}
