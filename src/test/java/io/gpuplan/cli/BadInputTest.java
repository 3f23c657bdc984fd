package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.cli.CliTest.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 11 point 7: input that used to end in exit 3 ("internal error: ArithmeticException"), hang, run out of memory
 * or be silently misread is refused with exit 2, the file, line, column and field, and no Java internals.
 */
class BadInputTest {
    /** A valid problem; each case replaces one piece of it. */
    static final String BASE = """
            name: base
            horizon: {start: 2027-01-01, end: 2027-04-01}
            exchangeRates: {CNY: 7.0}
            budget: {total: 100000}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.1, gpusPerInstance: 8}
              - {id: cn, provider: aliyun, region: cn-shanghai, jurisdiction: CN, accelerator: A100-80G, purchase: on-demand, price: 18.5, currency: CNY, gpusPerInstance: 8}
            jobs:
              - {id: j, kind: training, model: {paramsB: 7}, tokens: 1e10, gpus: {min: 8, max: 16}, dataset: {sizeGb: 100, location: aws/us-east-1}}
            """;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    /** Exit 2 with {@code file:line:column: path: } and what would be valid, and nothing of Java's. */
    private static Run refused(Path file, String path, String what, String... args) {
        String[] cmd = new String[args.length + 2];
        cmd[0] = "validate";
        cmd[1] = file.toString();
        System.arraycopy(args, 0, cmd, 2, args.length);
        Run r = CliTest.run(cmd);
        assertEquals(2, r.code(), r.out() + r.err());
        Pattern located = Pattern.compile(Pattern.quote(file.toString()) + ":\\d+:\\d+: " + Pattern.quote(path) + ": .* — .*");
        assertTrue(r.err().lines().anyMatch(l -> located.matcher(l).matches() && l.contains(what)), r.err());
        assertNoInternals(r);
        return r;
    }

