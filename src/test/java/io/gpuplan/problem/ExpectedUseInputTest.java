package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** R29's expectedUseAfterHorizon: on a reserved offer, or for all under reservations:; the offer's wins. */
class ExpectedUseInputTest {
    static final String TEXT = """
            name: t
            horizon: {start: 2027-01-01, end: 2027-04-01}
            RESERVATIONS
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4ODUSE}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 2RIUSE}
              - {id: ri2, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 2}
            jobs:
              - {id: j, kind: training, memoryGb: 40, flops: 1e20}
            """;

    static String text(String reservations, String odUse, String riUse) {
        return TEXT.replace("RESERVATIONS", reservations).replace("ODUSE", odUse).replace("RIUSE", riUse);
    }

    @Test
    void defaultIsNoneStatedTheOffersWinsOverTheProblems() {
        Problem none = parse(text("", "", ""));
        assertNull(none.offer("ri").orElseThrow().expectedUse());
        Problem p = parse(text("reservations: {expectedUseAfterHorizon: 0.6}", "", ", expectedUseAfterHorizon: 0.2"));
        assertEquals(new ExpectedUse(0.2, "offer"), p.offer("ri").orElseThrow().expectedUse());
        assertEquals(new ExpectedUse(0.6, "reservations"), p.offer("ri2").orElseThrow().expectedUse());
        assertNull(p.offer("od").orElseThrow().expectedUse(), "on-demand commits to nothing");
    }

    @Test
    void outOfRangeAndOnAnOfferWithoutACommitmentAreErrors() {
        assertError(text("reservations: {expectedUseAfterHorizon: 1.5}", "", ""), "reservations.expectedUseAfterHorizon",
                "1.5", "is 1.5", "a fraction from 0 to 1");
        assertError(text("", "", ", expectedUseAfterHorizon: -0.1"), "offers[1].expectedUseAfterHorizon", "-0.1", "is -0.1",
                "a fraction from 0 to 1");
        assertError(text("", ", expectedUseAfterHorizon: 0.5", ""), "offers[0].expectedUseAfterHorizon", "0.5}",
                "only reserved offers commit past the horizon", "purchase: reserved");
    }
}
