package io.gpuplan.solve;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.CapacityFit;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The exact optimum of a small problem by branch and bound over every job's options and starts (or leaving it
 * unplanned): feasible first, then least unplanned priority, then least cost, as R23 orders plans; or the cheapest
 * plan that leaves at most a given priority unplanned. Reservations and owned GPUs are bought at each pool's peak, as the model
 * does. For tests on instances of a few jobs and slots.
 */
public final class ExhaustiveSearch {
    private final Problem problem;
    private final List<JobOptions> jobs;
    private final long[] cheapestAfter;
    private final Map<String, int[]> used = new HashMap<>();
    private final List<Placement> current = new ArrayList<>();
    private Evaluation best;
    /** When set, plans may leave at most this much priority unplanned and only cost counts. */
    private final long maxUnplanned;

    private ExhaustiveSearch(Problem problem, List<JobOptions> jobs, long maxUnplanned) {
        this.maxUnplanned = maxUnplanned;
        this.problem = problem;
        this.jobs = jobs;
        cheapestAfter = new long[jobs.size() + 1];
        for (int j = jobs.size() - 1; j >= 0; j--) {
            // What planning job j adds at least: its cheapest own cost (a reserved pool may already be paid for; pools,
            // R18 and R29 alike, are priced at the leaf and never below 0, so leaving them out keeps this a bound).
            cheapestAfter[j] = cheapestAfter[j + 1] + jobs.get(j).options().stream().mapToLong(Option::totalCents).min().orElse(0);
        }
        problem.offers().forEach(o -> used.put(o.id(), new int[problem.horizon().slots()]));
    }