    private static void assertNoInternals(Run r) {
        String all = r.out() + r.err();
        assertFalse(all.contains("Exception") || all.contains("\tat ") || all.contains("internal error")
                || all.contains("For input string") || all.contains("could not find expected"), all);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "budget: {total: 100000}|budget: {total: 1e17}|budget.total|up to 1e14",
            "budget: {total: 100000}|budget: {total: 100000, byProvider: {aws: 1e300}}|budget.byProvider.aws|up to 1e14",
            "price: 4.1,|price: 1e300,|offers[0].price|up to 1e6 per GPU-hour",
            "tokens: 1e10|tokens: 1e300|jobs[0].tokens|at most 1e16 tokens",
            "{CNY: 7.0}|{CNY: 1e-320}|exchangeRates.CNY|from 1e-6 to 1e6 CNY per 1 USD",
            "sizeGb: 100|sizeGb: 1e300|jobs[0].dataset.sizeGb|at most 1e9 GB",
            "model: {paramsB: 7}|model: {paramsB: 1e300}|jobs[0].model.paramsB|at most 1e5 billion",
            "max: 16|max: 2147483648|jobs[0].gpus.max|a whole number of GPUs from 1 to 100000 per job",
            "max: 16|max: \"99999999999\"|jobs[0].gpus.max|is 99999999999,",
            "end: 2027-04-01}|end: 2027-04-01, slot: 99999999999h}|horizon.slot|not a slot length",
            "aws/us-east-1|aws/us-east-9|jobs[0].dataset.location|no offer of aws is in us-east-9",
            "{id: j,|{id: '',|jobs[0].id|is empty",
            "region: us-east-1,|region: ~,|offers[0].region|missing value",
            "tokens: 1e10|work: {units: 1e20, throughputPerGpu: {A100-80G: 1e-300}}|jobs[0].work.throughputPerGpu.A100-80G|from 1e-6",
            "tokens: 1e10|tokens: 1e10, utilization: 1e-300|jobs[0].utilization|from 0.001 to 1",
    })
    void refusedWithItsField(String from, String to, String path, String what) throws Exception {
        assertTrue(BASE.contains(from), from);
        refused(write("p.yaml", BASE.replace(from, to)), path, what);
    }

    @Test
    void aWholeNumberOutOfRangeSaysTheRange() throws Exception {
        Run r = refused(write("p.yaml", BASE.replace("max: 16", "max: 2147483648")), "jobs[0].gpus.max", "2147483648");
        assertTrue(r.err().contains("from 1 to 100000"), r.err());
    }

    @Test
    void aNullRegionIsOneErrorNotAlsoAnUnknownDatasetProvider() throws Exception {
        Path file = write("p.yaml", BASE.replace("region: us-east-1,", "region: ~,"));
        Run r = refused(file, "offers[0].region", "missing value");
        assertEquals(2, r.err().lines().count(), r.err()); // the error and the summary line
    }

    @Test
    void aDatasetInARealRegionWithoutOffersOrOnPremisesWhenDeclaredIsFine() throws Exception {
        Run west = CliTest.run("validate", write("w.yaml", BASE.replace("aws/us-east-1", "aws/us-west-2")).toString());
        assertEquals(0, west.code(), west.err()); // the catalog knows aws/us-west-2
        String onPrem = BASE.replace("aws/us-east-1", "onprem/dc1");
        refused(write("o.yaml", onPrem), "jobs[0].dataset.location", "unknown provider \"onprem\"");
        Run declared = CliTest.run("validate", write("d.yaml", onPrem.replace("offers:",
                "transfer: {byProvider: {onprem: {crossProviderPerGb: 0.05}}}\noffers:")).toString());
        assertEquals(0, declared.code(), declared.err());
    }

    @Test
    void aHugeDeadlineShiftInAnOverlayIsRefused() throws Exception {
        write("base.yaml", BASE);
        Path overlay = write("o.yaml", "extends: base.yaml\nname: o\nscale:\n  - {deadlines: 99999999999999999999d}\n");
        refused(overlay, "scale[0].deadlines", "days");
    }

    @Test
    void aNegativeMoveLimitOrNoParallelScenariosIsRefusedBeforeSolving() throws Exception {
        // -1 read as "no limit" gave a solve that does not repeat; --parallel 0 was taken as 1: both said nothing.
        Path file = write("p.yaml", BASE);
        Path out = dir.resolve("out");
        for (String[] option : new String[][] {{"--move-limit", "-1", "must be 0 (none) or more, got -1"},
                {"--parallel", "0", "must be 1 or more, got 0"}}) {
            Run r = CliTest.run("solve", file.toString(), option[0], option[1], "--out", out.toString());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains(option[2]), r.err());
            assertFalse(Files.exists(out), "nothing written");
            assertNoInternals(r);
        }
    }

    @Test
    void aSecondYamlDocumentIsRefused() throws Exception {
        Path file = write("p.yaml", BASE + "---\nname: other\n");
        Run r = CliTest.run("validate", file.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(file + ":11:1: ") && r.err().contains("second YAML document"), r.err());
        assertNoInternals(r);
    }

    @Test
    void textThatIsNotUtf8IsRefusedAtTheByte() throws Exception {
        Path file = dir.resolve("p.yaml");
        byte[] latin1 = BASE.replace("name: base", "name: caf\u00e9").getBytes(StandardCharsets.ISO_8859_1);
        Files.write(file, latin1);
        Run r = CliTest.run("validate", file.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(file + ":1:10: the byte 0xE9 is not UTF-8 text — save the file as UTF-8"), r.err());
    }

    @Test
    void aControlCharacterIsRefusedWhereItStandsAndNamed() throws Exception {
        Path file = write("p.yaml", BASE.replace("name: base", "name: ba\u0000se"));
        Run r = CliTest.run("validate", file.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(file + ":1:9: the control character U+0000 (NUL) is not allowed in YAML"), r.err());
        Path overlay = write("o.yaml", "extends: p.yaml\nname: o\n");
        Files.writeString(file, BASE + "# a bell: \u0007\n"); // on line 10
        r = CliTest.run("validate", overlay.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(file + ":10:11: the control character U+0007 (BEL) is not allowed in YAML"), r.err());
        assertNoInternals(r);
    }

    @Test
    void aValueBeyondTheReadingLimitIsRefusedAtItsField() throws Exception {
        Path file = write("p.yaml", BASE.replace("location: aws/us-east-1", "location: " + "x".repeat(20_000)));
        Run r = CliTest.run("validate", file.toString());
        assertEquals(2, r.code(), r.err());
        int column = BASE.lines().toList().get(8).indexOf("location: ") + 11;
        assertTrue(r.err().contains(file + ":9:" + column + ": jobs[0].dataset.location: a value of 20000 characters"
                + " — a value of at most 10000 characters"), r.err());
        assertFalse(r.err().contains("YAML syntax"), r.err());
        assertNoInternals(r);
    }

    /**
     * A plan that is no plan of this format (a date that does not exist, another format, a problem file in its place)
     * is bad input, located, exit 2: not a plan that "differs" from the rules (exit 1).
     */
    @Test
    void aPlanThatCannotBeReadIsBadInputAtItsField() throws Exception {
        Path problem = Path.of("problems/quarterly-mixed-2027q1.yaml");
        String plan = Files.readString(Path.of("solutions/quarterly-mixed-2027q1.plan.yaml"));
        String firstStart = "\n  start: 2027-01-01\n  end: 2027-04-01\n  startSlot: 0\n"; // assignments[0]'s
        int line = (int) plan.substring(0, plan.indexOf(firstStart)).lines().count() + 1;
        Path badDate = write("date.plan.yaml", plan.replaceFirst(firstStart, firstStart.replace("01-01", "02-30")));
        Run r = CliTest.run("verify", problem.toString(), badDate.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(badDate + ":" + line + ":10: assignments[0].start: \"2027-02-30\" is not a date"), r.err());
        Path otherFormat = write("format.plan.yaml", plan.replace("format: gpuplan-plan/1", "format: gpuplan-plan/99"));
        r = CliTest.run("verify", problem.toString(), otherFormat.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(otherFormat + ":1:9: format: \"gpuplan-plan/99\" is not a plan format this gpuplan reads"
                + " — gpuplan-plan/1"), r.err());
        r = CliTest.run("verify", problem.toString(), problem.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        int offers = Files.readAllLines(problem).indexOf("offers:") + 1;
        assertTrue(r.err().contains(problem + ":" + offers + ":1: this is a problem file, not a plan: it has offers and jobs,"
                + " and no format — a plan file written by gpuplan solve (format: gpuplan-plan/1)"), r.err());
        // Named as a problem's previous plan: said where the problem names it, then what is wrong in it.
        Path continues = write("q2.yaml", BASE + "previous: {plan: " + problem.toAbsolutePath() + "}\n");
        r = CliTest.run("validate", continues.toString());
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(continues + ":10:18: previous.plan: the previous plan " + problem.toAbsolutePath()
                + " cannot be read (below)"), r.err());
        assertTrue(r.err().contains(problem.toAbsolutePath() + ":" + offers + ":1: this is a problem file"), r.err());
        assertNoInternals(r);
    }

    @Test
    void aKeyLongerThanYamlAllowsSaysSo() throws Exception {
        Path file = write("p.yaml", BASE.replace("name: base", "name: base\n" + "k".repeat(12_000) + ": 1"));
        Run r = CliTest.run("validate", file.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains(file + ":2:1: ") && r.err().contains("a key of 12000 characters"), r.err());
        assertNoInternals(r);
    }

    @Test
    void aDeviceOrAFolderAsTheFileOrItsBaseNeitherHangsNorReadsForever() throws Exception {
        Path fifo = dir.resolve("fifo.yaml");
        new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor();
        Path toZero = write("zero.yaml", "extends: /dev/zero\nname: z\n");
        Path toFifo = write("tofifo.yaml", "extends: fifo.yaml\nname: f\n");
        Path toFolder = write("up.yaml", "extends: ..\nname: u\n");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (Path p : new Path[] {Path.of("/dev/zero"), fifo}) {
                Run r = CliTest.run("validate", p.toString());
                assertEquals(2, r.code(), r.err());
                assertTrue(r.err().contains(p + ": cannot read the file: it is not a regular file"), r.err());
                assertNoInternals(r);
            }
            refused(toZero, "extends", "is not a regular file");
            refused(toFifo, "extends", "is not a regular file");
            Run r = refused(toFolder, "extends", "is a folder");
            assertFalse(r.err().contains("IOException"), r.err());
        });
    }

    @Test
    void aZeroBudgetIsAScenarioWithEveryJobUnplanned() throws Exception {
        Path file = write("p.yaml", BASE.replace("total: 100000", "total: 0"));
        Run validate = CliTest.run("validate", file.toString());
        assertEquals(0, validate.code(), validate.err());
        Path out = dir.resolve("out");
        Run solve = CliTest.run("solve", file.toString(), "--out", out.toString(), "--move-limit", "2000");
        // A plan that leaves jobs unplanned is a result (exit 0); --fail-on-unplanned makes it exit 1.
        assertEquals(ExitCodes.OK, solve.code(), solve.out() + solve.err());
        assertTrue(solve.out().contains("0/1 jobs planned"), solve.out());
        Run strict = CliTest.run("solve", file.toString(), "--out", out.toString(), "--move-limit", "2000", "--fail-on-unplanned");
        assertEquals(ExitCodes.PARTIAL, strict.code(), strict.out() + strict.err());
        assertNoInternals(solve);
    }

    @Test
    void anExchangeRateThatLooksInvertedIsWarnedAbout() throws Exception {
        Path file = write("p.yaml", BASE.replace("{CNY: 7.0}", "{CNY: 0.142857}"));
        Run r = CliTest.run("validate", file.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("offers[1]") && r.err().contains("\"cn\"") && r.err().contains("129.50 USD per GPU-hour")
                && r.err().contains("CNY per 1 USD"), r.err());
        Run fine = CliTest.run("validate", write("q.yaml", BASE).toString());
        assertFalse(fine.err().contains("exchange"), fine.err());
    }
}
