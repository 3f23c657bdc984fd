package io.gpuplan.problem;

/**
 * What an owned offer's cards cost (R28): bought outright, written off straight-line, run on power and operations.
 * Amounts are in the offer's own currency (R5).
 *
 * @param purchasePrice         per GPU, paid once when the cards are bought
 * @param depreciationMonths    months the purchase is written off over, straight line
 * @param powerKw               draw per GPU in kW while a job runs on it
 * @param electricityPricePerKwh           price of a kWh
 * @param pue                   power usage effectiveness: facility power / IT power (cooling and losses on top)
 * @param operationsPerGpuMonth staff, space and maintenance per GPU bought and month, used or not
 * @param leadTimeWeeks         weeks from the horizon start before bought cards can run (ordering, delivery, racking)
 */
public record OwnedTerms(double purchasePrice, int depreciationMonths, double powerKw, double electricityPricePerKwh, double pue,
                         double operationsPerGpuMonth, double leadTimeWeeks) {

    /** Straight-line depreciation per GPU and month: purchasePrice / depreciationMonths. */
    public double depreciationPerGpuMonth() {
        return purchasePrice / depreciationMonths;
    }

    /**
     * What a bought GPU costs per hour of the horizon, used or not: (depreciation + operations per month) / 730. The
     * offer's {@code price}, so R24's bound and the pools' relaxations price owned GPUs as they price reserved ones.
     */
    public double perGpuHour() {
        return (depreciationPerGpuMonth() + operationsPerGpuMonth) / Horizon.HOURS_PER_MONTH;
    }

    /** Power per GPU-hour in use: powerKw × pue × electricityPricePerKwh. */
    public double powerPerGpuHour() {
        return powerKw * pue * electricityPricePerKwh;
    }
}
