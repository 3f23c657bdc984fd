package io.gpuplan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.problem.PurchaseModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The generator and the benchmark at a smoke size, so that neither rots (the real sizes run with gpuplan bench). */
class BenchTest {

    @Test
    void theGeneratorWritesTheSameValidScenarioForTheSameArguments() throws Exception {
        String text = ScenarioGenerator.generate(60, 40, 3, 90);
        assertEquals(text, ScenarioGenerator.generate(60, 40, 3, 90));
        assertTrue(!text.equals(ScenarioGenerator.generate(60, 40, 4, 90)), "another seed, another scenario");
        Problem p = ProblemReader.parse("generated.yaml", text, new ArrayList<>());
        assertEquals(60, p.jobs().size());
        assertEquals(40, p.offers().size());
        Set<String> providers = p.offers().stream().map(Offer::provider).collect(Collectors.toSet());
        assertTrue(providers.size() >= 4, providers.toString());
        // Every rented purchase model; the generator draws no owned cards (R28), so bench scenarios stay as they were.
        assertEquals(Set.of(PurchaseModel.ON_DEMAND, PurchaseModel.SPOT, PurchaseModel.RESERVED),
                p.offers().stream().map(Offer::purchase).collect(Collectors.toSet()));
        assertTrue(p.offers().stream().anyMatch(o -> o.accelerator().name().startsWith("Ascend") && o.jurisdiction().equals("CN")));
        assertTrue(p.offers().stream().allMatch(o -> o.maxGpus() != Offer.UNLIMITED), "every offer has a capacity");
        assertNotNull(p.budget().total());
        assertTrue(p.jobs().stream().map(j -> j.kind()).collect(Collectors.toSet()).size() >= 4, "training, fine-tuning, batch, inference");
        assertTrue(p.jobs().stream().anyMatch(j -> !j.residency().isEmpty()), "some job has a residency rule");
    }

