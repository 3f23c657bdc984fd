package io.gpuplan.model;

import io.gpuplan.problem.ProviderOverhead;

/**
 * R27 overhead of one provider, in cents of the base currency: charged only when the plan opens the provider.
 *
 * @param supportMinimumCents the monthly minimum taken to the horizon ({@link ProviderOverhead#supportMinimumCents})
 */
public record ProviderOverheadFact(String provider, long fixedCents, double supportRate, long supportMinimumCents) {

    /** R27 support on what the provider bills over the horizon (before support). */
    public long supportCents(long spendCents) {
        return ProviderOverhead.supportCents(supportRate, supportMinimumCents, spendCents);
    }
}
