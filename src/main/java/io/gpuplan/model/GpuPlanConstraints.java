package io.gpuplan.model;

import static ai.timefold.solver.core.api.score.stream.ConstraintCollectors.sum;
import static ai.timefold.solver.core.api.score.stream.Joiners.equal;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import ai.timefold.solver.core.api.score.stream.Constraint;
import ai.timefold.solver.core.api.score.stream.ConstraintFactory;
import ai.timefold.solver.core.api.score.stream.ConstraintProvider;
import ai.timefold.solver.core.api.score.stream.uni.UniConstraintStream;
import io.gpuplan.sizing.Eligibility;
import io.gpuplan.sizing.Penalties;
import io.gpuplan.sizing.ProviderCharge;

/**
 * The rules of MODEL.md as constraints, one method per rule, named after it.
 *
 * <p>Hard (weighted by how far a rule is broken): R2 in slots outside the window, R8 in GB over per GPU, R12–R15
 * one per job, R21 in GPUs over per slot, R22 in whole base-currency units over. Medium: R23 priority of unplanned
 * jobs. Soft: plan cost in cents (R16–R19, R26, R29).
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
                // Medium
                r23Unplanned(f),
                // Soft
                r16MigrationCost(f),
                r17ComputeCost(f),
                r18ReservationCost(f),
                r19TransferCost(f),
                r26StorageCost(f),
                r29StrandedCommitment(f)
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

    /** R21: per offer and slot, billed GPUs in use stay within maxGpus (on reserved offers R18 buys the peak). */
    Constraint r21Capacity(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().offer().isCapped())
                .groupBy(a -> a.getOption().offer(), new SlotUsage())
                .filter((offer, usage) -> usage.overGpuSlots() > 0)
                .penalize(HardMediumSoftScore.ONE_HARD, (offer, usage) -> usage.overGpuSlots())
                .asConstraint("R21 capacity");
    }

    /** R22: plan cost (jobs and reservations) within the total budget. */
    Constraint r22TotalBudget(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .map(a -> a.getOption().totalCents())
                .concat(reservationCosts(f).map(ProviderCharge::cents))
                .concat(strandedCosts(f).map(ProviderCharge::cents))
                .groupBy(sum((Long cents) -> cents))
                .join(TotalBudget.class)
                .filter((total, budget) -> total > budget.capCents())
                .penalize(HardMediumSoftScore.ONE_HARD, (total, budget) -> Penalties.budgetExcessUnits(total, budget.capCents()))
                .asConstraint("R22 total budget");
    }

    /** R22: what each provider bills (compute, reservations, egress of its datasets) within its cap. */
    Constraint r22ProviderBudget(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .flattenLast(a -> a.getOption().providerCharges())
                .concat(reservationCosts(f))
                .concat(strandedCosts(f))
                .groupBy(ProviderCharge::provider, sum(ProviderCharge::cents))
                .join(ProviderBudget.class, equal((provider, cents) -> provider, ProviderBudget::provider))
                .filter((provider, cents, budget) -> cents > budget.capCents())
                .penalize(HardMediumSoftScore.ONE_HARD,
                        (provider, cents, budget) -> Penalties.budgetExcessUnits(cents, budget.capCents()))
                .asConstraint("R22 provider budget");
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

    /** R17: on-demand and spot compute, billed GPUs × W × price. */
    Constraint r17ComputeCost(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().computeCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().computeCents())
                .asConstraint("R17 compute cost");
    }

    /** R18: reserved GPUs × horizon hours × price, for the peak GPUs in use at once on each reserved offer. */
    Constraint r18ReservationCost(ConstraintFactory f) {
        return reservationCosts(f)
                .filter(charge -> charge.cents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, ProviderCharge::cents)
                .asConstraint("R18 reservation cost");
    }

    /** R19: moving a job's dataset to another region or provider. */
    Constraint r19TransferCost(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().transferCents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, a -> a.getOption().transferCents())
                .asConstraint("R19 transfer cost");
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
        return strandedCosts(f)
                .filter(charge -> charge.cents() > 0)
                .penalize(HardMediumSoftScore.ONE_SOFT, ProviderCharge::cents)
                .asConstraint("R29 stranded commitment");
    }

    /** The R29 figure of each reserved offer in use, billed (accrued) by the offer's provider. */
    private static UniConstraintStream<ProviderCharge> strandedCosts(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().offer().isReserved())
                .groupBy(a -> a.getOption().offer(), new SlotUsage())
                .join(ReservedPool.class, equal((offer, usage) -> offer, ReservedPool::offer))
                .map((offer, usage, pool) -> new ProviderCharge(offer.provider(),
                        pool.strandedCents(pool.bought(usage.peak()), usage.usedGpuSlots())));
    }

    /**
     * The R18 cost of each reserved offer in use: its peak concurrent billed GPUs (at most maxGpus; use beyond that
     * breaks R21), bought for the whole horizon.
     */
    private static UniConstraintStream<ProviderCharge> reservationCosts(ConstraintFactory f) {
        return f.forEach(JobAssignment.class)
                .filter(a -> a.getOption().offer().isReserved())
                .groupBy(a -> a.getOption().offer(), new SlotUsage())
                .join(ReservedPool.class, equal((offer, usage) -> offer, ReservedPool::offer))
                .map((offer, usage, pool) -> new ProviderCharge(offer.provider(), pool.cents(pool.bought(usage.peak()))));
    }
}