    /**
     * A random quarter small enough to search exhaustively: 3-4 jobs of 8-16 A100s over 10 daily slots, on four
     * offers (capped on-demand, a reserved pool, spot, a dearer H100), sometimes owned cards (R28), sometimes with budgets,
     * sometimes with R27 provider overhead (fixed cost, support, maxProviders).
     */
    public static String randomInstance(java.util.Random r) {
        StringBuilder sb = new StringBuilder("""
                name: small
                horizon: {start: 2027-01-01, end: 2027-01-11}
                """);
        if (r.nextBoolean()) {
            sb.append("budget: {total: ").append(3_000 + r.nextInt(6_000)).append(r.nextBoolean() ? ", byProvider: {aws: 4000}" : "").append("}\n");
        }
        sb.append("offers:\n");
        sb.append("  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: ")
                .append(2 + r.nextInt(3)).append(", gpusPerInstance: 8, maxGpus: ").append(8 * (1 + r.nextInt(3))).append("}\n");
        sb.append("  - {id: ri, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: ")
                .append(1 + r.nextInt(2)).append(".5, gpusPerInstance: 8, maxGpus: 16")
                // R29: a term past the 10 days, with the use after it by default (utilization) or stated.
                .append(", termMonths: ").append(List.of(1, 12, 36).get(r.nextInt(3)))
                .append(r.nextBoolean() ? "" : ", expectedUseAfterHorizon: " + List.of("0", "0.5", "1").get(r.nextInt(3))).append("}\n");
        sb.append("  - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: spot, price: 1.2,")
                .append(" gpusPerInstance: 8, maxGpus: 8, interruptionsPerDay: 0.3}\n");
        sb.append("  - {id: h100, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: on-demand, price: ")
                .append(4 + r.nextInt(3)).append(", gpusPerInstance: 8, maxGpus: 8}\n");
        boolean owned = r.nextBoolean();
        if (owned) {
            // R28: owned cards, new supply every bound must count. Depreciation 8760 × k / 12 months = 730 × k per
            // GPU-month = k per GPU-hour; operations 0-0.3 per GPU-hour; power 0.7 kW × 1.5 × 0.2 = 0.21 per GPU-hour.
            sb.append("  - {id: own, provider: onprem, region: rack, jurisdiction: US, accelerator: A100-80G, purchase: owned,")
                    .append(" purchasePrice: ").append(8760 * (1 + r.nextInt(2))).append(", depreciationMonths: 12,")
                    .append(" operationsPerGpuMonth: ").append(73 * r.nextInt(4)).append(", powerKw: 0.7, pue: 1.5, electricityPricePerKwh: 0.2,")
                    .append(" leadTimeWeeks: ").append(r.nextBoolean() ? "0" : "0.5").append(", gpusPerInstance: 8, maxGpus: ")
                    .append(8 * (1 + r.nextInt(2))).append("}\n");
        }
        // R26: lambda (and the owned cards' rack) have no catalog storage price; aws and gcp take the catalog's.
        sb.append("storage: {byProvider: {lambda: {hot: 0.2, cold: 0.004}")
                .append(owned ? ", onprem: {hot: 0.1, cold: 0.002}" : "").append("}}\n");
        sb.append("jobs:\n");
        int jobs = 3 + r.nextInt(2);
        for (int j = 0; j < jobs; j++) {
            int earliest = r.nextInt(4);
            int deadline = Math.min(10, earliest + 3 + r.nextInt(6));
            sb.append("  - {id: j").append(j).append(", kind: training, memoryGb: 100, work: {gpuHours: ").append(100 + r.nextInt(400))
                    .append(", accelerator: A100-80G}, gpus: {min: 8, max: 16}, earliest: 2027-01-0").append(1 + earliest)
                    .append(", deadline: 2027-01-").append(String.format("%02d", 1 + deadline)).append(", interruptible: ").append(r.nextBoolean())
                    .append(r.nextBoolean() ? "" : ", dataset: {sizeGb: " + (1000 + r.nextInt(50_000)) + ", location: "
                            + (r.nextBoolean() ? "aws/us-east-1" : "gcp/us-central1") + ", tier: " + (r.nextBoolean() ? "hot" : "cold") + "}")
                    .append(", priority: ").append(1 + r.nextInt(5)).append("}\n");
        }
        if (r.nextBoolean()) {
            // R27: a fixed cost and a support plan for some providers, sometimes a limit on how many are used.
            sb.append("providers:\n");
            for (String provider : List.of("aws", "gcp", "lambda")) {
                if (r.nextInt(3) > 0) {
                    sb.append("  ").append(provider).append(": {fixedCost: ").append(100 * r.nextInt(8))
                            .append(", support: {rate: ").append(List.of("0", "0.05", "0.1", "0.125").get(r.nextInt(4)))
                            .append(", minimum: ").append(25 * r.nextInt(5)).append("}}\n");
                }
            }
            if (r.nextInt(3) == 0) {
                sb.append("maxProviders: ").append(1 + r.nextInt(2)).append('\n');
            }
        }
        // R30: a capacity block offer, drawn last so that the instances drawn before it stay as they were. Its lengths
        // sometimes leave a job without a block long enough; its idle tail makes it dearer than its rate suggests.
        if (r.nextBoolean()) {
            String block = "  - {id: blk, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: block,"
                    + " price: " + (1 + r.nextInt(3)) + ".2, gpusPerInstance: 8, maxGpus: " + 8 * (1 + r.nextInt(2))
                    + ", blockDays: " + List.of("[1, 2, 3, 7]", "[2, 5]", "[4]", "[1, 2, 3, 4, 5, 6, 7, 14]").get(r.nextInt(4)) + "}\n";
            sb.insert(sb.indexOf("offers:\n") + "offers:\n".length(), block);
        }
        return sb.toString();
    }

    /**
     * The most leaves a test's instance may have: a few seconds of search on 2 cores. The random quarters' trees span
     * three decades (thousands to millions of leaves); the few largest took most of the suite's time.
     */
    public static final long MOST_LEAVES = 1_000_000;

