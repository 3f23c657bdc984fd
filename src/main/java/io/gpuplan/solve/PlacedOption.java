package io.gpuplan.solve;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One job's option and start slot, as a search holds it. */
public record PlacedOption(Option option, int start) {

    public Placement placement() {
        return new Placement(option.job().id(), option.offer().id(), option.gpus(), start);
    }

    /**
     * The decisions of these placements, each reserved offer bought at the peak GPUs its jobs use at once (never more
     * than maxGpus: what {@link io.gpuplan.model.ReservedPool#bought} buys). A start outside the horizon (a plan that
     * breaks R2) counts only the slots that exist.
     */
    public static Decisions decisions(Problem problem, List<PlacedOption> placed) {
        List<Placement> placements = new ArrayList<>();
        Map<String, int[]> use = new LinkedHashMap<>();
        for (PlacedOption p : placed) {
            placements.add(p.placement());
            if (p.option().offer().isCommitted()) {
                int[] used = use.computeIfAbsent(p.option().offer().id(), k -> new int[problem.horizon().slots()]);
                for (int s = Math.max(0, p.start()); s < Math.min(used.length, p.start() + p.option().durationSlots()); s++) {
                    used[s] += p.option().billedGpus();
                }
            }
        }
        Map<String, Integer> reservations = new LinkedHashMap<>();
        for (Offer o : problem.offers()) {
            if (o.isCommitted()) {
                int[] u = use.get(o.id());
                reservations.put(o.id(), u == null ? 0 : Math.min(o.maxGpus(), Arrays.stream(u).max().orElse(0)));
            }
        }
        return new Decisions(placements, reservations);
    }
}
