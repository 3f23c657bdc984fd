package io.gpuplan.sizing;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;

/**
 * The horizon cost of a committed pool at a level, whatever commits it: a reservation (R18) or owned cards (R28).
 * The solver, the bounds and the explanations price pools only through here.
 */
public final class CommittedPools {
    private CommittedPools() {
    }

    /** What {@code gpus} GPUs of the pool cost in the horizon, in cents, used or not. */
    public static long horizonCents(Offer offer, int gpus, Horizon horizon) {
        return offer.isOwned() ? OwnedGpus.horizonCents(offer, gpus, horizon) : Reservations.horizonCents(offer, gpus, horizon);
    }

    /**
     * For the search: a pool's level with R29's level part on a reservation ({@link Reservations#levelCents}); owned
     * cards as they cost (R29 is about reservations).
     */
    public static long searchLevelCents(Offer offer, int gpus, Horizon horizon) {
        return offer.isOwned() ? OwnedGpus.horizonCents(offer, gpus, horizon) : Reservations.levelCents(offer, gpus, horizon);
    }
}
