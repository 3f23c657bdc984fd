package io.gpuplan.model;

import static ai.timefold.solver.core.api.score.stream.ConstraintCollectors.countDistinct;
import static ai.timefold.solver.core.api.score.stream.ConstraintCollectors.sum;
import static ai.timefold.solver.core.api.score.stream.Joiners.equal;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import ai.timefold.solver.core.api.score.stream.Constraint;
import ai.timefold.solver.core.api.score.stream.ConstraintFactory;
import ai.timefold.solver.core.api.score.stream.ConstraintProvider;
import ai.timefold.solver.core.api.score.stream.uni.UniConstraintStream;
import io.gpuplan.problem.Offer;
import io.gpuplan.sizing.Eligibility;
import io.gpuplan.sizing.Penalties;
import io.gpuplan.sizing.ProviderCharge;

/**
 * The rules of MODEL.md as constraints, one method per rule, named after it.
 *
 * <p>Hard (weighted by how far a rule is broken): R2 in slots outside the window, R8 in GB over per GPU, R12–R15
 * one per job, R21 in GPUs over per slot, R22 in whole base-currency units over. Medium: R23 priority of unplanned
 * jobs. Soft: plan cost in cents (R16–R19, R26–R30).
 *
 * <p>Each job's value range holds only options that pass R8 and R12–R15, so the solver never proposes one that breaks
 * them; their constraints stay so that any plan scored by this provider (a hand-built or edited one) is scored
 * honestly.
 */
public class GpuPlanConstraints implements ConstraintProvider {

    @Override
    public Constraint[] defineConstraints(ConstraintFactory f) {
        return new Constraint[] {
                // Hard
                r2TimeWindow(f),
                r8MemoryFit(f),
                r12Residency(f),
                r13Vendor(f),
                r14Interruptible(f),
                r15Stack(f),
                r21Capacity(f),
                r22TotalBudget(f),
                r22ProviderBudget(f),
                r27MaxProviders(f),
                // Medium
                r23Unplanned(f),
                // Soft
                r16MigrationCost(f),
                r17ComputeCost(f),
                r18ReservationCost(f),
                r19TransferCost(f),
                r26StorageCost(f),
                r27ProviderFixedCost(f),
                r27SupportCost(f),
                r28OwnedGpuCost(f),
                r28OwnedGpuPower(f),
                r29StrandedCommitment(f),
                r30CapacityBlockCost(f),
                r31ChurnCost(f)
        };
    }

