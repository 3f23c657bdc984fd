package io.gpuplan.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.engine.LocalEngine;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** A scenario in which every job is absent still costs its commitments, and the sweep goes on. */
class EmptyScenarioTest {
    static final String TEXT = """
            name: e
            horizon: {start: 2027-07-01, end: 2027-10-01, slot: 1d}
            offers:
              - {id: od, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand,
                 price: 1.99, gpusPerInstance: 1, maxGpus: 32}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: reserved,
                 price: 1.740137, termMonths: 12, gpusPerInstance: 8, maxGpus: 64}
            jobs:
              - {id: maybe, kind: inference, model: {paramsB: 13, precision: bf16}, replicas: 8, maxGpusPerReplica: 1,
                 demand: {probability: 0.3}}
            """;

    @Test
    void noJobNoPlanButTheCommitmentsCost() throws Exception {
        Problem p = ProblemReader.parse("e.yaml", TEXT, new ArrayList<>());
        assertTrue(Scenarios.of(p, 1, 0).jobs().isEmpty(), "0.3 < 0.5: the median scenario has no job");
        try (LocalEngine engine = new LocalEngine(2)) {
            Sweep.Result r = Sweep.run(p, new Sweep.Request(TEXT, "e.yaml", 6, 3, 2000, Objective.EXPECTED), engine, (s, x) -> {
            });
            assertTrue(r.failures().isEmpty(), r.failures().toString());
            assertEquals(0, r.own().get(0).costCents(), "no job, nothing bought");
            // Committing 8 in an empty scenario: R18 30,737.78 + R29 91,545.13 (all idle), as the worked example.
            for (CandidateStats c : r.candidates()) {
                long expected = c.candidate().totalGpus() == 8 ? 3_073_778 + 9_154_513 : 0;
                if (c.candidate().totalGpus() == 0 || c.candidate().totalGpus() == 8) {
                    assertEquals(expected, c.rows().get(0).costCents(), c.candidate().describe());
                }
            }
        }
    }
}
