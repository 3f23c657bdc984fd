package io.gpuplan.problem.file;

import io.gpuplan.problem.yaml.Required;
import java.util.List;
import java.util.Map;

/** A problem file exactly as written (PROBLEM-FORMAT.md); null means "not given, use the default". */
public record ProblemFile(@Required String name, @Required HorizonFile horizon, String currency,
                          Map<String, Double> exchangeRates, Double memoryHeadroom,
                          Map<String, List<String>> jurisdictionGroups, BudgetFile budget, TransferFile transfer, StorageFile storage,
                          ReservationsFile reservations,
                          List<AcceleratorFile> accelerators, @Required List<OfferFile> offers,
                          @Required List<JobFile> jobs, Map<String, ProviderFile> providers,
                          Integer maxProviders, PreviousFile previous,
                          UncertaintyFile uncertainty) {
}
