package io.gpuplan.rules;

/** Where and when a plan runs one job: offer, GPUs asked, first slot. */
public record Placement(String job, String offer, int gpus, int startSlot) {
}
