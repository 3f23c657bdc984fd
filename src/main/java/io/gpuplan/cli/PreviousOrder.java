package io.gpuplan.cli;

import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * R31: the order a batch is solved in when one problem continues the plan another writes ({@code gpuplan solve
 * 'problems/*.yaml' --out solutions/} with Q2 reading solutions/Q1.plan.yaml): each after the one it continues.
 */
final class PreviousOrder {
    private PreviousOrder() {
    }

    /** The inputs in waves, each solved after the waves before it; the batch's order kept within a wave. */
    static List<List<Path>> waves(List<Path> inputs, Path outDir, Path override) {
        Map<Path, Path> writes = new HashMap<>(); // plan file -> the input that writes it
        for (Path input : inputs) {
            writes.put(key(outDir.resolve(ScenarioRun.baseName(input) + ".plan.yaml")), input);
        }
        Map<Path, Path> after = new HashMap<>(); // input -> the input whose plan it continues
        for (Path input : inputs) {
            Path previous = previousOf(input, override);
            Path writer = previous == null ? null : writes.get(key(previous));
            if (writer != null && !writer.equals(input)) {
                after.put(input, writer);
            }
        }
        Map<Path, Integer> depth = new HashMap<>();
        int deepest = 0;
        for (Path input : inputs) {
            int d = 0;
            for (Path p = after.get(input); p != null && d < inputs.size(); p = after.get(p)) {
                d++; // a cycle (two problems continuing each other) stops at the batch's size
            }
            depth.put(input, d);
            deepest = Math.max(deepest, d);
        }
        List<List<Path>> out = new ArrayList<>();
        for (int d = 0; d <= deepest; d++) {
            int level = d;
            List<Path> wave = inputs.stream().filter(i -> depth.get(i) == level).toList();
            if (!wave.isEmpty()) {
                out.add(wave);
            }
        }
        return out;
    }

    /** The previous plan the problem names, or null (also when it does not read: its solve reports why). */
    private static Path previousOf(Path input, Path override) {
        if (override != null) {
            return override;
        }
        try {
            String text = java.nio.file.Files.readString(input);
            if (!text.contains("previous") && !text.contains("extends")) {
                return null; // most problems: no second read
            }
            String requested = ProblemReader.read(input).problem().previous().requested();
            return requested == null ? null : input.resolveSibling(requested);
        } catch (InputErrors | java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    private static Path key(Path p) {
        return p.toAbsolutePath().normalize();
    }
}
