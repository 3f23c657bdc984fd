package io.gpuplan.problem;

import java.time.LocalDate;
import java.util.Set;

/**
 * One job with every default applied (MODEL.md "Defaults and clarifications"). Equal by id, like {@link Offer}.
 *
 * @param paramsB       model size in billions of parameters, or null when the job states {@code memoryGb}
 * @param memoryGb      stated memory need (per replica for serving), or null to derive it (R7)
 * @param earliest      first day it may start (inclusive)
 * @param deadline      day by which it must be finished (exclusive, R2)
 * @param windowStart   serving window start (inclusive); null unless {@code work} is {@link Work.Serving}
 * @param residency     allowed jurisdictions after expanding groups; empty means anywhere (R12)
 * @param vendors       allowed accelerator vendors; empty means any (R13)
 */
public record Job(String id, JobKind kind, Double paramsB, Precision precision, FineTuneMethod method,
                  Double memoryGb, Work work, double utilization, GpuRange gpus,
                  LocalDate earliest, LocalDate deadline, LocalDate windowStart, LocalDate windowEnd,
                  boolean interruptible, double checkpointHours, double restartHours, double deadlineConfidence,
                  Set<String> residency, Set<String> vendors, Stack stack, Migration migration, Dataset dataset,
                  int priority) {
    public Job {
        residency = Set.copyOf(residency);
        vendors = Set.copyOf(vendors);
    }

    public boolean isServing() {
        return work instanceof Work.Serving;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Job other && id.equals(other.id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return id;
    }
}
