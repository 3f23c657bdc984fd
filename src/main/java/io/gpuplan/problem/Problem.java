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
 * @param previous      R31: the previous plan this problem continues ({@link Previous#NONE} when none)
 * @param uncertainty   R32: what gpuplan sweep samples ({@link Uncertainty#NONE} when nothing is uncertain)
 */
public record Problem(String name, Horizon horizon, String currency, Map<String, Double> exchangeRates,
                      double memoryHeadroom, Budget budget, Transfer transfer, Storage storage,
                      Map<String, Accelerator> accelerators, List<Offer> offers, List<Job> jobs,
                      ProviderOverheads overheads, Previous previous, Uncertainty uncertainty) {
    /** A problem with nothing uncertain (R32). */
    public Problem(String name, Horizon horizon, String currency, Map<String, Double> exchangeRates,
                   double memoryHeadroom, Budget budget, Transfer transfer, Storage storage,
                   Map<String, Accelerator> accelerators, List<Offer> offers, List<Job> jobs,
                   ProviderOverheads overheads, Previous previous) {
        this(name, horizon, currency, exchangeRates, memoryHeadroom, budget, transfer, storage, accelerators, offers,
                jobs, overheads, previous, Uncertainty.NONE);
    }

    /** A problem that continues no previous plan. */
    public Problem(String name, Horizon horizon, String currency, Map<String, Double> exchangeRates,
                   double memoryHeadroom, Budget budget, Transfer transfer, Storage storage,
                   Map<String, Accelerator> accelerators, List<Offer> offers, List<Job> jobs,
                   ProviderOverheads overheads) {
        this(name, horizon, currency, exchangeRates, memoryHeadroom, budget, transfer, storage, accelerators, offers,
                jobs, overheads, Previous.NONE);
    }

    public Problem {
        exchangeRates = Map.copyOf(exchangeRates);
        accelerators = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(accelerators));
        offers = List.copyOf(offers);
        jobs = List.copyOf(jobs);
        storage = storage == null ? Storage.NONE : storage;
        overheads = overheads == null ? ProviderOverheads.NONE : overheads;
        previous = previous == null ? Previous.NONE : previous;
        uncertainty = uncertainty == null ? Uncertainty.NONE : uncertainty;
    }

    /** R32: one scenario of this problem: other offers and jobs, nothing uncertain left. */
    public Problem scenario(List<Offer> offers, List<Job> jobs) {
        return new Problem(name, horizon, currency, exchangeRates, memoryHeadroom, budget, transfer, storage,
                accelerators, offers, jobs, overheads, previous, Uncertainty.NONE);
    }

    /** The same problem with other offers and a previous plan (R31 adds the carried offers). */
    public Problem withPrevious(List<Offer> offers, Previous previous) {
        return new Problem(name, horizon, currency, exchangeRates, memoryHeadroom, budget, transfer, storage,
                accelerators, offers, jobs, overheads, previous, uncertainty);
    }

    public Optional<Offer> offer(String id) {
        return offers.stream().filter(o -> o.id().equals(id)).findFirst();
    }

    public Optional<Job> job(String id) {
        return jobs.stream().filter(j -> j.id().equals(id)).findFirst();
    }
}
