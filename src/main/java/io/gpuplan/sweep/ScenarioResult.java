package io.gpuplan.sweep;

import java.io.Serializable;
import java.util.TreeMap;

/**
 * R32: what one scenario solve gave, in cents of the base currency.
 *
 * @param costCents          the plan's cost as the rules compute it, with the fixed commitments' R18/R28/R29 added
 * @param unplannedPriority  summed priority of the jobs the plan leaves out (R23)
 * @param strandedCents      R29 plus the committed GPU-hours left idle within the horizon
 * @param commitments        GPUs bought per committed offer id (stage 1) or fixed (stage 2)
 * @param jobs               jobs the scenario has
 */
public record ScenarioResult(int scenario, int candidate, long costCents, long unplannedPriority, long strandedCents,
                             boolean feasible, int jobs, TreeMap<String, Integer> commitments) implements Serializable {
}
