package io.gpuplan.problem;

/**
 * R32: an uncertain positive factor, log-normal through its 10th and 90th percentiles: ln X ~ N(mu, sigma) with
 * mu = (ln p10 + ln p90) / 2 and sigma = (ln p90 - ln p10) / (2 * 1.2815515655446004). p10 == p90 is that factor
 * for certain.
 */
public record Range(double p10, double p90) {
    /** z of the 90th percentile of the standard normal. */
    public static final double Z90 = 1.2815515655446004;
    public static final Range ONE = new Range(1, 1);

    public double median() {
        return Math.sqrt(p10 * p90);
    }

    public double mu() {
        return (Math.log(p10) + Math.log(p90)) / 2;
    }

    public double sigma() {
        return (Math.log(p90) - Math.log(p10)) / (2 * Z90);
    }

    /** The factor at standard normal z: exp(mu + sigma * z). */
    public double at(double z) {
        return Math.exp(mu() + sigma() * z);
    }

    public boolean certain() {
        return p10 == p90;
    }
}
