package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Doc;

/** R32: a job's uncertain demand as written. */
public record DemandFile(@Doc("probability 0..1 that the job happens this horizon, default 1") Double probability,
                         @Doc("factor on the job's work (or replicas' window for serving: none), p10/p90, default 1")
                         RangeFile workFactor) {
}
