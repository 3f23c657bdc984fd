package io.gpuplan.bench;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark's Markdown: the machine, one row per run, and the issue-5 targets with whether each is met. The
 * same text goes to the console and, between two marker lines, into docs/benchmarks.md (the rest of that file,
 * the tuning log, is kept as written).
 */
public final class BenchTable {
    public static final String BEGIN = "<!-- bench:begin (written by gpuplan bench; edits here are overwritten) -->";
    public static final String END = "<!-- bench:end -->";
    static final long GIB = 1L << 30;

    private BenchTable() {
    }

    public static String markdown(List<Benchmark.Result> results, String command) {
        StringBuilder sb = new StringBuilder();
        sb.append("Run ").append(LocalDate.now()).append(" with `").append(command).append("` on ").append(machine()).append(".\n\n");
        List<Duration> checkpoints = results.get(0).checkpoints();
        sb.append("| size | seed | jobs × offers | first feasible |");
        checkpoints.forEach(c -> sb.append(" cost @").append(c.toSeconds()).append(" s |"));
        sb.append(" unplanned | best bound | gap | vs greedy | moves/s | peak heap |\n|");
        sb.append("---|".repeat(10 + checkpoints.size())).append('\n');
        for (Benchmark.Result r : results) {
            var t = r.plan().totals();
            var greedy = t.baselines().get("greedy");
            sb.append("| ").append(r.size().name()).append(" | ").append(r.seed()).append(" | ").append(r.size().jobs()).append(" × ")
                    .append(r.size().offers()).append(" | ").append(r.firstFeasible() == null ? "none" : seconds(r.firstFeasible())).append(" |");
            for (int i = 0; i < checkpoints.size(); i++) {
                Long cost = r.costAtCheckpoint().get(i);
                sb.append(' ').append(cost == null ? "—" : money(BigDecimal.valueOf(cost, 2)) + (r.worseAtCheckpoint().get(i) ? "†" : "")).append(" |");
            }
            sb.append(' ').append(r.plan().summary().unplanned()).append(" (").append(r.unplannedWithOptions()).append(") | ")
                    .append(money(t.lowerBound().best())).append(" (").append(r.boundKind()).append(") | ")
                    .append(r.gap() == null ? "—" : percent(r.gap())).append(" | ")
                    .append(greedy.savingsPercent() == null ? "—" : greedy.savingsPercent().stripTrailingZeros().toPlainString() + " %")
                    .append(greedy.feasible() && greedy.planned() == r.plan().summary().planned() ? "" : "‡").append(" | ")
                    .append(r.plan().run().movesPerSecond() == null ? "—" : String.format(Locale.ROOT, "%,d", r.plan().run().movesPerSecond()))
                    .append(" | ").append(String.format(Locale.ROOT, "%.2f GiB", r.peakHeapBytes() / (double) GIB)).append(" |\n");
        }
        sb.append("\nCosts in USD; times from reading the problem (they include sizing and the warm start). ")
                .append("† that plan left more priority unplanned than the final one. ")
                .append("‡ the greedy baseline runs a different set of jobs or breaks a rule, so the saving is not like for like. ")
                .append("Unplanned: jobs left out (of which could have run on some option; the rest have none). ")
                .append("Gap = (cost − best bound) / best bound, for the jobs the plan runs. Peak heap: the heap pools' peaks summed")
                .append(" (max heap ").append(String.format(Locale.ROOT, "%.1f GiB", results.get(0).maxHeapBytes() / (double) GIB)).append(").\n\n");
        sb.append(targets(results));
        return sb.toString();
    }

    /** The issue's targets, each with the measured figure over all seeds of its size. */
    static String targets(List<Benchmark.Result> results) {
        List<String> lines = new ArrayList<>();
        List<Benchmark.Result> l = of(results, "L");
        if (!l.isEmpty()) {
            double worst = l.stream().mapToDouble(r -> r.firstFeasible() == null ? Double.POSITIVE_INFINITY : r.firstFeasible().toMillis() / 1000.0).max().orElseThrow();
            double heap = l.stream().mapToLong(Benchmark.Result::peakHeapBytes).max().orElseThrow() / (double) GIB;
            lines.add(line(worst <= 15 && heap <= 2, "L: first feasible plan in ≤ 15 s with ≤ 2 GiB heap",
                    String.format(Locale.ROOT, "slowest %.1f s, peak heap %.2f GiB", worst, heap)));
        }
        List<Benchmark.Result> m = of(results, "M");
        if (!m.isEmpty()) {
            BigDecimal gap = m.stream().map(r -> r.gap() == null ? BigDecimal.ONE : r.gap()).max(BigDecimal::compareTo).orElseThrow();
            lines.add(line(gap.compareTo(new BigDecimal("0.02")) <= 0, "M: within 2 % of the lower bound in 60 s",
                    "largest gap " + percent(gap)));
            long speed = m.stream().mapToLong(r -> r.plan().run().movesPerSecond() == null ? 0 : r.plan().run().movesPerSecond()).min().orElseThrow();
            lines.add(line(speed >= 50_000, "M: score calculation ≥ 50,000 moves/s", String.format(Locale.ROOT, "slowest %,d moves/s", speed)));
        }
        List<Benchmark.Result> s = of(results, "S");
        if (!s.isEmpty()) {
            // Proven: the cost meets a lower bound for the jobs planned, and no job that could run was left out.
            long proven = s.stream().filter(r -> r.gap() != null && r.gap().signum() == 0 && r.unplannedWithOptions() == 0).count();
            lines.add(line(proven == s.size(), "S: the proven optimum (every job that can run runs, at a cost equal to a lower bound)",
                    proven + " of " + s.size() + " seeds proven optimal; largest gap "
                            + percent(s.stream().map(r -> r.gap() == null ? BigDecimal.ONE : r.gap()).max(BigDecimal::compareTo).orElseThrow())));
        }
        return lines.isEmpty() ? "" : "Targets (issue 5):\n\n" + String.join("\n", lines) + "\n";
    }

    private static List<Benchmark.Result> of(List<Benchmark.Result> results, String size) {
        return results.stream().filter(r -> r.size().name().equals(size)).toList();
    }

    private static String line(boolean met, String target, String measured) {
        return "- " + (met ? "met" : "**not met**") + " — " + target + ": " + measured;
    }

    /** Replaces what lies between the markers of {@code doc} (or appends the markers) with {@code table}. */
    public static String replaceBetweenMarkers(String doc, String table) {
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        String block = BEGIN + "\n" + table + END;
        if (begin < 0 || end < begin) {
            return doc + (doc.isEmpty() || doc.endsWith("\n") ? "" : "\n") + "\n" + block + "\n";
        }
        return doc.substring(0, begin) + block + doc.substring(end + END.length());
    }

    static String machine() {
        Runtime rt = Runtime.getRuntime();
        return rt.availableProcessors() + " cores" + cpuModel() + ", " + System.getProperty("java.vm.vendor") + " JDK "
                + System.getProperty("java.version") + ", " + System.getProperty("os.name") + " " + System.getProperty("os.arch");
    }

    private static String cpuModel() {
        try {
            return java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name")).findFirst().map(l -> " (" + l.substring(l.indexOf(':') + 1).trim() + ")").orElse("");
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    private static String money(BigDecimal v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    private static String percent(BigDecimal fraction) {
        return fraction.movePointRight(2).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString() + " %";
    }
}
