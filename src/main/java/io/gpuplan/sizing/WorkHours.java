package io.gpuplan.sizing;

import io.gpuplan.problem.Accelerator;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Work;

/** R9: compute hours T of a job on {@code gpus} accelerators. */
public final class WorkHours {
    private WorkHours() {
    }

    /** Hours on one offer: a measured throughput (form c) may be keyed by the offer or its provider too. */
    public static double hours(Work work, double utilization, Offer offer, int gpus, double perf, double efficiency) {
        if (work instanceof Work.Throughput t) {
            Double rate = t.rateOn(offer);
            return rate == null ? Double.NaN : t.units() / (gpus * rate * efficiency) / 3600;
        }
        return hours(work, utilization, offer.accelerator(), gpus, perf, efficiency);
    }

    /**
     * @param perf       1, or the migration performance factor (R16)
     * @param efficiency eff(g): 1 on one instance, else the offer's crossNodeEfficiency
     * @return hours, or NaN when the work form cannot run on this accelerator (no measured throughput; keys by offer
     *         or provider need {@link #hours(Work, double, Offer, int, double, double)})
     */
    public static double hours(Work work, double utilization, Accelerator acc, int gpus, double perf, double efficiency) {
        return switch (work) {
            case Work.Flops f -> f.flops() / (gpus * acc.fp16Tflops() * 1e12 * utilization * perf * efficiency) / 3600;
            case Work.ReferenceHours r ->
                    r.gpuHours() * r.reference().fp16Tflops() / acc.fp16Tflops() / (gpus * perf * efficiency);
            case Work.Throughput t -> {
                Double rate = t.unitsPerSecondPerGpu().get(acc.name());
                yield rate == null ? Double.NaN : t.units() / (gpus * rate * efficiency) / 3600;
            }
            case Work.Serving s -> throw new IllegalArgumentException("serving jobs hold a window, they have no work");
        };
    }

    /** Days of training at a given hardware utilization: the articles' formula 6·N·D / (GPUs · FLOPS · util · 86 400). */
    public static double trainingDays(double paramsB, double tokens, int gpus, double tflops, double utilization) {
        return 6 * paramsB * 1e9 * tokens / (gpus * tflops * 1e12 * utilization) / 86_400;
    }
}
