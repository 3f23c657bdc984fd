package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Required;
import java.time.LocalDate;

public record WindowFile(@Required LocalDate start, @Required LocalDate end) {
}
