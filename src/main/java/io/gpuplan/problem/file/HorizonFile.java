package io.gpuplan.problem.file;

import io.gpuplan.problem.SlotLength;
import io.gpuplan.problem.yaml.Required;
import java.time.LocalDate;

public record HorizonFile(@Required LocalDate start, @Required LocalDate end, SlotLength slot) {
}
