package io.gpuplan.model;

import io.gpuplan.problem.Offer;

/**
 * What a committed pool in use costs, from its jobs' peak and use: its level's horizon cost (R18 reserved, R28 owned)
 * and, on a reserved offer, the stranded commitment past the horizon (R29). Both are billed by the offer's provider.
 */
record PoolCharge(Offer offer, long levelCents, long strandedCents) {
    long cents() {
        return levelCents + strandedCents;
    }
}
