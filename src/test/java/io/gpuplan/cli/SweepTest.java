package io.gpuplan.cli;

import static io.gpuplan.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.sweep.Percentiles;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * R32 end to end on the bundled example: the sweep recommends another commitment than the median scenario's own, says
 * why with both levels and the P50/P90 figures, its statistics are the CSV rows' (recomputed here), and the same seed
 * gives the same files byte for byte.
 */
class SweepTest {
    static final String EXAMPLE = "problems/uncertain-demand-2027q3.yaml";
    static final String BASE = "uncertain-demand-2027q3";

    @TempDir
    Path dir;

    static CliTest.Run sweep(Path out, String seed) {
        return run("sweep", EXAMPLE, "--scenarios", "12", "--seed", seed, "--move-limit", "5000", "--parallel", "2",
                "--out", out.toString());
    }

    /** The CSV's cost column per candidate number, in row order. */
    static Map<Integer, List<Long>> costs(String csv, int column) {
        Map<Integer, List<Long>> out = new LinkedHashMap<>();
        for (String line : csv.lines().skip(1).toList()) {
            List<String> cells = cells(line);
            out.computeIfAbsent(Integer.parseInt(cells.get(0)), k -> new ArrayList<>())
                    .add(new BigDecimal(cells.get(column)).movePointRight(2).longValueExact());
        }
        return out;
    }

