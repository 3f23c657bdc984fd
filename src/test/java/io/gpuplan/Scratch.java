package io.gpuplan;

import io.gpuplan.problem.ProblemReader;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolverSettings;
import java.nio.file.Path;

public class Scratch {
    public static void main(String[] args) throws Exception {
        var loaded = ProblemReader.read(Path.of(args[0]));
        loaded.warnings().forEach(System.out::println);
        var r = PlanSolver.solve(loaded.problem(), SolverSettings.defaults().withMoveLimit(Long.parseLong(args[1])), p -> System.out.println(p));
        for (var jo : r.options()) {
            System.out.println(jo.job().id() + " options=" + jo.options().size() + " dominated=" + jo.dominated() + " excl=" + jo.exclusions());
        }
        r.plan().getAssignments().forEach(System.out::println);
        System.out.println(r.score() + " " + r.termination() + " moves=" + r.moves() + " speed=" + r.moveSpeed() + " " + r.wallTime());
    }
}
