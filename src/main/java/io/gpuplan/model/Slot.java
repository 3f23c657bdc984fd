package io.gpuplan.model;

/** One time slot of the horizon (R1); a problem fact so that capacity can be summed per slot (R21). */
public record Slot(int index) {
}
