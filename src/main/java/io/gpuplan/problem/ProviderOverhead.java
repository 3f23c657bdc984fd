package io.gpuplan.problem;

import io.gpuplan.sizing.Money;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * R27: what using one provider at all costs, in the base currency.
 *
 * @param fixedCost             once per horizon in which the provider is opened (onboarding, operations: mostly the
 *                              team's own work, so counted as {@code internal}, not in the provider's cap)
 * @param supportRate           the support plan's share of what the provider bills (0.10 = 10 %)
 * @param supportMinimumMonthly the support plan's least charge per month (730 h), billed by the provider
 */
public record ProviderOverhead(String provider, double fixedCost, double supportRate, double supportMinimumMonthly) {

    public long fixedCents() {
        return Money.cents(fixedCost);
    }

    /** The support minimum over the horizon: {@code minimum × horizon hours / 730}, rounded half-up. */
    public long supportMinimumCents(Horizon horizon) {
        return Money.cents(BigDecimal.valueOf(supportMinimumMonthly).multiply(BigDecimal.valueOf(horizon.hours()))
                .divide(BigDecimal.valueOf(Horizon.HOURS_PER_MONTH), MathContext.DECIMAL128));
    }

    /** R27 support for a provider billing {@code spendCents} over the horizon: {@code max(rate × spend, minimum)}. */
    public static long supportCents(double rate, long minimumCents, long spendCents) {
        long share = Money.cents(BigDecimal.valueOf(rate).multiply(Money.toDecimal(spendCents)));
        return Math.max(share, minimumCents);
    }
}
