package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.errors;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** R32's uncertainty fields: read by id, defaults, and every bad value located (all at once). */
class UncertaintyInputTest {
    static final String TEXT = """
            name: t
            horizon: {start: 2027-01-01, end: 2027-04-01}
            UNCERTAINTY
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4ODRANGE}
              - {id: sp, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: spot, price: 2, interruptionsPerDay: 0.2SPRANGE}
            jobs:
              - {id: j, kind: training, memoryGb: 40, flops: 1e20DEMAND}
              - {id: k, kind: training, memoryGb: 40, flops: 1e20}
            """;

    static String text(String uncertainty, String odRange, String spRange, String demand) {
        return TEXT.replace("UNCERTAINTY", uncertainty).replace("ODRANGE", odRange).replace("SPRANGE", spRange)
                .replace("DEMAND", demand);
    }

    @Test
    void noFieldsMeansNothingUncertain() {
        assertTrue(parse(text("", "", "", "")).uncertainty().none());
    }

    @Test
    void readByIdWithDefaults() {
        Problem p = parse(text("uncertainty: {byProvider: {aws: {priceRange: {p10: 0.9, p90: 1.2}}}}",
                ", priceRange: {p10: 0.8, p90: 1.5}", ", interruptionsPerDayRange: {p10: 0.1, p90: 0.6}",
                ", demand: {probability: 0.8, workFactor: {p10: 0.7, p90: 1.4}}"));
        Uncertainty u = p.uncertainty();
        assertEquals(new Demand(0.8, new Range(0.7, 1.4)), u.demand().get("j"));
        assertEquals(null, u.demand().get("k"), "a job without demand is certain");
        assertEquals(new Range(0.8, 1.5), u.price().get("od"));
        assertEquals(new Range(0.1, 0.6), u.interruptions().get("sp"));
        assertEquals(new Range(0.9, 1.2), u.providerPrice().get("aws"));
        // demand without workFactor: the work is certain (factor 1); without probability: it happens (1).
        Problem q = parse(text("", "", "", ", demand: {probability: 0.3}"));
        assertEquals(new Demand(0.3, Range.ONE), q.uncertainty().demand().get("j"));
    }

    @Test
    void badValuesAreLocatedErrors() {
        assertError(text("", "", "", ", demand: {probability: 1.5}"), "jobs[0].demand.probability", "1.5", "is 1.5",
                "a probability from 0 to 1");
        assertError(text("", ", priceRange: {p10: 1.3, p90: 1.1}", "", ""), "offers[0].priceRange.p90", "1.1}",
                "below p10 (1.3)", "at least the 10th");
        assertError(text("", "", "", ", demand: {workFactor: {p10: 0, p90: 1.4}}"), "jobs[0].demand.workFactor.p10", "p10: ^0, p90: 1.4",
                "is 0", "a factor above 0");
        assertError(text("", ", interruptionsPerDayRange: {p10: 0.1, p90: 0.6}", "", ""),
                "offers[0].interruptionsPerDayRange", "{p10: 0.1, p90: 0.6}", "only spot offers", "purchase: spot");
        assertError(text("uncertainty: {byProvider: {gcp: {priceRange: {p10: 0.9, p90: 1.2}}}}", "", "", ""),
                "uncertainty.byProvider.gcp", "{priceRange", "no offer is from provider \"gcp\"", "aws");
        // All at once: two bad fields, two errors.
        assertEquals(2, errors(text("", ", priceRange: {p10: -1, p90: 1}", "", ", demand: {probability: -0.2}")).size());
    }
}
