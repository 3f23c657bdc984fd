package io.gpuplan.sweep;

import java.util.List;

/**
 * R32.4: a candidate on every scenario (failed scenarios left out of every candidate alike), in cents.
 *
 * @param rows                  its stage-2 result per scenario, in scenario order
 * @param unplannedPrioritySum  summed over the scenarios (compared exactly: every candidate has the same N)
 * @param regrets               per scenario: its cost less that scenario's own stage-1 optimum
 */
public record CandidateStats(int index, Candidate candidate, List<ScenarioResult> rows, long expectedCents, long p50Cents,
                             long p90Cents, long unplannedPrioritySum, long expectedStrandedCents, List<Long> regrets,
                             long meanRegretCents, long maxRegretCents) {
    public static CandidateStats of(int index, Candidate c, List<ScenarioResult> rows, List<ScenarioResult> own) {
        List<Long> costs = rows.stream().map(ScenarioResult::costCents).toList();
        List<Long> regrets = new java.util.ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            regrets.add(rows.get(i).costCents() - own.get(i).costCents());
        }
        return new CandidateStats(index, c, List.copyOf(rows), Percentiles.mean(costs), Percentiles.nearestRank(costs, 50),
                Percentiles.nearestRank(costs, 90), rows.stream().mapToLong(ScenarioResult::unplannedPriority).sum(),
                Percentiles.mean(rows.stream().map(ScenarioResult::strandedCents).toList()), List.copyOf(regrets),
                Percentiles.mean(regrets), regrets.stream().mapToLong(Long::longValue).max().orElse(0));
    }

    public double expectedUnplannedPriority() {
        return rows.isEmpty() ? 0 : (double) unplannedPrioritySum / rows.size();
    }

    public long cents(Objective o) {
        return o == Objective.P90 ? p90Cents : expectedCents;
    }
}
