package io.gpuplan.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Stream;

/** Runs scenarios on a bounded pool, each on its own; one that fails does not stop the others. */
final class Batch {
    private Batch() {
    }

    static int defaultParallelism() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Runs {@code task} over the items, at most {@code parallel} at once; the outcomes come back in the items' order. */
    static <T> List<ScenarioRun.Outcome> run(List<T> items, int parallel, Function<T, ScenarioRun.Outcome> task) {
        return io.gpuplan.engine.LocalEngine.onPool(items, parallel, task);
    }

    /** The files named, with {@code *} and {@code ?} patterns (quoted, so the shell left them) expanded and sorted. */
    static List<Path> expand(List<Path> args) {
        List<Path> out = new ArrayList<>();
        for (Path arg : args) {
            String name = arg.getFileName() == null ? "" : arg.getFileName().toString();
            if (!Files.exists(arg) && (name.contains("*") || name.contains("?"))) {
                Path dir = arg.getParent() == null ? Path.of(".") : arg.getParent();
                PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + name);
                try (Stream<Path> files = Files.list(dir)) {
                    List<Path> matched = files.filter(p -> m.matches(p.getFileName())).sorted().toList();
                    out.addAll(matched.isEmpty() ? List.of(arg) : matched.stream()
                            .map(p -> arg.getParent() == null ? p.getFileName() : p).toList());
                } catch (java.io.IOException e) {
                    out.add(arg);
                }
            } else {
                out.add(arg);
            }
        }
        return out;
    }

    /** A table of how each scenario ended. */
    static void printSummary(List<ScenarioRun.Outcome> outcomes, PrintWriter out) {
        out.println();
        out.println(String.format(Locale.ROOT, "%-44s %-11s %9s %16s %9s %8s", "scenario", "status", "planned",
                "cost", "vs bound", "time"));
        for (ScenarioRun.Outcome o : outcomes) {
            if (o.plan() == null) {
                out.println(String.format(Locale.ROOT, "%-44s %-11s %s", o.base(), "FAILED", o.error()));
                continue;
            }
            var p = o.plan();
            String gap = p.totals().lowerBound().gap() == null ? "-"
                    : p.totals().lowerBound().gap().movePointRight(2).setScale(2, java.math.RoundingMode.HALF_UP) + " %";
            out.println(String.format(Locale.ROOT, "%-44s %-11s %4d/%-4d %12s %s %9s %7.1fs", o.base(),
                    p.feasible() ? (p.summary().unplanned() == 0 ? "ok" : "partial") : "INFEASIBLE",
                    p.summary().planned(), p.summary().jobs(), p.totals().cost().toPlainString(), p.currency(), gap,
                    o.wallTime().toMillis() / 1000.0));
        }
        long failed = outcomes.stream().filter(o -> o.plan() == null).count();
        out.println(outcomes.size() + " scenario" + (outcomes.size() == 1 ? "" : "s") + ", " + failed + " failed");
        out.flush();
    }
}
