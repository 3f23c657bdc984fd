package io.gpuplan.model;

/**
 * One amount a provider bills (R22's charges), and whether it opens the provider (R27): a job on one of its offers
 * or a reservation does; egress billed for a dataset it holds does not.
 */
record ProviderSpend(String provider, long cents, boolean opens) {
}
