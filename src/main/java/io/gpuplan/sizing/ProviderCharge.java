package io.gpuplan.sizing;

/** Cents billed by one provider (R22 per-provider budgets). */
public record ProviderCharge(String provider, long cents) {
}
