package io.gpuplan.sizing;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.temporal.ChronoUnit;

/**
 * R18: the cost of reserving GPUs for the whole horizon, and the commitment that runs past it; R29: the part of that
 * commitment expected to stand idle.
 */
public final class Reservations {
    private Reservations() {
    }

    /** {@code r × H × slotHours × price}, in cents, paid whether used or not. */
    public static long horizonCents(Offer offer, int gpus, Horizon horizon) {
        return Money.baseCents(offer, gpus, horizon.hours());
    }

    /** Hours of the term (termMonths calendar months from the horizon start) that fall after the horizon end. */
    public static double hoursPastHorizon(Offer offer, Horizon horizon) {
        long termHours = ChronoUnit.DAYS.between(horizon.start(), horizon.start().plusMonths(offer.termMonths())) * 24;
        return Math.max(0, termHours - horizon.hours());
    }

    /** {@link #horizonCents} in the offer's own currency (what its provider bills). */
    public static long horizonOwnCents(Offer offer, int gpus, Horizon horizon) {
        return Money.ownCents(offer, gpus, horizon.hours());
    }

    /** The obligation past the horizon for {@code gpus} reserved GPUs, in cents. */
    public static long pastHorizonCents(Offer offer, int gpus, Horizon horizon) {
        return Money.baseCents(offer, gpus, hoursPastHorizon(offer, horizon));
    }

    /**
     * R29: the expected idle part of the commitment past the horizon, {@code (1 − u) × r × pastHours × price}, in cents
     * of the base currency, rounded half-up once. With u stated (the offer's or the problem's), as written; else u is
     * the pool's utilization within the horizon, {@code used / (r × slots)} in GPU-slots, which makes it
     * {@code (r × slots − used) × pastHours / slots × price}: linear in r and in the jobs' use (0 when use exceeds r,
     * which breaks R21).
     *
     * @param usedGpuSlots billed GPUs × occupied slots of the pool's jobs, within the horizon
     */
    public static long strandedCents(Offer offer, int gpus, long usedGpuSlots, Horizon horizon) {
        double past = hoursPastHorizon(offer, horizon);
        if (gpus <= 0 || past == 0) {
            return 0;
        }
        BigDecimal idleGpus;
        if (offer.expectedUse() != null) {
            idleGpus = BigDecimal.ONE.subtract(BigDecimal.valueOf(offer.expectedUse().fraction())).multiply(BigDecimal.valueOf(gpus));
        } else {
            long idleGpuSlots = Math.max(0, (long) gpus * horizon.slots() - usedGpuSlots);
            idleGpus = BigDecimal.valueOf(idleGpuSlots).divide(BigDecimal.valueOf(horizon.slots()), MathContext.DECIMAL128);
        }
        BigDecimal own = idleGpus.multiply(BigDecimal.valueOf(past)).multiply(BigDecimal.valueOf(offer.price()));
        return Money.cents(offer.exchangeRate() == 1.0 ? own : own.divide(BigDecimal.valueOf(offer.exchangeRate()), MathContext.DECIMAL128));
    }

    /** R29's u: as stated, else the pool's utilization within the horizon (0 for a pool not bought). */
    public static double expectedUse(Offer offer, int gpus, long usedGpuSlots, Horizon horizon) {
        if (offer.expectedUse() != null) {
            return offer.expectedUse().fraction();
        }
        return gpus <= 0 ? 0 : Math.min(1.0, (double) usedGpuSlots / ((double) gpus * horizon.slots()));
    }

    /**
     * R29 split for the search and the exact model, which price a pool by its level and each job by its option: the
     * part that depends on the level alone, never more than the rule gives ({@code (1 − u) × r × pastHours × price}
     * with u stated, else the whole obligation {@code r × pastHours × price}), rounded down.
     */
    public static long strandedLevelCents(Offer offer, int gpus, Horizon horizon) {
        double past = hoursPastHorizon(offer, horizon);
        if (gpus <= 0 || past == 0) {
            return 0;
        }
        double share = offer.expectedUse() != null ? 1 - offer.expectedUse().fraction() : 1;
        return (long) Math.floor(share * gpus * past * offer.priceInBase() * 100 * (1 - 1e-12));
    }

    /**
     * R29 with u by default: what a job on the pool takes off the idle part, {@code billed × slots occupied ×
     * pastHours / horizon slots × price}, rounded up (so level minus credits never exceeds the rule's figure); 0 with
     * u stated.
     */
    public static long strandedCreditCents(Offer offer, int billedGpus, int occupiedSlots, Horizon horizon) {
        if (billedGpus <= 0 || occupiedSlots <= 0) {
            return 0;
        }
        return (long) Math.ceil((double) billedGpus * occupiedSlots * strandedCentsPerIdleGpuSlot(offer, horizon) * (1 + 1e-12));
    }

    /**
     * R29 with u by default: what each idle GPU-slot of the pool costs past the horizon, {@code pastHours / horizon
     * slots × price × 100} cents, unrounded (the search, the LP and CP-SAT round it their own safe way); 0 with u stated
     * or no term past the horizon.
     */
    public static double strandedCentsPerIdleGpuSlot(Offer offer, Horizon horizon) {
        double past = hoursPastHorizon(offer, horizon);
        return offer.expectedUse() != null || past == 0 ? 0 : past / horizon.slots() * offer.priceInBase() * 100;
    }

    /** For the search: a pool's level priced by R18 and R29's level part ({@link #strandedLevelCents}). */
    public static long levelCents(Offer offer, int gpus, Horizon horizon) {
        return horizonCents(offer, gpus, horizon) + strandedLevelCents(offer, gpus, horizon);
    }

    /** For the search: an option's own cost less its R29 credit on a pool ({@link #strandedCreditCents}). */
    public static long searchCents(Option o, Horizon horizon) {
        return o.offer().isReserved()
                ? o.totalCents() - strandedCreditCents(o.offer(), o.billedGpus(), o.durationSlots(), horizon) : o.totalCents();
    }

    /** R31.1: what a carried reservation's GPUs cost for {@code hours} at the price it was bought at (information). */
    public static long carriedCents(io.gpuplan.problem.Carried c, double hours) {
        return Money.productCents(c.gpus(), hours, c.pricePerGpuHour(), c.exchangeRate());
    }
}