    /** How many leaves the search tree has before pruning: per job, each option at each start, or unplanned. */
    public static long leaves(List<JobOptions> options) {
        long leaves = 1;
        for (JobOptions jo : options) {
            long branches = 1;
            for (Option o : jo.options()) {
                branches += o.latestStart() - o.earliestStart() + 1;
            }
            leaves = branches > Long.MAX_VALUE / leaves ? Long.MAX_VALUE : leaves * branches;
        }
        return leaves;
    }

    /** The optimal plan's evaluation. */
    public static Evaluation optimum(Problem problem, List<JobOptions> options) {
        ExhaustiveSearch s = new ExhaustiveSearch(problem, options, -1);
        s.search(0, 0, 0);
        return s.best;
    }

    /** The cheapest feasible plan that leaves at most {@code maxUnplanned} priority unplanned. */
    public static Evaluation cheapest(Problem problem, List<JobOptions> options, long maxUnplanned) {
        ExhaustiveSearch s = new ExhaustiveSearch(problem, options, maxUnplanned);
        s.search(0, 0, 0);
        return s.best;
    }

    /** Whether {@code e} beats the best so far: lexicographically, or by cost alone under the unplanned cap. */
    private boolean improves(Evaluation e) {
        if (!e.feasible()) {
            return false;
        }
        if (maxUnplanned >= 0) {
            return e.unplannedPriority() <= maxUnplanned && (best == null || e.costCents() < best.costCents());
        }
        return best == null || e.unplannedPriority() < best.unplannedPriority()
                || e.unplannedPriority() == best.unplannedPriority() && e.costCents() < best.costCents();
    }

    private void search(int j, long unplanned, long partialCost) {
        // A leaf must cost strictly less than the best to replace it, and costs at least the partial cost plus the
        // rest's cheapest options: at or above the best, the subtree is done.
        boolean worse = maxUnplanned >= 0
                ? unplanned > maxUnplanned || best != null && partialCost + mustPlanAfter(j, maxUnplanned - unplanned) >= best.costCents()
                : best != null && (unplanned > best.unplannedPriority()
                || unplanned == best.unplannedPriority() && partialCost + cheapestAfter[j] >= best.costCents());
        if (worse) {
            return;
        }
        if (j == jobs.size()) {
            Evaluation e = PlanEvaluator.evaluate(problem, new Decisions(current, reservations()));
            if (improves(e)) {
                best = e;
            }
            return;
        }
        JobOptions jo = jobs.get(j);
        for (Option o : jo.options()) {
            int[] u = used.get(o.offer().id());
            for (int start = o.earliestStart(); start <= o.latestStart(); start++) {
                if (!CapacityFit.fits(o, start, u, o.offer().maxGpus())) {
                    continue;
                }
                CapacityFit.occupy(u, o, start, o.billedGpus());
                current.add(new Placement(jo.job().id(), o.offer().id(), o.gpus(), start));
                // Reservation cost is settled at the leaf.
                search(j + 1, unplanned, partialCost + (o.offer().isReserved() ? 0 : o.totalCents()));
                current.remove(current.size() - 1);
                CapacityFit.occupy(u, o, start, -o.billedGpus());
            }
        }
        search(j + 1, unplanned + jo.job().priority(), partialCost);
    }

    /**
     * What the jobs from {@code j} on add at least when {@code allowance} more priority may stay unplanned: the
     * cheapest options of those whose priority exceeds it (any other may be left out at no cost).
     */
    private long mustPlanAfter(int j, long allowance) {
        long sum = 0;
        for (int k = j; k < jobs.size(); k++) {
            if (jobs.get(k).job().priority() > allowance) {
                sum += cheapestAfter[k] - cheapestAfter[k + 1];
            }
        }
        return sum;
    }

    private Map<String, Integer> reservations() {
        Map<String, Integer> out = new HashMap<>();
        for (Offer o : problem.offers()) {
            if (o.isCommitted()) {
                out.put(o.id(), Math.min(o.maxGpus(), java.util.Arrays.stream(used.get(o.id())).max().orElse(0)));
            }
        }
        return out;
    }
}
