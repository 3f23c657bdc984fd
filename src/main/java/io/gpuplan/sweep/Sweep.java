package io.gpuplan.sweep;

import io.gpuplan.previous.PreviousPlanText;
import io.gpuplan.engine.Outcome;
import io.gpuplan.engine.Progress;
import io.gpuplan.engine.TaskEngine;
import io.gpuplan.problem.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * R32: two-stage planning over N scenarios, every solve a task on a {@link TaskEngine}. Stage 1 solves each scenario
 * with its commitments free (its own optimum); stage 2 solves each candidate on every scenario with the commitments
 * fixed and the jobs re-placed.
 */
public final class Sweep {
    /** What a sweep is asked. */
    /** @param previous R31: the previous plan the problem continues, or null */
    public record Request(String problemText, String fileName, int scenarios, long seed, long moveLimit, Objective objective,
                          PreviousPlanText previous) {
        public Request(String problemText, String fileName, int scenarios, long seed, long moveLimit, Objective objective) {
            this(problemText, fileName, scenarios, seed, moveLimit, objective, null);
        }
    }

    /** A scenario that failed for good in some stage: left out of every candidate's statistics, and said so. */
    public record Failure(int scenario, String stage, String error) {
    }

    /**
     * @param own         stage 1 per scenario kept (scenario order)
     * @param candidates  per candidate its statistics over the kept scenarios
     */
    public record Result(Request request, List<ScenarioResult> own, List<CandidateStats> candidates,
                         Recommendation recommendation, List<Failure> failures) {
        public CandidateStats recommended() {
            return candidates.get(recommendation.index());
        }
    }

    private Sweep() {
    }

    /** @param progress told per stage ("stage 1", "stage 2") how far it is */
    public static Result run(Problem problem, Request q, TaskEngine engine, BiConsumer<String, Progress> progress) {
        List<SweepTask> first = SweepWorker.stageOne(q, q.seed());
        List<Outcome<ScenarioResult>> ones = engine.map(first, SweepWorker::run, p -> progress.accept("stage 1", p));
        List<Failure> failures = new ArrayList<>();
        for (int i = 0; i < ones.size(); i++) {
            if (ones.get(i).failed()) {
                failures.add(new Failure(i, "stage 1", ones.get(i).error()));
            }
        }
        if (ones.get(0).failed()) {
            throw new IllegalStateException("the median scenario (0) could not be solved: " + ones.get(0).error());
        }
        List<ScenarioResult> own = new ArrayList<>();
        ones.stream().filter(o -> !o.failed()).forEach(o -> own.add(o.value()));
        List<Candidate> candidates = Candidates.of(problem, own);
        List<SweepTask> second = new ArrayList<>();
        for (int c = 0; c < candidates.size(); c++) {
            for (ScenarioResult r : own) {
                second.add(new SweepTask(q.problemText(), q.fileName(), r.scenario(), q.seed(), c,
                        new TreeMap<>(candidates.get(c).levels()), q.moveLimit(), q.seed(), q.previous()));
            }
        }
        List<Outcome<ScenarioResult>> twos = engine.map(second, SweepWorker::run, p -> progress.accept("stage 2", p));
        java.util.Set<Integer> dropped = new java.util.TreeSet<>();
        for (int i = 0; i < twos.size(); i++) {
            if (twos.get(i).failed()) {
                int scenario = second.get(i).scenario();
                dropped.add(scenario);
                failures.add(new Failure(scenario, "stage 2, candidate " + (second.get(i).candidate() + 1), twos.get(i).error()));
            }
        }
        List<ScenarioResult> kept = own.stream().filter(r -> !dropped.contains(r.scenario())).toList();
        List<CandidateStats> stats = new ArrayList<>();
        for (int c = 0; c < candidates.size(); c++) {
            List<ScenarioResult> rows = new ArrayList<>();
            for (int i = 0; i < twos.size(); i++) {
                SweepTask t = second.get(i);
                if (t.candidate() == c && !dropped.contains(t.scenario())) {
                    rows.add(twos.get(i).value());
                }
            }
            stats.add(CandidateStats.of(c, candidates.get(c), rows, kept));
        }
        Recommendation rec = Recommendation.of(stats, q.objective(), problem.currency());
        return new Result(q, kept, List.copyOf(stats), rec, List.copyOf(failures));
    }
}
