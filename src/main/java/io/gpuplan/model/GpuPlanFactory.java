package io.gpuplan.model;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.List;

/** Builds the planning solution from a problem and its enumerated options. */
public final class GpuPlanFactory {
    private GpuPlanFactory() {
    }

    public static GpuPlan create(Problem problem, List<JobOptions> jobOptions) {
        List<JobAssignment> assignments = new ArrayList<>();
        for (JobOptions jo : jobOptions) {
            int first = jo.options().stream().mapToInt(Option::earliestStart).min()
                    .orElse(problem.horizon().slotAtOrAfter(problem.horizon().hoursFromStart(jo.job().earliest())));
            int last = jo.options().stream().mapToInt(Option::latestStart).max().orElse(first);
            assignments.add(new JobAssignment(jo.job(), jo.options(), first, last, problem.horizon().slots()));
        }
        return new GpuPlan(problem, reservedPools(problem), totalBudgets(problem),
                providerBudgets(problem), assignments);
    }

    public static List<ReservedPool> reservedPools(Problem problem) {
        return problem.offers().stream().filter(Offer::isCommitted)
                .map(o -> new ReservedPool(o, problem.horizon())).toList();
    }

    public static List<TotalBudget> totalBudgets(Problem problem) {
        Double total = problem.budget().total();
        return total == null ? List.of() : List.of(new TotalBudget(Money.cents(total)));
    }

    public static List<ProviderBudget> providerBudgets(Problem problem) {
        return problem.budget().byProvider().entrySet().stream()
                .sorted(java.util.Map.Entry.comparingByKey())
                .map(e -> new ProviderBudget(e.getKey(), Money.cents(e.getValue()))).toList();
    }

    /** R27: the overhead of each provider the problem names under {@code providers}. */
    public static List<ProviderOverheadFact> providerOverheads(Problem problem) {
        return problem.overheads().byProvider().values().stream()
                .map(o -> new ProviderOverheadFact(o.provider(), o.fixedCents(), o.supportRate(),
                        o.supportMinimumCents(problem.horizon()))).toList();
    }

    public static List<ProviderLimit> providerLimits(Problem problem) {
        Integer max = problem.overheads().maxProviders();
        return max == null ? List.of() : List.of(new ProviderLimit(max));
    }
}
