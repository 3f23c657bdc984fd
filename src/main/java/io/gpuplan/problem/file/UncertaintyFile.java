package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;
import java.util.Map;

/** R32: uncertainty stated for the whole problem: a price factor per provider (spot drift, a moving CNY). */
public record UncertaintyFile(@Doc("price factor range per provider, e.g. aliyun: {priceRange: {p10: 0.95, p90: 1.1}}")
                              Map<String, ProviderUncertaintyFile> byProvider) {
}
