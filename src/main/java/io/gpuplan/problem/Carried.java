package io.gpuplan.problem;

import java.time.LocalDate;

/**
 * R31.1: a reservation the previous plan bought whose term runs into this horizon. Its GPUs cost nothing new here
 * (R18 and R29 were charged when it was bought); the derived offer carrying them is priced 0.
 *
 * @param offer         the reserved offer of the previous plan (the new problem lists it too)
 * @param plan          the previous plan's file name
 * @param gpus          GPUs the previous plan reserved
 * @param termEnd       the previous horizon start + termMonths (exclusive); null for owned cards (no term)
 * @param monthsLeft    whole calendar months of the term from this horizon's start to its end
 * @param untilSlot     the slot edge where the term ends within this horizon (the horizon's slots when it ends later)
 * @param pricePerGpuHour the price it was bought at, in {@code currency} (for the obligation the plan reports); for
 *                        owned cards the purchase price per GPU
 * @param exchangeRate    units of {@code currency} per 1 base unit (R5), as this problem states it
 */
public record Carried(String offer, String plan, int gpus, LocalDate termEnd, int monthsLeft, int untilSlot,
                      double pricePerGpuHour, String currency, double exchangeRate) {
    /** Owned cards: no term, no obligation. */
    public boolean owned() {
        return termEnd == null;
    }

    /** The id of the derived offer that carries a previous reservation on {@code offer}. */
    public static String idOf(String offer) {
        return offer + " (carried)";
    }
}
