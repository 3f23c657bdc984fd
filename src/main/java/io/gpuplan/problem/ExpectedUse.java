package io.gpuplan.problem;

/**
 * R29: how much of a reserved pool a problem expects to keep using after the horizon, as stated.
 *
 * @param fraction 0..1 of the pool's GPUs
 * @param statedIn where it is stated: {@code offer} (the offer's own field) or {@code reservations} (the problem's
 *                 {@code reservations.expectedUseAfterHorizon}, for every reserved offer that states none)
 */
public record ExpectedUse(double fraction, String statedIn) {
    public static final String OFFER = "offer";
    public static final String RESERVATIONS = "reservations";
}
