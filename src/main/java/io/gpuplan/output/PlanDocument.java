package io.gpuplan.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The plan file ({@code X.plan.yaml}, PLAN-FORMAT.md §1) as records: written by {@link PlanWriter}, read back by
 * {@code verify} and {@code compare}. Money is in the base currency with two decimals; hours have four.
 * How the search ended sits in {@code run}, last; how long it took is not in the file (see {@link Run}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@com.fasterxml.jackson.annotation.JsonPropertyOrder({"format", "name", "problem", "previous", "horizon", "solver",
        "score", "feasible", "currency", "summary", "reservations", "carried", "owned", "blocks", "providers", "assignments",
        "totals", "risk", "constraints", "prices", "run"})
public record PlanDocument(String format, String name, ProblemRef problem, SolverRef solver, String score,
                           boolean feasible, String currency, Summary summary, List<Reservation> reservations,
                           List<Owned> owned, List<BlockPurchase> blocks, List<Provider> providers,
                           List<Assignment> assignments, Totals totals, Risk risk, List<ConstraintReport> constraints,
                           List<PriceRef> prices, Run run, Horizon horizon, PreviousRef previous, List<Carried> carried) {
    public static final String FORMAT = "gpuplan-plan/1";

    /** A plan without capacity blocks (R30) that states no horizon and continues no previous plan (R31). */
    public PlanDocument(String format, String name, ProblemRef problem, SolverRef solver, String score, boolean feasible,
                        String currency, Summary summary, List<Reservation> reservations, List<Owned> owned,
                        List<Provider> providers, List<Assignment> assignments, Totals totals, Risk risk,
                        List<ConstraintReport> constraints, List<PriceRef> prices, Run run) {
        this(format, name, problem, solver, score, feasible, currency, summary, reservations, owned, null, providers,
                assignments, totals, risk, constraints, prices, run, null, null, null);
    }

    /** The same plan stating the horizon, previous plan and carried pools of {@code other} (R31). */
    public PlanDocument withPreviousOf(PlanDocument other) {
        return new PlanDocument(format, name, problem, solver, score, feasible, currency, summary, reservations, owned,
                blocks, providers, assignments, totals, risk, constraints, prices, run, other.horizon, other.previous,
                other.carried);
    }

    /** The horizon the plan was made for (R1); a previous plan (R31) must state it. */
    public record Horizon(String start, String end, String slot) {
    }

    /** R31: the previous plan this one continues: its file name and checksum ({@code verify} reads and checks it). */
    public record PreviousRef(String plan, String sha256) {
    }

    /**
     * R31.1: a reservation bought by the previous plan, still in its term: used here at no new cost. The obligation
     * figures are information (the previous plan charged them), not plan cost.
     *
     * @param obligationInHorizon   the carried GPUs × their hours here × the price it was bought at
     * @param obligationPastHorizon the same for the term after this horizon
     */
    public record Carried(String offer, String fromPlan, int gpus, String termEnds, int monthsLeft, int peakGpus,
                          BigDecimal utilization, BigDecimal pricePerGpuHour, String priceCurrency,
                          BigDecimal obligationInHorizon, BigDecimal obligationPastHorizon) {
    }

    /** A plan without owned pools (R28) or R27's providers section: both are left out of the file. */
    public PlanDocument(String format, String name, ProblemRef problem, SolverRef solver, String score, boolean feasible,
                        String currency, Summary summary, List<Reservation> reservations, List<Assignment> assignments,
                        Totals totals, Risk risk, List<ConstraintReport> constraints, List<PriceRef> prices, Run run) {
        this(format, name, problem, solver, score, feasible, currency, summary, reservations, null, null,
                assignments, totals, risk, constraints, prices, run);
    }

    /**
     * R27: a provider the plan opens, what it bills before support, its fixed cost (internal) and support (billed by
     * it, spread over the horizon's months), and what the plan would cost without it.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Provider(String provider, BigDecimal bills, BigDecimal fixedCost, BigDecimal support,
                           Map<String, BigDecimal> supportByMonth, BigDecimal overhead, WithoutIt withoutIt) {
    }

    /**
     * The best plan a re-solve found with the provider's offers removed (same seed, a fraction of the move limit): a
     * search result, not proven; {@code verify} takes it as stated. Null figures: no feasible plan was found.
     *
     * @param extraCost             its cost minus this plan's
     * @param unplannedPriorityMore the priority it leaves unplanned beyond this plan's
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record WithoutIt(String statement, BigDecimal cost, BigDecimal extraCost, Long unplannedPriorityMore,
                            long moveLimit) {
    }

    /**
     * @param file   the problem file's name
     * @param path   where it is from the plan's folder, when its name alone does not find it there (beside the plan,
     *               or in a sibling problems/ folder): a plan written with --out elsewhere still finds its problem
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProblemRef(String file, String path, String sha256) {
        public ProblemRef(String file, String sha256) {
            this(file, null, sha256);
        }
    }

    /** @param moveLimit 0 when none; the time limits are ISO-8601 durations */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SolverRef(String engine, long seed, long moveLimit, String timeLimit, String unimprovedLimit) {
    }

    public record Summary(int jobs, int planned, int unplanned, long plannedPriority, long unplannedPriority) {
    }

    /**
     * @param commitmentPastHorizon   the whole obligation after the horizon (R18), reported, not in plan cost
     * @param expectedUseAfterHorizon R29's u: as stated, or the utilization within the horizon
     * @param expectedUseBy           "offer", "reservations" (stated there) or "default" (the utilization)
     * @param strandedCommitment      R29: its expected idle part, in plan cost
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Reservation(String offer, String provider, String region, String accelerator, int gpus,
                              int peakGpus, BigDecimal pricePerGpuHour, String priceCurrency, BigDecimal horizonHours,
                              BigDecimal horizonCost, BigDecimal utilization, int termMonths,
                              BigDecimal hoursPastHorizon, BigDecimal commitmentPastHorizon,
                              BigDecimal expectedUseAfterHorizon, String expectedUseBy, BigDecimal strandedCommitment) {
    }

    /**
     * An owned offer's cards (R28): GPUs bought (the peak its jobs use at once), the capital outlay (GPUs ×
     * purchasePrice, one-time, not plan cost), and what the horizon carries: depreciation and operations of every
     * bought GPU for every horizon hour, and the power its jobs draw. {@code costPerGpuHour} is the offer's derived
     * price, (purchasePrice / depreciationMonths + operationsPerGpuMonth) / 730; {@code runsFrom} the first slot the
     * cards can run (horizon start + lead time).
     */
    public record Owned(String offer, String provider, String region, String accelerator, int gpus, int peakGpus,
                        BigDecimal purchasePrice, String priceCurrency, int depreciationMonths,
                        BigDecimal costPerGpuHour, BigDecimal horizonHours, BigDecimal capitalOutlay,
                        BigDecimal depreciation, BigDecimal operations, BigDecimal power, BigDecimal horizonCost,
                        BigDecimal utilization, String runsFrom, int runsFromSlot) {
    }

    /**
     * A capacity block bought (R30), one per job on a block offer, as finance reviews purchases: from the job's start
     * for the shortest allowed length covering its occupied slots, its billed GPUs, paid upfront in the month it
     * starts ({@code cost} = gpus × hours × pricePerGpuHour, converted to the base currency). It may end after the
     * horizon.
     */
    public record BlockPurchase(String job, String offer, String provider, String region, String accelerator, int gpus,
                                int days, String start, String end, BigDecimal hours, BigDecimal pricePerGpuHour,
                                String priceCurrency, BigDecimal cost) {
    }

    /** R30: the block a job runs in: its length in days, when it starts and ends, its hours (days × 24) and GPUs. */
    public record Block(int days, String start, String end, BigDecimal hours, int gpus) {
    }

    /** @param block R30, on a capacity block offer only (else left out) */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"job", "kind", "priority", "status", "offer", "provider",
            "region", "jurisdiction", "accelerator", "purchase", "gpus", "billedGpus", "instances", "gpusPerReplica",
            "start", "end", "startSlot", "slots", "hours", "migrated", "continuing", "price", "cost", "reason", "block"})
    public record Assignment(String job, String kind, int priority, String status, String offer, String provider,
                             String region, String jurisdiction, String accelerator, String purchase, Integer gpus,
                             Integer billedGpus, Integer instances, Integer gpusPerReplica, String start, String end,
                             Integer startSlot, Integer slots, Hours hours, Boolean migrated, Price price, Cost cost,
                             String reason, Block block, Continuing continuing) {
        /** A job not on a capacity block offer (R30) that continues no previous plan's (R31.2). */
        public Assignment(String job, String kind, int priority, String status, String offer, String provider,
                          String region, String jurisdiction, String accelerator, String purchase, Integer gpus,
                          Integer billedGpus, Integer instances, Integer gpusPerReplica, String start, String end,
                          Integer startSlot, Integer slots, Hours hours, Boolean migrated, Price price, Cost cost,
                          String reason) {
            this(job, kind, priority, status, offer, provider, region, jurisdiction, accelerator, purchase, gpus,
                    billedGpus, instances, gpusPerReplica, start, end, startSlot, slots, hours, migrated, price, cost,
                    reason, null, null);
        }
    }

    /** R31.2: a job still running from the previous plan: where it ran, on how many GPUs, and whether it stayed. */
    public record Continuing(String previousOffer, int previousGpus, boolean stayed) {
    }

    /** R9–R11: T, W, Wq at the job's deadline confidence, and k. */
    public record Hours(BigDecimal compute, BigDecimal expected, BigDecimal atConfidence, BigDecimal confidence,
                        int interruptionsAtConfidence) {
    }

    /** The offer's price as written, and per GPU-hour in the base currency (R5). */
    public record Price(BigDecimal perGpuHour, String currency, BigDecimal perGpuHourInBase) {
    }

    /**
     * @param storage  R26, both copies of the dataset (null, and not written, when no storage is charged for it)
     * @param power    R28, on owned offers only (else left out)
     * @param storedAt R26, where the job's dataset is kept while it runs: its own location, then the offer's when
     *                 elsewhere (null when no storage is charged for it)
     * @param block    R30, on capacity block offers only (else left out); written after power
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"compute", "transfer", "storage", "migration", "churn", "power",
            "block", "total", "storedAt"})
    public record Cost(BigDecimal compute, BigDecimal transfer, BigDecimal storage, BigDecimal migration,
                       BigDecimal power, BigDecimal total, List<String> storedAt, BigDecimal block, BigDecimal churn) {
        /** A job not on a capacity block offer (R30) and without R31.2's churn. */
        public Cost(BigDecimal compute, BigDecimal transfer, BigDecimal storage, BigDecimal migration, BigDecimal power,
                    BigDecimal total, List<String> storedAt) {
            this(compute, transfer, storage, migration, power, total, storedAt, null, null);
        }
    }

    /**
     * @param strandedCommitments R29: the pools' expected stranded commitments (left out without reserved offers)
     * @param ownedCapitalOutlay  R28: what owned cards cost to buy, not plan cost (left out without owned offers)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Totals(BigDecimal cost, Map<String, BigDecimal> byCategory, Map<String, BigDecimal> byProvider,
                         Map<String, BigDecimal> byPurchaseModel, Map<String, BigDecimal> byMonth,
                         Map<String, BigDecimal> byAccelerator, BigDecimal commitmentsPastHorizon,
                         BigDecimal strandedCommitments, BigDecimal ownedCapitalOutlay, Budget budget,
                         Bound lowerBound, Map<String, Baseline> baselines) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Budget(Cap total, Map<String, Cap> byProvider) {
    }

    public record Cap(BigDecimal cap, BigDecimal used, BigDecimal left) {
    }

    /**
     * What is proven about the plan at both levels of the score (R23), as the solve's certificate states it, and R24.
     *
     * @param statement                "proven optimal", or how far the cost can be from the optimum at this plan's
     *                                 unplanned priority and whether that priority is proven minimal
     * @param unplannedPriorityAtLeast no plan leaves less priority unplanned
     * @param best                     no plan leaving at most this plan's unplanned priority costs less (null: no
     *                                 proven bound); {@code gap} = (cost − best) / best
     * @param r24PlannedJobs           R24 over the jobs the plan runs: a bound for plans of the same jobs only
     * @param startedFrom              how local search's last run began when not from the warm start
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Bound(String statement, Long unplannedPriorityAtLeast, Boolean unplannedPriorityProven,
                        String unplannedPriorityBy, BigDecimal best, BigDecimal gap, String bestBy, Boolean provenOptimal,
                        BigDecimal r24PlannedJobs, BigDecimal r24AllJobs, String startedFrom, String note) {
    }

    /**
     * Spot risk under the R10 Poisson model: each spot job's probability of missing its deadline, and a seeded
     * Monte Carlo of interruptions over the whole plan (cost P50 / P90, expected missed deadlines).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Risk(String model, long seed, int runs, BigDecimal expectedCost, BigDecimal p50Cost,
                       BigDecimal p90Cost, BigDecimal expectedMissedDeadlines, List<SpotJobRisk> spotJobs) {
    }

    /**
     * One spot job: lambda (per hour, whole job), L (hours lost per interruption), the expected interruptions
     * lambda·W, the hours from its start to its deadline, how many interruptions those hours tolerate, and
     * P(more interruptions than that).
     */
    public record SpotJobRisk(String job, String offer, BigDecimal interruptionsPerHour, BigDecimal lossPerInterruption,
                              BigDecimal expectedInterruptions, BigDecimal hoursToDeadline, int interruptionsTolerated,
                              BigDecimal missProbability) {
    }

    /** R25: a naive plan's cost, how many jobs it runs, and what this plan saves against it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Baseline(BigDecimal cost, int planned, int unplanned, boolean feasible, BigDecimal savings,
                           BigDecimal savingsPercent, String note) {
    }

    /** One constraint of the model, scored by gpuplan's own rule checks (Community Edition has no score analysis). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ConstraintReport(String constraint, String level, int matches, String impact, List<String> binding) {
    }

    /**
     * Price provenance: where each offer's price comes from (the catalog row and the data file it read, or the
     * problem file), the date it is as of, how the price per GPU-hour was derived, the catalog's anomaly flags, and
     * what was assumed (a reservation discount, an interruption band, an override). {@code used}: the plan runs a job
     * on the offer or reserves on it; the other offers' prices still shape the bounds and baselines.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PriceRef(String offer, boolean used, String purchase, BigDecimal pricePerGpuHour, String currency,
                           String origin, String catalogRow, String reference, String asOf, String asOfNote,
                           String derivation, List<String> flags, List<String> assumed) {
    }

    /**
     * How the search ended: only what the same problem, seed and move limit reproduce, so that solving again
     * rewrites the same bytes. Wall time and speed go to the console; plans written before this still read
     * (their {@code movesPerSecond} and {@code wallSeconds} are ignored).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @com.fasterxml.jackson.annotation.JsonIgnoreProperties({"movesPerSecond", "wallSeconds"})
    public record Run(String termination, long movesEvaluated, Boolean terminatedEarly) {
    }
}
