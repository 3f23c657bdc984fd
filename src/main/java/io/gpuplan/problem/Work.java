package io.gpuplan.problem;

import java.util.Map;

/** How a job states its work (R9); serving jobs state none and hold a fixed window. */
public sealed interface Work {
    /** (a) FLOPs, given or derived from tokens: 6·N·D for training and fine-tuning, 2·N·D otherwise. */
    record Flops(double flops) implements Work {
    }

    /** (b) GPU-hours measured or estimated on a reference accelerator. */
    record ReferenceHours(double gpuHours, Accelerator reference) implements Work {
    }

    /**
     * (c) Units to process and measured units/second per GPU. The same part measures differently per cloud (drivers,
     * interconnect, storage), so a rate may be keyed by offer id or provider as well as by accelerator; an offer takes
     * the most specific key that names it.
     *
     * @param unitsPerSecondPerGpu by canonical accelerator name
     */
    record Throughput(double units, Map<String, Double> unitsPerSecondPerGpu, Map<String, Double> byOffer,
                      Map<String, Double> byProvider) implements Work {
        public Throughput {
            unitsPerSecondPerGpu = Map.copyOf(unitsPerSecondPerGpu);
            byOffer = Map.copyOf(byOffer);
            byProvider = Map.copyOf(byProvider);
        }

        /** Rates by accelerator only. */
        public Throughput(double units, Map<String, Double> unitsPerSecondPerGpu) {
            this(units, unitsPerSecondPerGpu, Map.of(), Map.of());
        }

        /** The measured rate on this offer: by its id, else its provider, else its accelerator; null when none. */
        public Double rateOn(Offer offer) {
            Double rate = byOffer.get(offer.id());
            if (rate == null) {
                rate = byProvider.get(offer.provider());
            }
            return rate != null ? rate : unitsPerSecondPerGpu.get(offer.accelerator().name());
        }
    }

    /** Inference serving: replicas held for a window, no work to finish. */
    record Serving(int replicas, Integer maxGpusPerReplica) implements Work {
    }
}
