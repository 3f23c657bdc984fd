package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static io.gpuplan.problem.ReaderAssertions.errors;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** R30: how a capacity block offer is written, and the errors a wrong one gets (all at once, located). */
class BlockOfferTest {

    private static String offer(String purchase, String fields) {
        return """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - id: blk
                    provider: aws
                    region: us-east-1
                    jurisdiction: US
                    accelerator: H100-80G
                    purchase: %s
                """.formatted(purchase) + fields + """
                jobs:
                  - {id: j, kind: training, memoryGb: 20, flops: 1e18}
                """;
    }

    @Test
    void aBlockOfferStatesItsRateAndLengths() {
        Offer o = parse(offer("block", "    price: 4.91625\n    blockDays: [14, 7, 1, 7]\n")).offer("blk").orElseThrow();
        assertEquals(PurchaseModel.BLOCK, o.purchase());
        assertEquals("block", o.purchase().label());
        assertEquals(List.of(1, 7, 14), o.blockDays(), "ascending, each once");
        assertEquals(4.91625, o.price());
        assertEquals(0, o.termMonths());
    }

    @Test
    void otherOffersHaveNoBlockLengths() {
        assertEquals(List.of(), parse(offer("on-demand", "    price: 4\n")).offer("blk").orElseThrow().blockDays());
        String text = offer("reserved", "    price: 4\n    blockDays: [7]\n");
        assertOnlyError(text, "offers[0].blockDays", "blockDays: ^[7]", "only capacity block offers have block lengths",
                "make the offer purchase: block");
    }

    @Test
    void aBlockOfferNeedsItsLengthsAndRate() {
        String text = offer("block", "    maxGpus: 64\n");
        assertEquals(2, errors(text).size(), () -> ReaderAssertions.format(errors(text)));
        assertError(text, "offers[0].blockDays", "id: blk", "missing required field", "a list of whole number");
        assertError(text, "offers[0].price", "id: blk", "missing required field", "");
    }

    @Test
    void lengthsOutOfRangeAreReportedTogether() {
        String text = offer("block", "    price: 4\n    blockDays: [0, 7, 400]\n");
        assertEquals(2, errors(text).size(), () -> ReaderAssertions.format(errors(text)));
        assertError(text, "offers[0].blockDays[0]", "[^0, 7", "is 0, out of range", "a whole number of days from 1 to 366");
        assertError(text, "offers[0].blockDays[2]", "^400]", "is 400, out of range", "from 1 to 366");
        assertOnlyError(offer("block", "    price: 4\n    blockDays: []\n"), "offers[0].blockDays", "blockDays: ^[]", "is empty",
                "a list of whole days");
    }

    @Test
    void aBlockOfferIsNotTermedInterruptedNorFromTheCatalog() {
        assertOnlyError(offer("block", "    price: 4\n    blockDays: [7]\n    termMonths: 12\n"), "offers[0].termMonths",
                "termMonths: ^12", "only reserved offers have a term", "");
        assertOnlyError(offer("block", "    price: 4\n    blockDays: [7]\n    interruptionsPerDay: 0.1\n"),
                "offers[0].interruptionsPerDay", "interruptionsPerDay: ^0.1", "only spot offers are interrupted", "");
        String catalog = offer("block", "    from: catalog\n    instanceType: p5.48xlarge\n    blockDays: [7]\n")
                .replace("    accelerator: H100-80G\n", "");
        assertError(catalog, "offers[0].from", "from: ^catalog", "the catalog has no capacity block prices",
                "state price (the block's rate per GPU-hour) and blockDays");
    }

    @Test
    void aLengthOfTheWrongTypeIsLocated() {
        assertOnlyError(offer("block", "    price: 4\n    blockDays: [7, two]\n"), "offers[0].blockDays[1]", "^two]", "", "");
    }
}
