package io.gpuplan.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** R32.2: fixing a commitment into a scenario, and what it costs. */
class CommitmentsTest {
    static final String TEXT = """
            name: c
            horizon: {start: 2027-07-01, end: 2027-10-01, slot: 1d}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand,
                 price: 2.744705, gpusPerInstance: 8, maxGpus: 64}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: reserved,
                 price: 1.740137, termMonths: 12, gpusPerInstance: 8, maxGpus: 64}
              - {id: own, provider: onprem, region: dc1, jurisdiction: US, accelerator: A100-40G, purchase: owned,
                 purchasePrice: 10000, depreciationMonths: 36, powerKw: 0.4, electricityPricePerKwh: 0.1, pue: 1.5,
                 gpusPerInstance: 8, maxGpus: 64}
            jobs:
              - {id: j, kind: inference, model: {paramsB: 13, precision: bf16}, replicas: 8, maxGpusPerReplica: 1}
            """;

    @Test
    void fixedLevelsAreStatedOnTheOffersAndSolvedAsACarriedPoolAndACap() throws Exception {
        Problem p = ProblemReader.parse("c.yaml", TEXT, new ArrayList<>());
        assertEquals(new TreeMap<>(Map.of("own", 0, "ri", 0)), Commitments.empty(p));
        Problem c = Commitments.commit(p, Map.of("ri", 16, "own", 8));
        assertEquals(16, c.offer("ri").orElseThrow().committedGpus());
        assertEquals(8, c.offer("own").orElseThrow().committedGpus());
        assertEquals(64, c.offer("ri").orElseThrow().maxGpus(), "the offer as written: only its level is fixed");
        assertNull(c.offer("od").orElseThrow().committedGpus());
        Problem f = Commitments.solveForm(c);
        assertEquals(List.of("od", "ri (committed)", "own"), f.offers().stream().map(Offer::id).toList(),
                "the reserved offer itself is withdrawn: no other reservation");
        Offer carried = f.offer("ri (committed)").orElseThrow();
        assertEquals(0, carried.priceInBase(), 0);
        assertEquals(16, carried.maxGpus());
        assertTrue(carried.isReserved() && carried.isCarried());
        assertEquals(8, f.offer("own").orElseThrow().maxGpus());
        assertNull(f.offer("own").orElseThrow().committedGpus(), "the search buys up to the cap; lift states the level");
        Problem none = Commitments.solveForm(Commitments.commit(p, Map.of("ri", 0, "own", 0)));
        assertEquals(List.of("od"), none.offers().stream().map(Offer::id).toList(), "nothing committed, nothing to buy but on-demand");
    }

    @Test
    void liftedDecisionsRunOnTheOfferItselfAndBuyTheLevel() throws Exception {
        Problem c = Commitments.commit(ProblemReader.parse("c.yaml", TEXT, new ArrayList<>()), Map.of("ri", 16, "own", 8));
        Decisions d = Commitments.lift(c, new Decisions(List.of(new Placement("j", "ri (committed)", 8, 0)),
                Map.of("ri (committed)", 8, "own", 0)));
        assertEquals(List.of(new Placement("j", "ri", 8, 0)), d.placements());
        assertEquals(Map.of("ri", 16, "own", 8), d.reservations());
    }

    @Test
    void aFixedPoolIsChargedItsLevelWhetherUsedOrNot() throws Exception {
        Problem p = ProblemReader.parse("c.yaml", TEXT, new ArrayList<>());
        TreeMap<String, Integer> levels = new TreeMap<>(Map.of("ri", 16, "own", 0));
        SweepWorker.Solved s = SweepWorker.solve(p, new SweepTask("", "c.yaml", 0, 1, 0, levels, 2000, 1));
        // The 8 replicas run on the pool (nothing more to pay there); the 16 GPUs cost R18 16 x 2,208 x 1.740137 =
        // 61,475.56, and R29 (u = 8/16 by default): (16 x 92 - 8 x 92) / 92 = 8 idle GPUs x 6,576 h x 1.740137 =
        // 91,545.13. The plan is of the scenario with the levels fixed, so its own cost states both.
        assertEquals(16, s.problem().offer("ri").orElseThrow().committedGpus());
        assertEquals(6_147_556 + 9_154_513, s.evaluation().costCents());
        assertEquals(16, s.evaluation().reservations().stream().filter(r -> r.offer().id().equals("ri")).findFirst().orElseThrow().gpus());
        assertEquals(6_147_556, s.evaluation().reservations().get(0).horizonCents());
        assertEquals(9_154_513, s.evaluation().reservations().get(0).strandedCents());
        assertTrue(s.evaluation().violations().isEmpty(), s.evaluation().violations().toString());
        // Stranded: idle in the horizon 8 x 2,208 x 1.740137 = 30,737.78, plus R29 91,545.13.
        assertEquals(3_073_778 + 9_154_513, Commitments.strandedCents(s.evaluation()));
    }
}
