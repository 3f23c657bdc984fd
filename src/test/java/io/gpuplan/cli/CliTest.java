package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.TestProblems;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands as a user runs them: exit codes, messages, and what is (not) written. */
class CliTest {
    @TempDir
    Path dir;

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void validateReportsEveryErrorWithItsLocationAndExitsTwoWithoutAStackTrace() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, """
                name: broken
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: a, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,
                     purchase: on-demand, pricePerHuor: 4.1}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e18, gpus: lots}
                """);
        Run r = run("validate", bad.toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains(bad + ":5:27: offers[0].pricePerHuor: unknown field \"pricePerHuor\" (did you mean \"price\"?)"), r.err());
        assertTrue(r.err().contains(bad + ":4:5: offers[0].price: missing required field"), r.err());
        assertTrue(r.err().contains(bad + ":7:63: jobs[0].gpus: expected a GPU count, got the text \"lots\""), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
    }

    @Test
    void validateCountsInTheSingularWhereThereIsOne() throws Exception {
        Path one = dir.resolve("one.yaml");
        Files.writeString(one, """
                name: one
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: a, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.1}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e18, residency: [CN]}
                """);
        Run r = run("validate", one.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith(one + ": ok (1 job, 1 offer, 0 options)"), r.out());
    }

    @Test
    void solveOfABadFileWritesNothingAndExitsTwo() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "name: x\nhorizon: {start: 2027-01-01, end: 2026-01-01}\noffers: []\njobs: []\n");
        Path out = dir.resolve("out");
        Run r = run("solve", bad.toString(), "--out", out.toString(), "--move-limit", "1000");
        assertEquals(2, r.code());
        assertFalse(Files.exists(out.resolve("bad.plan.yaml")));
        assertTrue(r.err().contains("horizon.end"), r.err());
    }

    @Test
    void solveWritesAPlanThatVerifyAccepts() {
        Path out = dir.resolve("out");
        Run solve = run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "20000");
        assertEquals(0, solve.code(), solve.err());
        Path plan = out.resolve("tiny.plan.yaml");
        assertTrue(Files.exists(plan));
        assertTrue(solve.out().contains("tiny: feasible, 4/4 jobs planned"), solve.out());
        Run verify = run("verify", TestProblems.TINY.toString(), plan.toString());
        assertEquals(0, verify.code(), verify.out() + verify.err());
        assertTrue(verify.out().contains("agrees with the rules"));
        assertTrue(Files.exists(out.resolve("tiny.focus.csv")));
    }

    @Test
    void reportRewritesTheDerivedFilesOfAPlanAndRefusesAStaleOne() throws Exception {
        Path out = dir.resolve("out");
        assertEquals(0, run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "5000").code());
        Path plan = out.resolve("tiny.plan.yaml");
        Path again = dir.resolve("again");
        Run report = run("report", plan.toString(), "--problem", TestProblems.TINY.toString(), "--out", again.toString());
        assertEquals(0, report.code(), report.err());
        assertEquals(Files.readString(out.resolve("tiny.focus.csv")), Files.readString(again.resolve("tiny.focus.csv")));
        Path edited = dir.resolve("tiny.yaml");
        Files.writeString(edited, Files.readString(TestProblems.TINY).replace("priority: 10", "priority: 11"));
        Run stale = run("report", plan.toString(), "--problem", edited.toString(), "--out", again.toString());
        assertEquals(2, stale.code());
        assertTrue(stale.err().contains("was solved for another version"), stale.err());
    }

    @Test
    void reportRefusesAPlanWhoseStatedNumbersWereEdited() throws Exception {
        // totals.cost edited to 100,000.00: the report would show it while the CSV sums the real lines.
        Path out = dir.resolve("out");
        assertEquals(0, run("solve", TestProblems.TINY.toString(), "--out", out.toString(), "--move-limit", "5000").code());
        Path plan = out.resolve("tiny.plan.yaml");
        String text = Files.readString(plan);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^totals:\\n  cost: (\\S+)$").matcher(text);
        assertTrue(m.find(), text);
        Files.writeString(plan, text.substring(0, m.start(1)) + "100000.00" + text.substring(m.end(1)));
        Path again = dir.resolve("again");
        Run report = run("report", plan.toString(), "--problem", TestProblems.TINY.toString(), "--out", again.toString());
        assertEquals(2, report.code(), report.out() + report.err());
        assertTrue(report.err().contains("totals.cost: the plan states 100000.00, the rules give " + m.group(1)), report.err());
        assertTrue(report.err().contains("not reported"), report.err());
        assertFalse(Files.exists(again.resolve("tiny.report.html")), "nothing written");
        assertFalse(report.err().contains("Exception"), report.err());
    }

    @Test
    void theSameSeedAndMoveLimitGiveTheSamePlanByteForByteApartFromTheRunSection() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        assertEquals(0, run("solve", TestProblems.TINY.toString(), "--out", a.toString(), "--move-limit", "5000").code());
        assertEquals(0, run("solve", TestProblems.TINY.toString(), "--out", b.toString(), "--move-limit", "5000").code());
        assertEquals(withoutRun(Files.readString(a.resolve("tiny.plan.yaml"))), withoutRun(Files.readString(b.resolve("tiny.plan.yaml"))));
    }

    @Test
    void aBatchSolvesEveryGoodScenarioAndSaysWhichFailed() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "name: x\nhorizon: {start: 2027-01-01, end: 2026-01-01}\noffers: []\njobs: []\n");
        Path out = dir.resolve("out");
        Run r = run("solve", bad.toString(), TestProblems.TINY.toString(), "src/test/resources/overlays/g*.yaml",
                "--out", out.toString(), "--move-limit", "3000", "--parallel", "2");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(Files.exists(out.resolve("tiny.plan.yaml")) && Files.exists(out.resolve("good.plan.yaml")), r.out());
        assertTrue(r.out().contains("bad: FAILED: bad input"), r.out());
        assertTrue(r.out().contains("3 scenarios, 1 failed"), r.out());
        assertTrue(r.err().contains(bad + ":2:"), r.err());
    }

    @Test
    void unknownOptionsAreBadInput() {
        Run r = run("solve", TestProblems.TINY.toString(), "--no-such-option");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("Unknown option"), r.err());
    }

    private static String withoutRun(String yaml) {
        return yaml.substring(0, yaml.indexOf("\nrun:\n"));
    }
}
