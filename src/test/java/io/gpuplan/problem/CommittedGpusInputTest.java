package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** R32.8's committedGpus: on a reserved or owned offer, whole instances, within maxGpus. */
class CommittedGpusInputTest {
    static final String TEXT = """
            name: t
            horizon: {start: 2027-01-01, end: 2027-04-01}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4OD}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 2,
                 gpusPerInstance: 8, maxGpus: 32RI}
              - {id: own, provider: dc, region: r1, jurisdiction: US, accelerator: A100-80G, purchase: owned, purchasePrice: 10000,
                 powerKw: 0.4, electricityPricePerKwh: 0.1, gpusPerInstance: 4OWN}
            jobs:
              - {id: j, kind: training, memoryGb: 40, flops: 1e20}
            """;

    static String text(String od, String ri, String own) {
        return TEXT.replace("OD", od).replace("RI", ri).replace("OWN", own);
    }

    @Test
    void absentByDefaultStatedOnReservedAndOwned() {
        Problem none = parse(text("", "", ""));
        assertNull(none.offer("ri").orElseThrow().committedGpus());
        Problem p = parse(text("", ", committedGpus: 16", ", committedGpus: 0"));
        assertEquals(16, p.offer("ri").orElseThrow().committedGpus());
        assertEquals(0, p.offer("own").orElseThrow().committedGpus(), "0 is a level: nothing bought, none to buy");
        assertEquals(32, p.offer("ri").orElseThrow().maxGpus(), "the level fixes what is bought, not the offer's cap");
    }

    @Test
    void onAnOfferWithoutACommitmentOrNotALevelOfThePoolIsAnError() {
        assertError(text(", committedGpus: 8", "", ""), "offers[0].committedGpus", "8}",
                "only reserved and owned offers are committed", "purchase: reserved or owned");
        assertError(text("", ", committedGpus: 12", ""), "offers[1].committedGpus", "12}", "is 12",
                "a multiple of gpusPerInstance (8) from 0 to maxGpus (32)");
        assertError(text("", ", committedGpus: 40", ""), "offers[1].committedGpus", "40}", "is 40", "maxGpus (32)");
        assertError(text("", "", ", committedGpus: -4"), "offers[2].committedGpus", "-4}", "is -4",
                "a multiple of gpusPerInstance (4) from 0 to any");
    }

    @Test
    void withALevelFixedAProblemMayHaveNoJobs() {
        String empty = text("", ", committedGpus: 8", "").replace("jobs:\n  - {id: j, kind: training, memoryGb: 40, flops: 1e20}\n", "jobs: []\n");
        assertEquals(0, parse(empty).jobs().size(), "a sweep scenario without its jobs still pays the 8 committed GPUs");
        assertError(text("", "", "").replace("jobs:\n  - {id: j, kind: training, memoryGb: 40, flops: 1e20}\n", "jobs: []\n"),
                "jobs", "[]", "is empty", "at least one job");
    }
}
