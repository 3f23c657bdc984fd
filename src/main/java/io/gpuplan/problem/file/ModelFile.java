package io.gpuplan.problem.file;

import io.gpuplan.problem.Precision;
import io.gpuplan.problem.yaml.Required;

public record ModelFile(@Required Double paramsB, Precision precision) {
}
