package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;
import io.gpuplan.problem.yaml.Required;

/** R32: an uncertain factor as written, by two quantiles (log-normal through them). */
public record RangeFile(@Required @Doc("the factor's 10th percentile, > 0") Double p10,
                        @Required @Doc("the factor's 90th percentile, >= p10") Double p90) {
}
