package io.gpuplan.output.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sweep.Commitments;
import io.gpuplan.sweep.Scenarios;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** R32.6: a scenario written as an overlay of the swept problem reads back to the scenario itself, figure for figure. */
class ScenarioFileTest {
    static final String TEXT = """
            name: s
            horizon: {start: 2027-07-01, end: 2027-10-01, slot: 1d}
            currency: USD
            exchangeRates: {EUR: 0.92}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand,
                 price: 2.744705, gpusPerInstance: 8, maxGpus: 64, priceRange: {p10: 0.9, p90: 1.3}}
              - {id: eu, provider: ovh, region: gra, jurisdiction: FR, accelerator: A100-40G, purchase: on-demand,
                 price: 2.31, currency: EUR, maxGpus: 16, priceRange: {p10: 0.85, p90: 1.2}}
              - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: spot,
                 price: 1.1, gpusPerInstance: 8, maxGpus: 32, interruptionsPerDay: 0.2,
                 interruptionsPerDayRange: {p10: 0.1, p90: 0.7}}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: reserved,
                 price: 1.740137, termMonths: 12, gpusPerInstance: 8, maxGpus: 64}
            uncertainty:
              byProvider:
                ovh: {priceRange: {p10: 0.95, p90: 1.1}}
            jobs:
              - {id: serve, kind: inference, model: {paramsB: 13, precision: bf16}, replicas: 8, maxGpusPerReplica: 1,
                 demand: {probability: 0.5}}
              - {id: pretrain, kind: training, model: {paramsB: 1, precision: bf16}, tokens: 2e10, gpus: 8,
                 demand: {workFactor: {p10: 0.7, p90: 1.6}}}
              - {id: tune, kind: training, memoryGb: 30, flops: 3e19, gpus: 8, demand: {probability: 0.7, workFactor: {p10: 0.5, p90: 2}}}
              - {id: retrain, kind: training, memoryGb: 30, work: {gpuHours: 300, accelerator: A100-40G}, gpus: 8,
                 demand: {workFactor: {p10: 0.8, p90: 1.5}}}
            """;

    @TempDir
    Path dir;

    @Test
    void everyScenarioReadsBackExactlyWithItsLevelsFixed() throws Exception {
        Path base = dir.resolve("problems/s.yaml");
        Files.createDirectories(base.getParent());
        Files.writeString(base, TEXT);
        Problem p = ProblemReader.read(base).problem();
        Path out = dir.resolve("solutions");
        Files.createDirectories(out);
        for (int i = 0; i < 6; i++) {
            Problem scenario = Commitments.commit(Scenarios.of(p, 7, i), Map.of("ri", 8));
            Path file = out.resolve("s.sweep-" + i + ".yaml");
            Files.writeString(file, ScenarioFile.text(p, scenario, "../problems/s.yaml", null, scenario.name(), List.of("scenario " + i)));
            Problem back = ProblemReader.read(file).problem();
            assertEquals(scenario.jobs().stream().map(Job::id).toList(), back.jobs().stream().map(Job::id).toList(), "scenario " + i);
            for (Job j : scenario.jobs()) {
                assertEquals(j.work(), back.job(j.id()).orElseThrow().work(), "scenario " + i + ", " + j.id());
            }
            for (Offer o : scenario.offers()) {
                Offer b = back.offer(o.id()).orElseThrow();
                String what = "scenario " + i + ", " + o.id();
                assertEquals(o.price(), b.price(), 0, what);
                assertEquals(o.priceInBase(), b.priceInBase(), 0, what);
                assertEquals(o.currency(), b.currency(), what);
                assertEquals(o.interruptionsPerDay(), b.interruptionsPerDay(), 0, what);
                assertEquals(o.committedGpus(), b.committedGpus(), what);
            }
        }
        String median = Files.readString(out.resolve("s.sweep-0.yaml"));
        assertTrue(median.contains("extends: \"../problems/s.yaml\"\n") && median.contains("{id: \"ri\", committedGpus: 8}"), median);
    }
}
