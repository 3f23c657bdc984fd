package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;
import io.gpuplan.problem.yaml.Required;

/** R32: one provider's price uncertainty. */
public record ProviderUncertaintyFile(@Required @Doc("factor on every price of the provider's offers, p10/p90")
                                      RangeFile priceRange) {
}
