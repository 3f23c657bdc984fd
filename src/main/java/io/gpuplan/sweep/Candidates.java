package io.gpuplan.sweep;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * R32.3: the candidates from stage 1's commitment vectors, in this order, a vector proposed twice kept once (with both
 * labels): the median scenario's own (scenario 0), the element-wise P25, P50, P75 and P90 of each pool's levels
 * (nearest rank, rounded up to whole instances, at most the offer's maxGpus), nothing committed, and the most frequent
 * vector (the first in scenario order among equals).
 */
public final class Candidates {
    private Candidates() {
    }

    public static List<Candidate> of(Problem p, List<ScenarioResult> stageOne) {
        Map<TreeMap<String, Integer>, List<String>> out = new LinkedHashMap<>();
        add(out, stageOne.get(0).commitments(), "the median scenario's own");
        for (int q : new int[]{25, 50, 75, 90}) {
            add(out, quantile(p, stageOne, q), "P" + q + " of the levels");
        }
        add(out, Commitments.empty(p), "nothing committed");
        add(out, mostFrequent(stageOne), "the most frequent");
        List<Candidate> list = new ArrayList<>();
        out.forEach((levels, labels) -> list.add(new Candidate(levels, List.copyOf(labels))));
        return list;
    }

    private static void add(Map<TreeMap<String, Integer>, List<String>> out, TreeMap<String, Integer> v, String label) {
        out.computeIfAbsent(new TreeMap<>(v), k -> new ArrayList<>()).add(label);
    }

    static TreeMap<String, Integer> quantile(Problem p, List<ScenarioResult> stageOne, int q) {
        TreeMap<String, Integer> v = new TreeMap<>();
        for (String id : stageOne.get(0).commitments().keySet()) {
            int level = Percentiles.nearestRankInt(stageOne.stream().map(r -> r.commitments().getOrDefault(id, 0)).toList(), q);
            Offer o = p.offer(id).orElseThrow();
            int per = Math.max(1, o.gpusPerInstance());
            int rounded = (level + per - 1) / per * per;
            v.put(id, Math.min(rounded, o.maxGpus() / per * per));
        }
        return v;
    }

    static TreeMap<String, Integer> mostFrequent(List<ScenarioResult> stageOne) {
        Map<TreeMap<String, Integer>, Integer> counts = new LinkedHashMap<>();
        stageOne.forEach(r -> counts.merge(r.commitments(), 1, Integer::sum));
        TreeMap<String, Integer> best = null;
        int most = 0;
        for (var e : counts.entrySet()) {
            if (e.getValue() > most) {
                best = e.getKey();
                most = e.getValue();
            }
        }
        return best;
    }
}
