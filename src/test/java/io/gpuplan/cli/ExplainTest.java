package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** explain: a job's options ranked by cost, each with the rule that excludes it or its difference from the choice. */
class ExplainTest {
    @TempDir
    Path dir;

    @Test
    void listsEveryOptionWithItsVerdict() {
        Path out = dir.resolve("out");
        assertEquals(0, CliTest.run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "3000").code());
        CliTest.Run r = CliTest.run("explain", out.resolve("tiny.plan.yaml").toString(), "cn-risk", "--problem", TestProblems.TINY.toString());
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("cn-risk (priority 8): planned on hw-910b"), lines.get(0));
        // cn-risk must stay in CN: every US offer is ruled out by residency, whatever the GPU count.
        for (String us : List.of("aws-od", "aws-spot", "aws-ri", "gcp-od")) {
            assertTrue(lines.stream().anyMatch(l -> l.contains(us) && l.contains("R12 residency: offer is in US, job data must stay in CN")),
                    us + " in\n" + r.out());
        }
        assertTrue(lines.stream().anyMatch(l -> l.contains("hw-910b") && l.endsWith("chosen")), r.out());
        // The ranked lines come cheapest first.
        List<Double> costs = lines.stream().filter(l -> l.matches("^\\d+ .*")).map(l -> Double.parseDouble(l.substring(57, 71).trim())).toList();
        for (int i = 1; i < costs.size(); i++) {
            assertTrue(costs.get(i - 1) <= costs.get(i), r.out());
        }
    }

    /**
     * On a reserved offer an option's cost (its GPU-hours at the reserved price) is not what it adds: the
     * reservation is paid whether used or not (R18), so what it adds is the reservation's rise, its transfer and
     * migration, less what its current place costs. The line says so, with numbers that add up.
     */
    @Test
    void aReservedOptionSaysWhyItAddsOtherThanItsCost() {
        Path out = dir.resolve("out");
        assertEquals(0, CliTest.run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "3000").code());
        CliTest.Run r = CliTest.run("explain", out.resolve("tiny.plan.yaml").toString(), "pretrain-7b", "--problem", TestProblems.TINY.toString());
        assertEquals(0, r.code(), r.err());
        String line = r.out().lines().filter(l -> l.contains("aws-ri") && l.contains(" adds ")).findFirst()
                .orElseThrow(() -> new AssertionError("no reserved option that fits:\n" + r.out()));
        var m = java.util.regex.Pattern.compile("adds (-?[\\d.]+) = \\+([\\d.]+) reservation rise \\((\\d+) → (\\d+) GPUs"
                + " for the horizon\\)(?: ([+−])([\\d.]+) stranded commitment \\(R29\\))?"
                + "(?: \\+([\\d.]+) transfer, storage and migration)?(?: −([\\d.]+) its current place)?;"
                + " its own GPU-hours \\(([\\d.]+) at the reserved price\\) are paid by the reservation").matcher(line);
        assertTrue(m.find(), line);
        java.math.BigDecimal added = new java.math.BigDecimal(m.group(1));
        // R29 (tiny's pool by default): the change in the pool's stranded commitment, signed.
        java.math.BigDecimal stranded = m.group(6) == null ? java.math.BigDecimal.ZERO
                : new java.math.BigDecimal(m.group(6)).multiply(java.math.BigDecimal.valueOf("+".equals(m.group(5)) ? 1 : -1));
        java.math.BigDecimal sum = new java.math.BigDecimal(m.group(2)).add(stranded)
                .add(m.group(7) == null ? java.math.BigDecimal.ZERO : new java.math.BigDecimal(m.group(7)))
                .subtract(m.group(8) == null ? java.math.BigDecimal.ZERO : new java.math.BigDecimal(m.group(8)));
        assertEquals(0, added.compareTo(sum), line);
        assertTrue(Integer.parseInt(m.group(4)) > Integer.parseInt(m.group(3)), line);
        // The cost column is the option's own cost: its GPU-hours plus the transfer, storage and migration listed.
        java.math.BigDecimal own = new java.math.BigDecimal(m.group(9))
                .add(m.group(7) == null ? java.math.BigDecimal.ZERO : new java.math.BigDecimal(m.group(7)));
        assertTrue(line.contains(" " + own.toPlainString() + " "), "the own cost is the cost column: " + line);
        assertTrue(r.out().contains("what an option adds is the reservation's rise, not that cost"), r.out());
    }

    /** Issue 11 point 13: by default one line per offer (its best count); {@code --all} lists every GPU count. */
    @Test
    void showsTheBestCountPerOfferUnlessAskedForAll() {
        Path out = dir.resolve("out");
        assertEquals(0, CliTest.run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "3000").code());
        String plan = out.resolve("tiny.plan.yaml").toString();
        CliTest.Run best = CliTest.run("explain", plan, "pretrain-7b", "--problem", TestProblems.TINY.toString());
        CliTest.Run all = CliTest.run("explain", plan, "pretrain-7b", "--problem", TestProblems.TINY.toString(), "--all");
        assertEquals(0, best.code(), best.err());
        assertEquals(0, all.code(), all.err());
        List<String> offers = rows(best.out()).stream().map(l -> l.substring(5, 33).trim()).toList();
        assertEquals(offers.stream().distinct().toList().size(), offers.size(), "one line per offer:\n" + best.out());
        assertTrue(best.out().lines().anyMatch(l -> l.endsWith("chosen")), best.out());
        assertTrue(rows(all.out()).size() > rows(best.out()).size(), all.out());
        assertTrue(best.out().contains("--all"), "says how to see every count:\n" + best.out());
        // Every offer of --all is still there, on its best line.
        assertEquals(rows(all.out()).stream().map(l -> l.substring(5, 33).trim()).distinct().sorted().toList(),
                offers.stream().sorted().toList());
    }

    /** Issue 11 point 13: a plan written with --out elsewhere still finds its problem file. */
    @Test
    void findsTheProblemOfAPlanWrittenElsewhere() {
        Path out = dir.resolve("somewhere").resolve("else");
        assertEquals(0, CliTest.run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "1000").code());
        CliTest.Run r = CliTest.run("explain", out.resolve("tiny.plan.yaml").toString(), "cn-risk");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("cn-risk (priority 8): planned on"), r.out());
    }

    /** The option lines of explain's table (after its header). */
    private static List<String> rows(String out) {
        List<String> lines = out.lines().toList();
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("rank ")).findFirst().orElseThrow());
        // The table ends at the first blank line (notes follow it).
        return lines.subList(header + 1, lines.size()).stream().takeWhile(l -> !l.isBlank())
                .filter(l -> !l.startsWith(" ")).toList();
    }

    @Test
    void anUnknownJobIsBadInputWithASuggestion() {
        Path out = dir.resolve("out");
        assertEquals(0, CliTest.run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "1000").code());
        CliTest.Run r = CliTest.run("explain", out.resolve("tiny.plan.yaml").toString(), "cn-riks", "--problem", TestProblems.TINY.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("no job \"cn-riks\" (did you mean \"cn-risk\"?)"), r.err());
    }
}
