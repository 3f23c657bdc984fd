package io.gpuplan.rules;

import java.util.List;
import java.util.Map;

/**
 * The decisions a plan makes, and nothing derived from them: the placements of planned jobs (a job without one is
 * unplanned) and the GPUs reserved per reserved offer id (absent means 0).
 */
public record Decisions(List<Placement> placements, Map<String, Integer> reservations) {
    public Decisions {
        placements = List.copyOf(placements);
        reservations = Map.copyOf(reservations);
    }

    /**
     * These decisions with every fixed offer of {@code problem} (R32.8, {@code committedGpus}) buying its level: what
     * any plan of such a problem buys, whatever its jobs use (a baseline, a solve form's plan lifted back).
     */
    public Decisions withFixedLevels(io.gpuplan.problem.Problem problem) {
        if (problem.offers().stream().noneMatch(io.gpuplan.problem.Offer::isFixed)) {
            return this;
        }
        Map<String, Integer> levels = new java.util.TreeMap<>(reservations);
        problem.offers().stream().filter(io.gpuplan.problem.Offer::isFixed).forEach(o -> levels.put(o.id(), o.committedGpus()));
        return new Decisions(placements, levels);
    }
}
