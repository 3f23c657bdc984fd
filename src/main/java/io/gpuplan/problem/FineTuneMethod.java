package io.gpuplan.problem;

/** Fine-tuning is full unless it trains adapters only, which changes its memory need (R7). */
public enum FineTuneMethod {
    FULL, LORA, ADAPTER, QLORA;

    public boolean isAdapter() {
        return this != FULL;
    }
}
