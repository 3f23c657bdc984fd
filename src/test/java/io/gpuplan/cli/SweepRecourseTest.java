package io.gpuplan.cli;

import static io.gpuplan.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.engine.LocalEngine;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.problem.Work;
import io.gpuplan.sweep.CandidateStats;
import io.gpuplan.sweep.Objective;
import io.gpuplan.sweep.ScenarioResult;
import io.gpuplan.sweep.Scenarios;
import io.gpuplan.sweep.Sweep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** R32.2: owned cards as a first-stage commitment (b > 0), and capacity blocks as second-stage recourse. */
class SweepRecourseTest {
    static final String OWNED = """
            name: o
            horizon: {start: 2027-07-01, end: 2027-10-01, slot: 1d}
            offers:
              - {id: od, provider: gpucloud, region: us-east, jurisdiction: US, accelerator: RTX-4090, purchase: on-demand,
                 price: 0.44, gpusPerInstance: 4, maxGpus: 32}
              - {id: own, provider: onprem, region: rack, jurisdiction: US, accelerator: RTX-4090, purchase: owned,
                 purchasePrice: 1600, powerKw: 0.45, electricityPricePerKwh: 0.15, operationsPerGpuMonth: 25,
                 gpusPerInstance: 4, maxGpus: 8}
            jobs:
              - {id: chat, kind: inference, model: {paramsB: 7, precision: bf16}, replicas: 4, maxGpusPerReplica: 1,
                 demand: {probability: 0.6}}
            """;

    static final String BLOCK = """
            name: b
            horizon: {start: 2027-07-01, end: 2027-10-01, slot: 1d}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: on-demand,
                 price: 6.88, gpusPerInstance: 8, maxGpus: 64}
              - {id: cb, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: block,
                 price: 4.91625, gpusPerInstance: 8, maxGpus: 64, blockDays: [1, 2, 3, 4, 5, 6, 7, 14, 21, 28]}
            jobs:
              - {id: burst, kind: training, memoryGb: 200, work: {gpuHours: 960, accelerator: H100-80G}, gpus: 8,
                 earliest: 2027-08-01, deadline: 2027-09-30, demand: {workFactor: {p10: 0.5, p90: 2.0}}}
            """;

    @TempDir
    Path dir;

    @Test
    void ownedCardsCommittedAboveZeroCostTheirDepreciationInEveryScenario() throws Exception {
        Problem p = ProblemReader.parse("o.yaml", OWNED, new ArrayList<>());
        // 4 cards all quarter, 4 x 2,208 h = 8,832 GPU-hours (R28, D = 36, pue 1.58 by default):
        //   depreciation 8,832 x 1,600 / 36 / 730 = 537.716... -> 537.72; operations 8,832 x 25 / 730 = 302.465... -> 302.47;
        //   power 8,832 x 0.45 x 1.58 x 0.15 = 941.9328 -> 941.93: 1,782.12 owned against 8,832 x 0.44 = 3,886.08 rented.
        // So a scenario with the job owns 4 (stage 1); one without it, with 4 owned, pays 537.72 + 302.47 = 840.19 for idle cards.
        try (LocalEngine engine = new LocalEngine(2)) {
            Sweep.Result r = Sweep.run(p, new Sweep.Request(OWNED, "o.yaml", 8, 5, 2000, Objective.EXPECTED), engine, (s, x) -> {
            });
            assertTrue(r.failures().isEmpty(), r.failures().toString());
            CandidateStats own4 = r.candidates().get(0);
            assertEquals(Map.of("own", 4), own4.candidate().levels(), "the median scenario (0.6 >= 0.5: the job runs) owns 4");
            int absent = 0;
            for (ScenarioResult row : own4.rows()) {
                boolean present = !Scenarios.of(p, 5, row.scenario()).jobs().isEmpty();
                absent += present ? 0 : 1;
                assertEquals(present ? 178_212 : 84_019, row.costCents(), "scenario " + row.scenario());
                assertEquals(present ? 0 : 84_019, row.strandedCents(), "scenario " + row.scenario());
                long own = r.own().stream().filter(o -> o.scenario() == row.scenario()).findFirst().orElseThrow().costCents();
                assertEquals(present ? 178_212 : 0, own, "scenario " + row.scenario() + "'s own optimum");
            }
            assertTrue(absent > 0 && absent < 8, "both kinds of scenario among 8 (seed 5): " + absent + " without the job");
        }
        // The median plan owns the 4 cards itself and verifies against its scenario file.
        Path problem = dir.resolve("o.yaml");
        Files.writeString(problem, OWNED);
        Path out = dir.resolve("out");
        var s = run("sweep", problem.toString(), "--scenarios", "4", "--seed", "5", "--move-limit", "2000", "--out", out.toString());
        assertEquals(0, s.code(), s.err() + s.out());
        var v = run("verify", out.resolve("o.sweep-median.yaml").toString(), out.resolve("o.sweep-median.plan.yaml").toString());
        assertEquals(0, v.code(), v.out() + v.err());
        String plan = Files.readString(out.resolve("o.sweep-median.plan.yaml"));
        assertTrue(plan.contains("totals:\n  cost: 1782.12\n"), plan);
        assertTrue(plan.contains("  depreciation: 537.72\n") && plan.contains("  operations: 302.47\n"), plan);
        // solve plans the scenario file as the sweep did: the 4 cards bought, the same cost, the level kept.
        Path again = dir.resolve("again");
        var solved = run("solve", out.resolve("o.sweep-median.yaml").toString(), "--seed", "5", "--move-limit", "2000",
                "--out", again.toString());
        assertEquals(0, solved.code(), solved.err() + solved.out());
        assertTrue(solved.out().contains("cost 1782.12 USD"), solved.out());
        String resolved = Files.readString(again.resolve("o.sweep-median.plan.yaml"));
        assertTrue(resolved.contains("owned:\n- offer: own\n") && resolved.contains("  gpus: 4\n"), resolved);
    }

