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
                + " for the horizon\\)(?: \\+([\\d.]+) transfer and migration)?(?: −([\\d.]+) its current place)?;"
                + " its own GPU-hours \\(([\\d.]+) at the reserved price\\) are paid by the reservation").matcher(line);
        assertTrue(m.find(), line);
        java.math.BigDecimal added = new java.math.BigDecimal(m.group(1));
        java.math.BigDecimal sum = new java.math.BigDecimal(m.group(2))
                .add(m.group(5) == null ? java.math.BigDecimal.ZERO : new java.math.BigDecimal(m.group(5)))
                .subtract(m.group(6) == null ? java.math.BigDecimal.ZERO : new java.math.BigDecimal(m.group(6)));
        assertEquals(0, added.compareTo(sum), line);
        assertTrue(Integer.parseInt(m.group(4)) > Integer.parseInt(m.group(3)), line);
        assertTrue(line.contains(" " + m.group(7) + " "), "the own cost is the cost column: " + line);
        assertTrue(r.out().contains("what an option adds is the reservation's rise, not that cost"), r.out());
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
