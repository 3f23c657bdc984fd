package io.gpuplan.output.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Price provenance: the plan's prices section and the report's Price sources, for catalog and problem-file prices. */
class PriceSourcesTest {
    private static final String TEXT = """
            name: provenance
            horizon: {start: 2027-01-01, end: 2027-02-01}
            offers:
              - {id: p4d-spot, from: catalog, provider: aws, region: us-east-1, instanceType: p4d.24xlarge, jurisdiction: US,
                 purchase: spot, interruptionBand: "5-10%"}
              - {id: l4-ri, from: catalog, provider: aws, region: us-east-1, instanceType: g6.xlarge, jurisdiction: US,
                 purchase: reserved, discount: 40%, maxGpus: 8}
              - {id: own, provider: acme, region: x, jurisdiction: US, accelerator: A100, purchase: on-demand, price: 3}
            jobs:
              - {id: j, kind: training, memoryGb: 100, work: {gpuHours: 80, accelerator: A100}, gpus: 8, interruptible: true}
            """;

    private static PlanDocument plan(Problem p) {
        Decisions d = new Decisions(List.of(new Placement("j", "p4d-spot", 8, 0)), Map.of());
        return PlanDocumentBuilder.build(new PlanDocumentBuilder.Context(p, new PlanDocument.ProblemRef("provenance.yaml", "0"),
                null, null, OptionEnumerator.enumerate(p), null), d);
    }

    @Test
    void thePlanRecordsEveryPriceWithItsSourceDateAndAssumptions() throws Exception {
        Problem p = ProblemReader.parse("provenance.yaml", TEXT, new ArrayList<>());
        List<PlanDocument.PriceRef> prices = plan(p).prices();
        assertEquals(List.of("p4d-spot", "l4-ri", "own"), prices.stream().map(PlanDocument.PriceRef::offer).toList());
        PlanDocument.PriceRef spot = prices.get(0);
        assertTrue(spot.used());
        assertEquals("1.23723125", spot.pricePerGpuHour().toPlainString()); // 9.89785 / 8
        assertEquals("catalog", spot.origin());
        assertEquals("skypilot-org/skypilot-catalog@2c3d7ea7d76b:catalogs/v9/aws/vms.csv", spot.reference());
        assertEquals("2026-11-29", spot.asOf());
        assertTrue(spot.asOfNote().startsWith("no later than 2026-11-29"), spot.asOfNote());
        assertEquals(List.of("p4d-old-seed-price"), spot.flags());
        assertTrue(spot.assumed().get(0).startsWith("interruptionsPerDay from the band 5-10%"));
        PlanDocument.PriceRef ri = prices.get(1);
        assertTrue(!ri.used(), "no job on it and nothing reserved");
        assertEquals("0.48288", ri.pricePerGpuHour().toPlainString()); // 0.8048 x (1 - 0.40)
        assertEquals("2026-01-21", ri.asOf());
        assertEquals(List.of("reservation discount 40.0 % for 12 months, stated in the problem"), ri.assumed());
        PlanDocument.PriceRef own = prices.get(2);
        assertEquals("problem file", own.origin());
        assertNull(own.asOf());
        assertNull(own.flags());
    }

    @Test
    void theReportListsEachPricesSourceAndDate() throws Exception {
        Problem p = ProblemReader.parse("provenance.yaml", TEXT, new ArrayList<>());
        PlanDocument plan = plan(p);
        String md = Report.markdown(p, plan, PlanEvaluator.evaluate(p, PlanVerifierDecisions.of(p, plan)));
        assertTrue(md.contains("## Price sources"), md);
        assertTrue(md.contains("3 offers, 1 used by the plan; 2 priced from gpuplan's bundled catalog, 1 from the problem file."
                + " Catalog prices are as of 2026-01-21 to 2026-11-29."), md);
        assertTrue(md.contains("| p4d-spot | yes | spot | 1.23723125 USD | catalog: aws us-east-1 p4d.24xlarge<br>"
                + "skypilot-org/skypilot-catalog@2c3d7ea7d76b:catalogs/v9/aws/vms.csv | ≤ 2026-11-29 | spot 9.89785 USD"), md);
        assertTrue(md.contains("| l4-ri | no | reserved | 0.48288 USD | catalog: aws us-east-1 g6.xlarge<br>"
                + "tsaol/aws-gpu@77fcd9fe1d06:data/all_gpu_instances.js | 2026-01-21 | on-demand 0.8048 USD per instance-hour"
                + " x (1 - 0.4) / 1 GPU<br>assumed: reservation discount 40.0 %"), md);
        assertTrue(md.contains("| own | no | on-demand | 3 USD | problem file | — | as written in the problem |"), md);
        assertTrue(md.contains("flags: p4d-old-seed-price"), md);
        String html = Report.html(p, plan, PlanEvaluator.evaluate(p, PlanVerifierDecisions.of(p, plan)));
        assertEquals(3, PageCounts.count(html, "class=\"price-source\""), "one row per offer");
    }

    /** The decisions a plan states, as verify reads them. */
    private static final class PlanVerifierDecisions {
        static Decisions of(Problem p, PlanDocument plan) {
            return io.gpuplan.output.PlanVerifier.decisions(p, plan, new ArrayList<>());
        }
    }
}
