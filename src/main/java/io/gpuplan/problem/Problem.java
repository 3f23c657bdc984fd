package io.gpuplan.problem;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A validated scenario: every reference resolved, every default applied.
 *
 * @param exchangeRates units of each currency per 1 unit of {@code currency} (R5)
 * @param accelerators  the accelerators the offers and jobs refer to, by canonical name
 * @param storage       R26 storage prices ({@link Storage#NONE} when no dataset is charged storage)
 * @param overheads     R27: fixed cost and support per provider used, and maxProviders
 */
public record Problem(String name, Horizon horizon, String currency, Map<String, Double> exchangeRates,
                      double memoryHeadroom, Budget budget, Transfer transfer, Storage storage,
                      Map<String, Accelerator> accelerators, List<Offer> offers, List<Job> jobs,
                      ProviderOverheads overheads) {
    public Problem {
        exchangeRates = Map.copyOf(exchangeRates);
        accelerators = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(accelerators));
        offers = List.copyOf(offers);
        jobs = List.copyOf(jobs);
        storage = storage == null ? Storage.NONE : storage;
        overheads = overheads == null ? ProviderOverheads.NONE : overheads;
    }

    public Optional<Offer> offer(String id) {
        return offers.stream().filter(o -> o.id().equals(id)).findFirst();
    }

    public Optional<Job> job(String id) {
        return jobs.stream().filter(j -> j.id().equals(id)).findFirst();
    }
}