    /** R2: start at or after the earliest start (with migration lead time), end by the deadline. */
    Constraint r2TimeWindow(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> Penalties.slotsOutsideWindow(a.getOption(), a.getStart()) > 0)
                .penalize(HardMediumSoftScore.ONE_HARD, a -> Penalties.slotsOutsideWindow(a.getOption(), a.getStart()))
                .asConstraint("R2 time window");
    }

    /** R8: the model fits in the GPUs' memory, {@code M / g <= memoryGb × headroom}; replicas within their GPU limit. */
    Constraint r8MemoryFit(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> Penalties.memoryFit(a.getOption()) > 0)
                .penalize(HardMediumSoftScore.ONE_HARD, a -> Penalties.memoryFit(a.getOption()))
                .asConstraint("R8 memory fit");
    }

    /** R12: the offer's jurisdiction is among the job's residency. */
    Constraint r12Residency(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> !Eligibility.residencyOk(a.getJob(), a.getOption().offer()))
                .penalize(HardMediumSoftScore.ONE_HARD)
                .asConstraint("R12 residency");
    }

    /** R13: the accelerator's vendor is among the job's vendors. */
    Constraint r13Vendor(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> !Eligibility.vendorOk(a.getJob(), a.getOption().offer()))
                .penalize(HardMediumSoftScore.ONE_HARD)
                .asConstraint("R13 hardware vendor");
    }

    /** R14: a job that may not be interrupted never uses spot. */
    Constraint r14Interruptible(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> !Eligibility.interruptionOk(a.getJob(), a.getOption().offer()))
                .penalize(HardMediumSoftScore.ONE_HARD)
                .asConstraint("R14 interruption");
    }

    /** R15: the accelerator's stack is the job's, or the job migrates to it. */
    Constraint r15Stack(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> !Eligibility.stackOk(a.getJob(), a.getOption().offer()))
                .penalize(HardMediumSoftScore.ONE_HARD)
                .asConstraint("R15 software stack");
    }

    /** R21: per offer and slot, billed GPUs in use stay within maxGpus (on reserved and owned offers R18/R28 buy the peak). */
    Constraint r21Capacity(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().offer().isCapped())
                .groupBy(a -> a.getOption().offer(), new SlotUsage())
                .filter((offer, usage) -> usage.overGpuSlots() > 0)
                .penalize(HardMediumSoftScore.ONE_HARD, (offer, usage) -> usage.overGpuSlots())
                .asConstraint("R21 capacity");
    }

    /** R22: plan cost (jobs, reservations and owned pools) within the total budget. */
    Constraint r22TotalBudget(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .map(a -> a.getOption().totalCents())
                .concat(pools(f).map(PoolCharge::cents))
                .concat(overheadCosts(f).map(c -> c.fixedCents() + c.supportCents()))
                .groupBy(sum((Long cents) -> cents))
                .join(TotalBudget.class)
                .filter((total, budget) -> total > budget.capCents())
                .penalize(HardMediumSoftScore.ONE_HARD, (total, budget) -> Penalties.budgetExcessUnits(total, budget.capCents()))
                .asConstraint("R22 total budget");
    }

    /** R22: what each provider bills (compute, reservations, egress of its datasets, R27 support) within its cap. */
    Constraint r22ProviderBudget(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .flattenLast(a -> a.getOption().providerCharges())
                .concat(pools(f).map(c -> new ProviderCharge(c.offer().provider(), c.cents())))
                .concat(overheadCosts(f).map(c -> new ProviderCharge(c.provider(), c.supportCents())))
                .groupBy(ProviderCharge::provider, sum(ProviderCharge::cents))
                .join(ProviderBudget.class, equal((provider, cents) -> provider, ProviderBudget::provider))
                .filter((provider, cents, budget) -> cents > budget.capCents())
                .penalize(HardMediumSoftScore.ONE_HARD,
                        (provider, cents, budget) -> Penalties.budgetExcessUnits(cents, budget.capCents()))
                .asConstraint("R22 provider budget");
    }

    /** R27: at most maxProviders providers opened (a job on one of their offers), weighted by how many over. */
    Constraint r27MaxProviders(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .ifExists(ProviderLimit.class) // without a limit (most problems) nothing is counted at all
                .groupBy(countDistinct(a -> a.getOption().offer().provider()))
                .join(ProviderLimit.class)
                .filter((opened, limit) -> opened > limit.maxProviders())
                .penalize(HardMediumSoftScore.ONE_HARD, (opened, limit) -> opened - limit.maxProviders())
                .asConstraint("R27 max providers");
    }

    /** R23: leave as little priority unplanned as possible. */
    Constraint r23Unplanned(ConstraintFactory f) {
        return f.forEachIncludingUnassigned(JobAssignment.class)
                .filter(a -> a.getOption() == null)
                .penalize(HardMediumSoftScore.ONE_MEDIUM, JobAssignment::getPriority)
                .asConstraint("R23 unplanned");
    }

    /** R16: one-time migration cost of each job that runs on its migrated stack. */
    Constraint r16MigrationCost(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().migrationCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().migrationCents())
                .asConstraint("R16 migration cost");
    }

    /** R31.2: moving a job still running from the previous plan to any option other than staying where it is. */
    Constraint r31ChurnCost(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().churnCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().churnCents())
                .asConstraint("R31 churn cost");
    }

    /** R17: on-demand and spot compute, billed GPUs × W × price. */
    Constraint r17ComputeCost(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().computeCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().computeCents())
                .asConstraint("R17 compute cost");
    }

    /** R18: reserved GPUs × horizon hours × price, for the peak GPUs in use at once on each reserved offer. */
    Constraint r18ReservationCost(ConstraintFactory f) {
        return pools(f)
                .filter(c -> c.offer().isReserved() && c.levelCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, PoolCharge::levelCents)
                .asConstraint("R18 reservation cost");
    }

    /** R19: moving a job's dataset to another region or provider. */
    Constraint r19TransferCost(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().transferCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().transferCents())
                .asConstraint("R19 transfer cost");
    }

    /** R27: the fixed cost (onboarding, operations) of each provider the plan opens. */
    Constraint r27ProviderFixedCost(ConstraintFactory f) {
        return overheadCosts(f)
                .filter(c -> c.fixedCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, ProviderOverheadCost::fixedCents)
                .asConstraint("R27 provider fixed cost");
    }

    /** R27: each opened provider's support plan, max(rate × what it bills, minimum over the horizon). */
    Constraint r27SupportCost(ConstraintFactory f) {
        return overheadCosts(f)
                .filter(c -> c.supportCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, ProviderOverheadCost::supportCents)
                .asConstraint("R27 support cost");
    }

    /** R26: a job's dataset stored while it runs — where it lives, and the copy at an offer elsewhere. */
    Constraint r26StorageCost(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().storageCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().storageCents())
                .asConstraint("R26 storage cost");
    }

    /**
     * R29: the expected idle part of each reserved pool's commitment past the horizon, {@code (1 − u) × r × pastHours ×
     * price} (u stated, or the pool's utilization within the horizon).
     */
    Constraint r29StrandedCommitment(ConstraintFactory f) {
        return pools(f)
                .filter(c -> c.strandedCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, PoolCharge::strandedCents)
                .asConstraint("R29 stranded commitment");
    }

    /** R30: each job on a capacity block offer pays its block upfront, billed GPUs × L days × 24 × price. */
    Constraint r30CapacityBlockCost(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().blockCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().blockCents())
                .asConstraint("R30 capacity block cost");
    }

    /**
     * R27's lines of each opened provider that states an overhead: what the provider bills (its R22 charges: compute, power,
     * reservations and owned pools, R29 stranded commitments, storage, egress of its datasets) is summed per provider, and only a provider that a job or reservation
     * opens is charged (egress alone does not open it).
     */
    private static UniConstraintStream<ProviderOverheadCost> overheadCosts(ConstraintFactory f) {
        // A problem without R27 overhead (most) has no ProviderOverheadFact: nothing flows past ifExists.
        return f.forEach(JobAssignment.class)
                .ifExists(ProviderOverheadFact.class)
                .flattenLast(GpuPlanConstraints::spends)
                .concat(pools(f).ifExists(ProviderOverheadFact.class)
                        .map(c -> new ProviderSpend(c.offer().provider(), c.cents(), true)))
                .groupBy(ProviderSpend::provider, sum((ProviderSpend s) -> s.cents()), sum((ProviderSpend s) -> s.opens() ? 1 : 0))
                .filter((provider, cents, opening) -> opening > 0)
                .join(ProviderOverheadFact.class, equal((provider, cents, opening) -> provider, ProviderOverheadFact::provider))
                .map((provider, cents, opening, o) -> new ProviderOverheadCost(provider, o.fixedCents(), o.supportCents(cents)));
    }

    /** A job's charges, plus a zero amount that opens its offer's provider (a free option opens it too). */
    private static java.util.List<ProviderSpend> spends(JobAssignment a) {
        String own = a.getOption().offer().provider();
        java.util.List<ProviderSpend> out = new java.util.ArrayList<>();
        out.add(new ProviderSpend(own, 0, true));
        for (ProviderCharge c : a.getOption().providerCharges()) {
            out.add(new ProviderSpend(c.provider(), c.cents(), false));
        }
        return out;
    }

    /**
     * R28: owned GPUs bought (the peak its jobs use at once) × (purchasePrice / depreciationMonths +
     * operationsPerGpuMonth) × horizon hours / 730, as two rounded lines; the capital outlay is not plan cost.
     */
    Constraint r28OwnedGpuCost(ConstraintFactory f) {
        return pools(f)
                .filter(c -> c.offer().isOwned() && c.levelCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, PoolCharge::levelCents)
                .asConstraint("R28 owned GPU cost");
    }

    /** R28: power of each job on owned cards, billed GPUs × W × powerKw × pue × electricityPricePerKwh. */
    Constraint r28OwnedGpuPower(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().powerCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().powerCents())
                .asConstraint("R28 owned GPU power");
    }

    /** One usage profile per committed offer, shared by every constraint that prices pools (lambdas without captures). */
    private static final SlotUsage POOL_USAGE = new SlotUsage();

    /**
     * Each committed pool in use: its peak concurrent billed GPUs (at most maxGpus; use beyond that breaks R21) bought
     * for the whole horizon (R18, R28), and on a reserved offer its stranded commitment from the GPU-slots used (R29).
     * Built alike wherever it is called, so Timefold shares one grouping among R18, R28, R29, R22 and R27.
     */
    private static UniConstraintStream<PoolCharge> pools(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().offer().isCommitted())
                .groupBy(a -> a.getOption().offer(), POOL_USAGE)
                .join(ReservedPool.class, equal((offer, usage) -> offer, ReservedPool::offer))
                .map((offer, usage, pool) -> {
                    int bought = pool.bought(usage.peak());
                    return new PoolCharge(offer, pool.cents(bought),
                            offer.isReserved() ? pool.strandedCents(bought, usage.usedGpuSlots()) : 0);
                });
    }
}
