package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static io.gpuplan.problem.ReaderAssertions.errors;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** R27's fields: `providers.<name>.fixedCost`, `.support.{rate, minimum}`, `maxProviders`; defaults and errors. */
class ProviderOverheadFormatTest {

    private static String problem(String extra) {
        return """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                  - {id: g, provider: gcp, region: us-central1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.00}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """ + extra;
    }

    @Test
    void notStatedChangesNothing() {
        Problem p = parse(problem(""));
        assertFalse(p.overheads().stated());
        assertEquals(ProviderOverheads.NONE, p.overheads());
    }

    @Test
    void amountsReadLikeOtherAmountsAndDefaultToZero() {
        Problem p = parse(problem("""
                providers:
                  aws: {fixedCost: 60k, support: {rate: 0.10, minimum: 1.5k}}
                  gcp: {support: {rate: 0.03}}
                maxProviders: 2
                """));
        assertEquals(new ProviderOverhead("aws", 60_000, 0.10, 1_500), p.overheads().byProvider().get("aws"));
        assertEquals(new ProviderOverhead("gcp", 0, 0.03, 0), p.overheads().byProvider().get("gcp"));
        assertEquals(2, p.overheads().maxProviders());
        // Quarter 2027-01-01..04-01 = 90 days = 2160 h: 1500 × 2160 / 730 = 4438.356… → 4438.36.
        assertEquals(443_836, p.overheads().byProvider().get("aws").supportMinimumCents(p.horizon()));
    }

    @Test
    void maxProvidersAloneIsStated() {
        Problem p = parse(problem("maxProviders: 1\n"));
        assertTrue(p.overheads().stated());
        assertFalse(p.overheads().costly());
        assertNull(p.overheads().byProvider().get("aws"));
    }

    @Test
    void negativeFixedCost() {
        String text = problem("providers:\n  aws: {fixedCost: -5}\n");
        assertOnlyError(text, "providers.aws.fixedCost", "fixedCost: ^-5", "must not be negative", "zero or a positive number");
    }

    @Test
    void rateAboveOne() {
        String text = problem("providers:\n  aws: {support: {rate: 1.5}}\n");
        assertOnlyError(text, "providers.aws.support.rate", "rate: ^1.5", "out of range", "from 0 to 1");
    }

    @Test
    void negativeMaxProviders() {
        String text = problem("maxProviders: -1\n");
        assertOnlyError(text, "maxProviders", "maxProviders: ^-1", "must not be negative", "whole number of providers");
    }

    @Test
    void allErrorsAtOnceAndUnknownFieldsSuggested() {
        String text = problem("providers:\n  aws: {fixedCost: -5, support: {rate: 2, minimum: -1}}\n");
        assertEquals(3, errors(text).size(), ReaderAssertions.format(errors(text)));
        assertError(problem("providers:\n  aws: {fixedCosts: 5}\n"), "providers.aws.fixedCosts", "fixedCosts", "fixedCost", "");
    }

    @Test
    void aTypoOfAProviderWithOffersIsAnErrorAnOtherNameAWarning() {
        String typo = problem("providers:\n  gpc: {fixedCost: 5}\n");
        assertError(typo, "providers.gpc", "gpc: ^{fixedCost", "unknown provider", "gcp");
        List<String> warnings = new ArrayList<>();
        parse(problem("providers:\n  onprem: {fixedCost: 5}\n"), warnings);
        assertTrue(warnings.stream().anyMatch(w -> w.contains("providers.onprem") && w.contains("applies to nothing")), warnings.toString());
    }
}