    /** Seed 4 of S put a dataset at Alibaba while drawing no Alibaba offer: the provider must then be named (R19). */
    @Test
    void everySeedOfTheSmallSizesIsAValidProblem() {
        for (long seed = 1; seed <= 8; seed++) {
            long s = seed;
            org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> ScenarioGenerator.generate(20, 20, s, 90), "S seed " + s);
        }
    }

    @Test
    void aSmokeRunMeasuresEveryFigureAgainstTheRefereesOptimum() {
        Benchmark.Result r = Benchmark.run(Benchmark.Size.parse("6x8"), 1, 30, List.of(Duration.ofSeconds(1), Duration.ofSeconds(2)),
                Duration.ofSeconds(60));
        assertNotNull(r.firstFeasible(), "the warm start is feasible");
        assertTrue(r.firstFeasible().compareTo(Duration.ofSeconds(2)) <= 0);
        // The run stops at the last checkpoint, so the plan it writes is the one that checkpoint reads.
        assertEquals(r.costCents(), r.costAtCheckpoint().get(1));
        assertTrue(r.movesPerSecond() > 0 && r.peakHeapBytes() > 0);
        // The referee proves 6 jobs at once; no plan beats a proven optimum, and no certificate claims more than it.
        assertNotNull(r.reference().costCents(), "the referee proves a 6-job quarter");
        assertTrue(r.unplannedPriority() >= r.reference().unplannedPriority());
        assertTrue(r.plan().totals().lowerBound().unplannedPriorityAtLeast() <= r.reference().unplannedPriority());
        if (r.atLeastPriority()) {
            assertTrue(r.gapToOptimum().signum() >= 0, "a plan below the proven optimum would be a bug: " + r.gapToOptimum());
            assertTrue(r.plan().totals().lowerBound().best().movePointRight(2).longValueExact() <= r.reference().costCents());
        }

        // The targets count a plan at the optimum by the referee's proof or, where there is none, by its own.
        assertTrue(r.provenOptimal(), "6 jobs in 2 s: the certificate proves the plan optimal");
        Benchmark.Size asS = new Benchmark.Size("S", 6, 8, 1, r.checkpoints());
        String refereed = BenchTable.targets(List.of(as(asS, r, r.reference())));
        assertTrue(refereed.contains("met — S: the proven optimum at both levels (cost within 0.1 %) in 2 s: 1 of 1 seeds (the referee proved 1)"), refereed);
        String alone = BenchTable.targets(List.of(as(asS, r, null)));
        assertTrue(alone.contains("met — S: the proven optimum at both levels (cost within 0.1 %) in 2 s: 1 of 1 seeds (the referee proved 0, the plan's own certificate 1 more)"), alone);
        // A referee that proved less priority unplanned than the plan leaves overrules the plan's own word.
        Benchmark.Reference lessUnplanned = new Benchmark.Reference(r.unplannedPriority() - 1, null, r.reference().took());
        String overruled = BenchTable.targets(List.of(as(asS, r, lessUnplanned)));
        assertTrue(overruled.contains("**not met** — S: the proven optimum at both levels (cost within 0.1 %) in 2 s: 0 of 1 seeds (the referee proved 0)"), overruled);

        String table = BenchTable.markdown(List.of(r), "gpuplan bench --sizes 6x8");
        String row = table.lines().filter(l -> l.startsWith("| 1 |")).findFirst().orElseThrow();
        assertEquals(8 + 2, row.split("\\|", -1).length - 2, "one cell per column (two checkpoints): " + row);
        assertTrue(table.contains("**6x8** (6 jobs × 8 offers)") && table.contains("cost @2 s") && table.contains("cores"), table);
    }

    /** The run as one of {@code size}, with the referee's proof {@code reference} (null: no referee). */
    private static Benchmark.Result as(Benchmark.Size size, Benchmark.Result r, Benchmark.Reference reference) {
        return new Benchmark.Result(size, r.seed(), r.days(), r.firstFeasible(), r.checkpoints(), r.costAtCheckpoint(),
                r.worseAtCheckpoint(), r.plan(), r.unplannedWithOptions(), r.peakHeapBytes(), r.maxHeapBytes(), r.total(),
                reference, r.movesPerSecond());
    }

    @Test
    void theTableReplacesOnlyWhatLiesBetweenTheMarkers() {
        String doc = "# Benchmarks\n\nTuning log.\n";
        String once = BenchTable.replaceBetweenMarkers(doc, "table 1\n");
        assertTrue(once.startsWith(doc) && once.contains(BenchTable.BEGIN + "\ntable 1\n" + BenchTable.END), once);
        String twice = BenchTable.replaceBetweenMarkers(once + "\n## After\n", "table 2\n");
        assertEquals(doc + "\n" + BenchTable.BEGIN + "\ntable 2\n" + BenchTable.END + "\n\n## After\n", twice);
    }

    @Test
    void sizesAreNamedOrJobsByOffers() {
        assertEquals(200, Benchmark.Size.parse("m").jobs());
        assertEquals(24, Benchmark.Size.parse("s60").offers());
        // Issue 10's own M quarter, kept as it was generated then, with R29 off: its 200 jobs, its budget.
        Benchmark.Size issue10 = Benchmark.Size.parse("M-issue10");
        String text = issue10.text(7, 90);
        assertTrue(text.contains("budget: {total: 9077997, byProvider: {aws: 1488566}}\nreservations: {expectedUseAfterHorizon: 1}"), text.substring(0, 900));
        assertEquals(200, text.lines().filter(l -> l.startsWith("  - {id: job-")).count());
        Benchmark.Size custom = Benchmark.Size.parse("12x5");
        assertEquals(List.of(12, 5, 1), List.of(custom.jobs(), custom.offers(), custom.seeds()));
        assertThrows(IllegalArgumentException.class, () -> Benchmark.Size.parse("huge"));
    }
}
