package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare and frontier as a planner runs them on a base scenario and its overlays. */
class CompareTest {
    static final String BASE = "src/test/resources/overlays/base.yaml";
    static final String GOOD = "src/test/resources/overlays/good.yaml";
    static final String CHAINED = "src/test/resources/overlays/chained.yaml";
    static final String BROKEN = "src/test/resources/overlays/broken.yaml";

    @TempDir
    Path dir;

    static CliTest.Run run(String... args) {
        return CliTest.run(args);
    }

    @Test
    void everyFigureOfTheTableIsTheOneInItsPlanFile() throws Exception {
        Path out = dir.resolve("a");
        CliTest.Run r = run("compare", BASE, GOOD, CHAINED, "--out", out.toString(), "--move-limit", "5000");
        assertEquals(0, r.code(), r.err());
        List<String> csv = Files.readAllLines(out.resolve("base.comparison.csv"));
        assertEquals("group,figure,base,good,chained", csv.get(0));
        for (String[] row : List.of(csv.get(1).split(","), csvRow(csv, "planned"), csvRow(csv, "P90 cost"))) {
            for (int i = 0; i < 3; i++) {
                PlanDocument plan = PlanReader.read(out.resolve(List.of("base", "good", "chained").get(i) + ".plan.yaml"));
                String expected = switch (row[1]) {
                    case "planned" -> plan.summary().planned() + " of " + plan.summary().jobs();
                    case "P90 cost" -> plan.risk().p90Cost().toPlainString();
                    default -> plan.totals().cost().toPlainString();
                };
                assertEquals(expected, row[2 + i], row[1]);
            }
        }
        String md = Files.readString(out.resolve("base.comparison.md"));
        assertTrue(md.contains("## What changed, against base"), md);
        assertTrue(md.contains("### good") && md.contains("### chained"), md);
        assertTrue(Files.readString(out.resolve("base.comparison.html")).contains("<table class=\"comparison\">"));
    }

    @Test
    void theSameSeedsGiveByteIdenticalOutputs() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertEquals(0, run("compare", BASE, GOOD, "--out", a.toString(), "--move-limit", "5000", "--parallel", "2").code());
        assertEquals(0, run("compare", BASE, GOOD, "--out", b.toString(), "--move-limit", "5000", "--parallel", "1").code());
        for (String f : List.of("base.comparison.md", "base.comparison.csv", "base.comparison.html", "good.focus.csv",
                "good.report.html", "good.report.md")) {
            assertEquals(Files.readString(a.resolve(f)), Files.readString(b.resolve(f)), f);
        }
        String planA = Files.readString(a.resolve("good.plan.yaml"));
        String planB = Files.readString(b.resolve("good.plan.yaml"));
        assertEquals(planA.substring(0, planA.indexOf("\nrun:")), planB.substring(0, planB.indexOf("\nrun:")));
    }

    @Test
    void aBrokenOverlayFailsClearlyWhileTheOthersStillFinish() throws Exception {
        Path out = dir.resolve("c");
        CliTest.Run r = run("compare", BASE, BROKEN, GOOD, "--out", out.toString(), "--move-limit", "5000");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().contains(BROKEN + ":4:12: offers.update[0].id: no offer with id \"odd\" in the base"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertTrue(r.out().contains("broken: FAILED: bad input"), r.out());
        assertTrue(Files.exists(out.resolve("base.plan.yaml")) && Files.exists(out.resolve("good.plan.yaml")));
        assertEquals("group,figure,base,good", Files.readAllLines(out.resolve("base.comparison.csv")).get(0));
    }

    @Test
    void anUpToDatePlanIsNotSolvedAgain() throws Exception {
        Path out = dir.resolve("d");
        assertEquals(0, run("compare", BASE, GOOD, "--out", out.toString(), "--move-limit", "5000").code());
        CliTest.Run again = run("compare", BASE, GOOD, "--out", out.toString(), "--move-limit", "5000");
        assertTrue(again.out().contains("up to date: base:") && again.out().contains("up to date: good:"), again.out());
        CliTest.Run other = run("compare", BASE, GOOD, "--out", out.toString(), "--move-limit", "6000");
        assertFalse(other.out().contains("up to date"), "another move limit means another plan: " + other.out());
    }

    @Test
    void theFrontierNeverPlansLessPriorityForMoreBudget() throws Exception {
        Path out = dir.resolve("f");
        CliTest.Run r = run("frontier", BASE, "--budgets", "20k..100k/5", "--out", out.toString(), "--move-limit", "5000");
        assertEquals(0, r.code(), r.err());
        List<String> rows = Files.readAllLines(out.resolve("base.frontier.csv"));
        assertEquals(6, rows.size(), rows.toString());
        long previous = -1;
        for (String row : rows.subList(1, rows.size())) {
            long priority = Long.parseLong(row.split(",")[3]);
            assertTrue(priority >= previous, rows.toString());
            previous = priority;
        }
        assertTrue(Files.exists(out.resolve("base.frontier/base.budget-20000.plan.yaml")));
        CliTest.Run verify = run("verify", out.resolve("base.frontier/base.budget-20000.yaml").toString(),
                out.resolve("base.frontier/base.budget-20000.plan.yaml").toString());
        assertEquals(0, verify.code(), verify.out());
        assertTrue(Files.readString(out.resolve("base.frontier.html")).contains("<svg class=\"chart frontier\""));
    }

    private static String[] csvRow(List<String> csv, String figure) {
        return csv.stream().map(l -> l.split(",")).filter(c -> c[1].equals(figure)).findFirst().orElseThrow();
    }
}
