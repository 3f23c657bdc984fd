package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Required;

public record DatasetFile(@Required Double sizeGb, @Required String location) {
}
