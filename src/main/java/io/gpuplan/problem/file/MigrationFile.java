package io.gpuplan.problem.file;

import io.gpuplan.problem.Stack;
import io.gpuplan.problem.yaml.Required;

public record MigrationFile(@Required Stack to, Double cost, Double weeks, Double performance) {
}
