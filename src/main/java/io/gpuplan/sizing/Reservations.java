package io.gpuplan.sizing;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import java.time.temporal.ChronoUnit;

/** R18: the cost of reserving GPUs for the whole horizon, and the commitment that runs past it. */
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
}
