package io.gpuplan.cli;

import static io.gpuplan.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.previous.PreviousPlans;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sweep.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * R32 over R31: a quarter that continues last quarter's plan is swept continuing it. The carried pool stays carried
 * (price 0, never a candidate), the continuing job stays on it in every scenario, and the candidates are the new
 * commitments only.
 */
class SweepPreviousPlanTest {
    static final String OFFERS = """
            offers:
              - {id: od, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand,
                 price: 1.99, gpusPerInstance: 1, maxGpus: 32}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: reserved,
                 price: 1.740137, termMonths: 12, gpusPerInstance: 8, maxGpus: 64}
            """;
    static final String Q2 = "name: q2\nhorizon: {start: 2027-04-01, end: 2027-07-01, slot: 1d}\n" + OFFERS + """
            jobs:
              - {id: serve, kind: inference, model: {paramsB: 13, precision: bf16}, replicas: 8, maxGpusPerReplica: 1}
            """;
    static final String Q3 = "name: q3\nhorizon: {start: 2027-07-01, end: 2027-10-01, slot: 1d}\nprevious: {plan: q2.plan.yaml}\n"
            + OFFERS + """
              - {id: od-eu, provider: lambda, region: eu-central-1, jurisdiction: DE, accelerator: A100-40G,
                 purchase: on-demand, price: 1.99, gpusPerInstance: 1, maxGpus: 32}
              - {id: ri-eu, provider: aws, region: eu-central-1, jurisdiction: DE, accelerator: A100-40G,
                 purchase: reserved, price: 1.740137, termMonths: 12, gpusPerInstance: 8, maxGpus: 64}
            jobs:
              - {id: serve, kind: inference, model: {paramsB: 13, precision: bf16}, replicas: 8, maxGpusPerReplica: 1}
              - {id: launch, kind: inference, model: {paramsB: 13, precision: bf16}, replicas: 8, maxGpusPerReplica: 1,
                 residency: [DE], demand: {probability: 0.6}}
            """;

    @TempDir
    Path dir;

    @Test
    void theCarriedPoolStaysCarriedAndOnlyNewCommitmentsAreCandidates() throws Exception {
        // Q2 (91 days, 2,184 h): serve's 8 GPUs reserved, 8 x 2,184 x 1.740137 = 30,403.67 < 8 x 2,184 x 1.99.
        Files.writeString(dir.resolve("q2.yaml"), Q2);
        CliTest.Run s = run("solve", dir.resolve("q2.yaml").toString(), "--move-limit", "3000", "--out", dir.toString());
        assertEquals(0, s.code(), s.err() + s.out());
        assertTrue(Files.readString(dir.resolve("q2.plan.yaml")).contains("reservations:\n- offer: ri\n"));
        // Q3 (92 days, 2,208 h) continues it: the 8 GPUs on ri are carried (term to 2028-04-01) at 0, serve (continuing,
        // ended on 2027-07-01 = S) stays on them for 0.00 in every scenario. The launch (DE only, probability 0.6) runs
        // on a new reservation ri-eu, 8 x 2,208 x 1.740137 = 30,737.78, or on demand, 8 x 2,208 x 1.99 = 35,151.36.
        // Committing 8 on ri-eu in a scenario without the launch: 30,737.78 + R29 8 x 6,576 x 1.740137 = 91,545.13
        // (the term runs 8,784 h from 2027-07-01, 6,576 after the quarter, all idle) = 122,282.91.
        Path q3 = dir.resolve("q3.yaml");
        Files.writeString(q3, Q3);
        Path out = dir.resolve("out");
        CliTest.Run r = run("sweep", q3.toString(), "--scenarios", "6", "--seed", "3", "--move-limit", "3000",
                "--parallel", "2", "--out", out.toString());
        assertEquals(0, r.code(), r.err() + r.out());
        Problem p = PreviousPlans.apply(ProblemReader.read(q3), null).problem();
        List<String> rows = Files.readString(out.resolve("q3.sweep.csv")).lines().skip(1).toList();
        assertEquals(12, rows.size(), "two candidates (8 on ri-eu: the median scenario's own; nothing) x 6 scenarios");
        for (String row : rows) {
            List<String> c = SweepTest.cells(row);
            assertFalse(c.get(1).contains("carried") || c.get(1).contains("on ri,") || c.get(1).endsWith("on ri"),
                    "the carried pool (and ri, which serve never needs) is no commitment: " + row);
            boolean launch = Scenarios.of(p, 3, Integer.parseInt(c.get(2))).job("launch").isPresent();
            String cost = c.get(1).equals("8 GPUs on ri-eu") ? (launch ? "30737.78" : "122282.91")
                    : c.get(1).equals("nothing committed") ? (launch ? "35151.36" : "0.00") : "?";
            assertEquals(cost, c.get(4), row);
            assertEquals(launch ? "2" : "1", c.get(3), row);
        }
        // The median scenario's plan continues Q2 as a solve would: serve on the carried pool, verified against its file.
        CliTest.Run v = run("verify", out.resolve("q3.sweep-median.yaml").toString(), out.resolve("q3.sweep-median.plan.yaml").toString());
        assertEquals(0, v.code(), v.out() + v.err());
        String plan = Files.readString(out.resolve("q3.sweep-median.plan.yaml"));
        assertTrue(plan.contains("carried:\n- offer: ri (carried)\n  fromPlan: q2.plan.yaml\n  gpus: 8\n"), plan);
        assertTrue(plan.matches("(?s).*- job: serve\n(  [^\n]*\n)*?  offer: ri \\(carried\\)\n.*"), plan);
        assertTrue(Files.readString(out.resolve("q3.sweep-median.yaml")).contains("previous: {plan: \"../q2.plan.yaml\"}\n"));
    }
}
