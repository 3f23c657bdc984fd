package io.gpuplan.problem;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;

/**
 * The planning horizon {@code [start, end)} cut into {@code slots} slots of {@code slotHours} each (R1).
 * With weekly slots a trailing partial week is dropped, so {@code end} is the last whole slot's end.
 */
public record Horizon(LocalDate start, LocalDate end, SlotLength slot, int slots) {
    /** Hours in a month wherever an amount is stated per month (R26 storage, R27 support minimum, R28). */
    public static final double HOURS_PER_MONTH = 730;


    public static Horizon of(LocalDate start, LocalDate requestedEnd, SlotLength slot) {
        long hours = ChronoUnit.DAYS.between(start, requestedEnd) * 24;
        int slots = (int) (hours / slot.hours());
        LocalDate end = start.plusDays((long) slots * slot.hours() / 24);
        return new Horizon(start, end, slot, slots);
    }

    public int slotHours() {
        return slot.hours();
    }

    public double hours() {
        return (double) slots * slot.hours();
    }

    public LocalDateTime slotStart(int slot) {
        return start.atStartOfDay().plusHours((long) slot * this.slot.hours());
    }

    /** Hours from the horizon start to 00:00 of {@code date} (may be negative). */
    public long hoursFromStart(LocalDate date) {
        return ChronoUnit.DAYS.between(start, date) * 24;
    }

    /** The first slot that starts at or after the given hour offset (R2: things that start round up). */
    public int slotAtOrAfter(double hoursFromStart) {
        return (int) Math.ceil(hoursFromStart / slot.hours() - 1e-9);
    }

    /** The last slot edge at or before the given hour offset (R2: things that end round down). */
    public int slotEdgeAtOrBefore(double hoursFromStart) {
        return (int) Math.floor(hoursFromStart / slot.hours() + 1e-9);
    }
}
