package io.gpuplan;

import ai.timefold.solver.core.config.solver.EnvironmentMode;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolverSettings;
import java.nio.file.Path;

/** Developer scratch runner: solve a file and print options, assignments and speed. */
public class Scratch {
    public static void main(String[] args) throws Exception {
        var loaded = ProblemReader.read(Path.of(args[0]));
        loaded.warnings().forEach(System.out::println);
        EnvironmentMode mode = args.length > 2 ? EnvironmentMode.valueOf(args[2]) : EnvironmentMode.PHASE_ASSERT;
        var r = PlanSolver.solve(loaded.problem(), SolverSettings.defaults().withMoveLimit(Long.parseLong(args[1])).withEnvironmentMode(mode), p -> { });
        for (var jo : r.options()) {
            System.out.println(jo.job().id() + " options=" + jo.options().size() + " dominated=" + jo.dominated() + " excl=" + jo.exclusions());
        }
        r.plan().getAssignments().forEach(System.out::println);
        System.out.println(r.score() + " " + r.termination() + " moves=" + r.moves() + " speed=" + r.moveSpeed() + " " + r.wallTime());
    }
}
