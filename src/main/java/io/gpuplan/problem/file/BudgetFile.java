package io.gpuplan.problem.file;

import java.util.Map;

public record BudgetFile(Double total, Map<String, Double> byProvider) {
}
