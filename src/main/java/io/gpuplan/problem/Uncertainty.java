package io.gpuplan.problem;

import java.util.Map;
import java.util.TreeMap;

/**
 * R32: what the problem leaves uncertain, by id; a job, offer or provider absent here is certain.
 *
 * @param demand         per job id
 * @param price          price factor per offer id
 * @param providerPrice  price factor per provider (multiplies the offer's own)
 * @param interruptions  per spot offer id: the factor range is on interruptionsPerDay itself (rates, not factors)
 */
public record Uncertainty(Map<String, Demand> demand, Map<String, Range> price, Map<String, Range> providerPrice,
                          Map<String, Range> interruptions) {
    public static final Uncertainty NONE = new Uncertainty(Map.of(), Map.of(), Map.of(), Map.of());

    public Uncertainty {
        demand = java.util.Collections.unmodifiableMap(new TreeMap<>(demand));
        price = java.util.Collections.unmodifiableMap(new TreeMap<>(price));
        providerPrice = java.util.Collections.unmodifiableMap(new TreeMap<>(providerPrice));
        interruptions = java.util.Collections.unmodifiableMap(new TreeMap<>(interruptions));
    }

    public boolean none() {
        return demand.isEmpty() && price.isEmpty() && providerPrice.isEmpty() && interruptions.isEmpty();
    }
}
