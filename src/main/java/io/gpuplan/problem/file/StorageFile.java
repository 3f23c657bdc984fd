package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;
import java.util.Map;

/**
 * R26 storage prices per GB-month in the base currency, keyed by provider or provider/region (the region key wins);
 * they override the catalog's dated list prices. The section's presence charges storage for every dataset.
 */
public record StorageFile(@Doc("per GB-month prices by tier, keyed by provider or provider/region (region key wins)")
                          Map<String, PricesFile> byProvider) {
    public record PricesFile(@Doc("per GB-month, block storage on SSD") Double hot,
                             @Doc("per GB-month, archive") Double cold) {
    }
}
