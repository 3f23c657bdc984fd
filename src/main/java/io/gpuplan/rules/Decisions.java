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
}
