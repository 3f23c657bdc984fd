package io.gpuplan.problem.file;

import io.gpuplan.problem.FineTuneMethod;
import io.gpuplan.problem.JobKind;
import io.gpuplan.problem.Stack;
import io.gpuplan.problem.yaml.Required;
import java.time.LocalDate;
import java.util.List;

public record JobFile(@Required String id, @Required JobKind kind, ModelFile model, FineTuneMethod method,
                      Double memoryGb, Double tokens, Double flops, WorkFile work, Double utilization,
                      GpusFile gpus, LocalDate earliest, LocalDate deadline, Integer replicas,
                      Integer maxGpusPerReplica, WindowFile window, Boolean interruptible, Double checkpointHours,
                      Double restartHours, Double deadlineConfidence, List<String> residency, List<String> vendors,
                      Stack stack, MigrationFile migration, DatasetFile dataset, Integer priority,
                      @io.gpuplan.problem.yaml.Doc("R32: uncertain demand for gpuplan sweep; plain solves ignore it") DemandFile demand) {
}