    /** Splits a CSV line whose only quoted cells hold no quotes. */
    static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"|([^,]*)").matcher(line);
        int at = 0;
        while (at <= line.length() && m.find(at)) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2));
            at = m.end() + 1;
        }
        return out;
    }

    static String money(long cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }

    @Test
    void recommendsOtherThanTheMedianScenarioAndSaysWhyWithFiguresFromItsRows() throws IOException {
        Path a = dir.resolve("a");
        CliTest.Run r = sweep(a, "7");
        assertEquals(0, r.code(), r.err() + r.out());
        assertTrue(r.err().contains("stage 1: 12/12 solves") && r.err().contains("stage 2: "), r.err());
        String md = Files.readString(a.resolve(BASE + ".sweep.md"));
        String csv = Files.readString(a.resolve(BASE + ".sweep.csv"));
        // Candidate 1 is the median scenario's own; the starred row is the recommendation.
        Matcher star = Pattern.compile("\\n\\| (\\d+) ★ \\| ([^|]+) \\|").matcher(md);
        assertTrue(star.find(), md);
        int recommended = Integer.parseInt(star.group(1));
        assertNotEquals(1, recommended, "the sweep recommends the median scenario's own commitment:\n" + md);
        Matcher first = Pattern.compile("\\n\\| 1 \\| ([^|]+) \\|").matcher(md);
        assertTrue(first.find(), md);
        String median = first.group(1).trim();
        String chosen = star.group(2).trim();
        // The reason names both levels and the change at P50 and at P90.
        Matcher reason = Pattern.compile("buying " + Pattern.quote(chosen) + " instead of " + Pattern.quote(median)
                + " \\(the median scenario's own\\) costs ([0-9.]+) % (more|less) at P50 (but|and) ([0-9.]+) % (more|less) at P90").matcher(md);
        assertTrue(reason.find(), md);
        // Every figure of the table is the CSV's rows recomputed: mean (half up), P50 and P90 by nearest rank.
        Map<Integer, List<Long>> cost = costs(csv, 4);
        for (var e : cost.entrySet()) {
            List<Long> v = e.getValue();
            assertEquals(12, v.size());
            List<Long> sorted = v.stream().sorted().toList();
            long mean = new BigDecimal(v.stream().mapToLong(Long::longValue).sum()).divide(BigDecimal.valueOf(12), 0,
                    java.math.RoundingMode.HALF_UP).longValueExact();
            long p50 = sorted.get(5);  // ceil(0.5 x 12) = 6th smallest
            long p90 = sorted.get(10); // ceil(0.9 x 12) = 11th smallest
            assertEquals(Percentiles.nearestRank(v, 50), p50);
            String row = "| " + money(mean) + " | " + money(p50) + " | " + money(p90) + " |";
            assertTrue(md.contains(row), "candidate " + e.getKey() + ": " + row + "\n" + md);
        }
        // The P50 and P90 percentages are those of the two candidates' figures.
        List<Long> med = cost.get(1).stream().sorted().toList();
        List<Long> rec = cost.get(recommended).stream().sorted().toList();
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f", Math.abs((rec.get(5) - med.get(5)) * 100.0 / med.get(5))), reason.group(1));
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f", Math.abs((rec.get(10) - med.get(10)) * 100.0 / med.get(10))), reason.group(4));
        for (String f : List.of(".sweep.html", ".sweep-median.plan.yaml", ".sweep-p50.focus.csv", ".sweep-p90.focus.csv")) {
            assertTrue(Files.isRegularFile(a.resolve(BASE + f)), f);
        }
        // R32.8: each scenario plan is a plan of the scenario file beside it, and states the commitment's cost itself:
        // verify agrees, and the plan's total is the CSV's cost of that scenario under the recommendation.
        for (String s : List.of("median", "p50", "p90")) {
            CliTest.Run v = run("verify", a.resolve(BASE + ".sweep-" + s + ".yaml").toString(),
                    a.resolve(BASE + ".sweep-" + s + ".plan.yaml").toString());
            assertEquals(0, v.code(), s + ": " + v.out() + v.err());
        }
        String medianPlan = Files.readString(a.resolve(BASE + ".sweep-median.plan.yaml"));
        String scenarioFile = Files.readString(a.resolve(BASE + ".sweep-median.yaml"));
        Matcher level = Pattern.compile("\\{id: \"([^\"]+)\", committedGpus: (\\d+)\\}").matcher(scenarioFile);
        assertTrue(level.find(), scenarioFile);
        assertTrue(chosen.startsWith(level.group(2) + " GPUs on " + level.group(1)), chosen + " vs " + scenarioFile);
        assertTrue(medianPlan.contains("reservations:\n- offer: " + level.group(1) + "\n"), "the plan buys on the offer itself");
        assertFalse(medianPlan.contains("(carried)"), "no carried pool at price 0: the plan pays its commitment");
        String scenario0 = csv.lines().skip(1).map(SweepTest::cells)
                .filter(c -> c.get(0).equals("" + recommended) && c.get(2).equals("0")).findFirst().orElseThrow().get(4);
        assertTrue(medianPlan.contains("totals:\n  cost: " + scenario0 + "\n"), scenario0 + "\n" + medianPlan);

        // Same seed: the same files, byte for byte; another seed: other scenarios.
        Path b = dir.resolve("b");
        assertEquals(0, sweep(b, "7").code());
        for (String f : List.of(".sweep.md", ".sweep.csv", ".sweep.html", ".sweep-median.plan.yaml", ".sweep-median.yaml",
                ".sweep-p90.yaml", ".sweep-p90.focus.csv")) {
            assertArrayEquals(Files.readAllBytes(a.resolve(BASE + f)), Files.readAllBytes(b.resolve(BASE + f)), f);
        }
        Path c = dir.resolve("c");
        assertEquals(0, sweep(c, "8").code());
        assertNotEquals(csv, Files.readString(c.resolve(BASE + ".sweep.csv")));
    }

    @Test
    void badArgumentsAndBadInputExitTwoWritingNothing() throws IOException {
        Path out = dir.resolve("out");
        CliTest.Run r = run("sweep", EXAMPLE, "--scenarios", "0", "--objective", "median", "--out", out.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--scenarios: 0") && r.err().contains("--objective: \"median\"; give expected or p90"), r.err());
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, Files.readString(Path.of(EXAMPLE)).replace("demand: {probability: 0.4}", "demand: {probability: 1.4}"));
        r = run("sweep", bad.toString(), "--scenarios", "3", "--out", out.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().matches("(?s).*" + Pattern.quote(bad.toString()) + ":\\d+:\\d+: jobs\\[7\\]\\.demand\\.probability: is 1\\.4.*"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aTamperedSweepPlanIsCaughtByVerify() throws IOException {
        Path a = dir.resolve("t");
        CliTest.Run r = run("sweep", EXAMPLE, "--scenarios", "3", "--seed", "7", "--move-limit", "2000", "--parallel", "2",
                "--out", a.toString());
        assertEquals(0, r.code(), r.err() + r.out());
        Path problem = a.resolve(BASE + ".sweep-median.yaml");
        Path plan = a.resolve(BASE + ".sweep-median.plan.yaml");
        assertEquals(0, run("verify", problem.toString(), plan.toString()).code());
        String text = Files.readString(plan);
        Matcher level = Pattern.compile("reservations:\n- offer: [^\n]+\n(?:  [^\n]+\n)*?  gpus: (\\d+)\n").matcher(text);
        assertTrue(level.find(), text);
        int gpus = Integer.parseInt(level.group(1));
        // Buying fewer GPUs than committed (with the cost to match) is not this scenario's plan: R32.8 fixes the level.
        Path fewer = a.resolve("fewer.plan.yaml");
        Files.writeString(fewer, text.substring(0, level.start(1)) + (gpus - 8) + text.substring(level.end(1)));
        CliTest.Run v = run("verify", problem.toString(), fewer.toString());
        assertNotEquals(0, v.code(), v.out() + v.err());
        assertTrue((v.out() + v.err()).contains("committedGpus fixes " + gpus + " (R32.8)"), v.out() + v.err());
        // Hiding the commitment's cost (the carried pool's 0.00 of before) is caught as well.
        Path free = a.resolve("free.plan.yaml");
        Files.writeString(free, text.replaceFirst("  horizonCost: [0-9.]+\n", "  horizonCost: 0.00\n"));
        v = run("verify", problem.toString(), free.toString());
        assertNotEquals(0, v.code(), v.out() + v.err());
        assertTrue((v.out() + v.err()).contains("reservations[0].horizonCost: the plan states 0.00"), v.out() + v.err());
    }
}