    @Test
    void aCapacityBlockIsBoughtPerScenarioForTheWorkThatShowsUp() throws Exception {
        Problem p = ProblemReader.parse("b.yaml", BLOCK, new ArrayList<>());
        // Work f x 960 GPU-hours on 8 H100 in one instance: T = 120 f hours, d = ceil(T / 24) daily slots. A block
        // (R30) lasts L = the shortest of 1..7, 14, 21, 28 days >= d and costs 8 x 24 x L x 4.91625 = 943.92 x L;
        // on-demand costs 8 x T x 6.88 = 55.04 x T. Each scenario buys what its own work needs: f = 1 (the median
        // scenario) gives d = 5, a 5-day block, 4,719.60 against 6,604.80; f = 1.5 gives d = 8, so L = 14 (13,214.88),
        // and on-demand (9,907.20) wins.
        try (LocalEngine engine = new LocalEngine(2)) {
            Sweep.Result r = Sweep.run(p, new Sweep.Request(BLOCK, "b.yaml", 8, 11, 2000, Objective.EXPECTED), engine, (s, x) -> {
            });
            assertTrue(r.failures().isEmpty(), r.failures().toString());
            assertEquals(1, r.candidates().size(), "nothing to commit: blocks are bought when demand shows");
            List<Long> costs = new ArrayList<>();
            int blocks = 0;
            for (ScenarioResult row : r.candidates().get(0).rows()) {
                Job j = Scenarios.of(p, 11, row.scenario()).jobs().get(0);
                double t = ((Work.ReferenceHours) j.work()).gpuHours() / 8;
                int d = (int) Math.ceil(t / 24 - 1e-9);
                int l = List.of(1, 2, 3, 4, 5, 6, 7, 14, 21, 28).stream().filter(x -> x >= d).findFirst().orElseThrow();
                long block = Math.round(8 * 24 * l * 4.91625 * 100);
                long onDemand = Math.round(8 * t * 6.88 * 100);
                blocks += block < onDemand ? 1 : 0;
                assertEquals(Math.min(block, onDemand), row.costCents(), "scenario " + row.scenario() + ": T = " + t + " h");
                costs.add(row.costCents());
            }
            assertEquals(471_960, r.candidates().get(0).rows().get(0).costCents(), "the median scenario: a 5-day block");
            assertTrue(blocks > 0 && costs.stream().distinct().count() > 2, "blocks bought per scenario, costs apart: " + costs);
        }
    }
}
