package io.gpuplan.sweep;

import java.io.Serializable;
import java.util.List;
import java.util.TreeMap;

/**
 * R32.3: a commitment to evaluate on every scenario: GPUs per committed offer, and the rules that proposed it.
 *
 * @param labels why it is a candidate, e.g. "median scenario's own", "P75 of the levels"
 */
public record Candidate(TreeMap<String, Integer> levels, List<String> labels) implements Serializable {
    public int totalGpus() {
        return levels.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** "16 GPUs on a, 8 on b", "nothing committed". */
    public String describe() {
        List<String> parts = levels.entrySet().stream().filter(e -> e.getValue() > 0)
                .map(e -> e.getValue() + " on " + e.getKey()).toList();
        if (parts.isEmpty()) {
            return "nothing committed";
        }
        return parts.size() == 1 ? parts.get(0).replaceFirst(" on ", " GPUs on ")
                : parts.get(0).replaceFirst(" on ", " GPUs on ") + ", " + String.join(", ", parts.subList(1, parts.size()));
    }
}
