package io.gpuplan.output.report;

import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.Totals;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Cost by provider × purchase model. The plan file has each breakdown on its own, not the cross table, so the
 * cells come from the evaluation's cost lines, grouped exactly as the plan's totals group them (who bills a line,
 * R22; purchase model, or transfer / migration). Provider totals are the plan's own.
 */
record ProviderMix(List<String> providers, List<String> categories, Map<String, Map<String, BigDecimal>> cells,
                   Map<String, BigDecimal> totals) {

    static ProviderMix of(ReportInput in) {
        Map<String, List<CostLine>> byProvider = new TreeMap<>();
        for (CostLine l : in.evaluation().costLines()) {
            byProvider.computeIfAbsent(l.provider() == null ? Totals.INTERNAL : l.provider(), k -> new ArrayList<>()).add(l);
        }
        Map<String, Map<String, BigDecimal>> cells = new LinkedHashMap<>();
        List<String> categories = new ArrayList<>();
        byProvider.forEach((provider, lines) -> {
            Map<String, BigDecimal> row = new LinkedHashMap<>();
            Totals.of(lines).byPurchaseModel().forEach((category, cents) -> {
                if (cents != 0) {
                    row.put(category, BigDecimal.valueOf(cents, 2));
                }
            });
            if (!row.isEmpty()) {
                cells.put(provider, row);
            }
        });
        cells.values().forEach(row -> row.keySet().forEach(c -> {
            if (!categories.contains(c)) {
                categories.add(c);
            }
        }));
        categories.sort(Comparator.comparingInt(c -> Colors.CATEGORIES.contains(c) ? Colors.CATEGORIES.indexOf(c) : 99));
        Map<String, BigDecimal> planTotals = in.plan().totals().byProvider() == null ? Map.of() : in.plan().totals().byProvider();
        Map<String, BigDecimal> totals = new LinkedHashMap<>();
        cells.forEach((p, row) -> totals.put(p, planTotals.getOrDefault(p,
                row.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add))));
        List<String> providers = totals.keySet().stream()
                .sorted(Comparator.comparing((String p) -> totals.get(p)).reversed().thenComparing(p -> p)).toList();
        return new ProviderMix(providers, List.copyOf(categories), cells, totals);
    }

    BigDecimal cell(String provider, String category) {
        return cells.getOrDefault(provider, Map.of()).getOrDefault(category, BigDecimal.ZERO);
    }
}
