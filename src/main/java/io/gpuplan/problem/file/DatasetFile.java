package io.gpuplan.problem.file;

import io.gpuplan.problem.StorageTier;
import io.gpuplan.problem.yaml.Doc;
import io.gpuplan.problem.yaml.Required;

public record DatasetFile(@Required Double sizeGb, @Required String location,
                          @Doc("R26: storage tier it is kept at (hot = block/SSD, cold = archive); stating it charges"
                                  + " storage, default hot when the problem has a storage: section, else none")
                          StorageTier tier) {
}
