package io.gpuplan.bench;

import io.gpuplan.engine.TaskEngine;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * One engine task: solve a problem given as YAML text with a seed and a move limit (no CP-SAT), the same on every engine
 * and machine. It carries the problem's text, not a Problem (which is not Serializable): the worker parses it.
 *
 * @param moveLimit moves before the solve stops; the time limit behind it is only a safety cap
 */
public record BenchSolve(String name, String problemYaml, long seed, long moveLimit) implements Serializable {
    /** What a solve gave: its score and a SHA-256 of its decisions (placements by job, then reservations by offer). */
    public record Result(String name, String score, String decisions) implements Serializable {
    }

    /** The task the engines run: {@link #solve()}. */
    public static TaskEngine.Task<BenchSolve, Result> task() {
        return BenchSolve::solve;
    }

    /** {@code count} generated quarters of {@code jobs} x {@code offers} over {@code days} days, seeds 1..count. */
    public static List<BenchSolve> generated(int count, int jobs, int offers, int days, long moveLimit) {
        List<BenchSolve> out = new ArrayList<>();
        for (long seed = 1; seed <= count; seed++) {
            out.add(new BenchSolve(jobs + "x" + offers + " seed " + seed, ScenarioGenerator.generate(jobs, offers, seed, days),
                    seed, moveLimit));
        }
        return List.copyOf(out);
    }

    public Result solve() {
        Problem problem;
        try {
            problem = ProblemReader.parse(name + ".yaml", problemYaml, new ArrayList<>());
        } catch (InputErrors e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
        PlanSolver.Result solved = PlanSolver.solve(problem, SolverSettings.reproducible(seed, moveLimit), p -> {
        });
        return new Result(name, solved.score().toString(), digest(SolutionDecisions.of(solved.plan())));
    }

    /** The decisions written out in a fixed order (placements by job, reservations by offer id), hashed. */
    static String digest(Decisions decisions) {
        StringBuilder text = new StringBuilder();
        decisions.placements().stream().sorted(Comparator.comparing(Placement::job))
                .forEach(p -> text.append(p).append('\n'));
        text.append(new TreeMap<>(decisions.reservations()));
        return ProblemReader.sha256(text.toString().getBytes(StandardCharsets.UTF_8));
    }
}
