package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** References to accelerators, jurisdictions, providers and vendors that do not exist, with suggestions. */
class UnknownReferenceTest {

    @Test
    void unknownAcceleratorInAnOffer() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - id: od
                    provider: aws
                    region: us-east-1
                    jurisdiction: US
                    accelerator: A100-80GB-X
                    purchase: on-demand
                    price: 4.10
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "offers[0].accelerator", "A100-80GB-X", "unknown accelerator \"A100-80GB-X\" (did you mean",
                "one of: A100-40G, A100-80G");
    }

    @Test
    void unknownReferenceAcceleratorOfGpuHours() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: j
                    kind: training
                    memoryGb: 100
                    work: {gpuHours: 6000, accelerator: H1000}
                """;
        assertOnlyError(text, "jobs[0].work.accelerator", "H1000", "unknown accelerator \"H1000\"", "H100-80G");
    }

    @Test
    void unknownAcceleratorInThroughput() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: j
                    kind: batch
                    memoryGb: 20
                    work:
                      units: 1.15e9
                      throughputPerGpu: {A100-80G: 475, H100-8OG: 1050}
                """;
        assertOnlyError(text, "jobs[0].work.throughputPerGpu.H100-8OG", "1050",
                "unknown offer id, provider or accelerator \"H100-8OG\" (did you mean \"H100-80G\"?)",
                "offer ids: od; providers: aws; accelerators: A100-40G, A100-80G");
    }

    @Test
    void acceleratorAliasesAreKnown() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: a100-sxm4-80gb, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertEquals("A100-80G",
                ReaderAssertions.parse(text).offers().get(0).accelerator().name());
    }

    @Test
    void unknownJurisdictionOfAnOffer() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: USA, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "offers[0].jurisdiction", "USA", "unknown jurisdiction \"USA\"", "ISO 3166 alpha-2");
    }

    @Test
    void aJurisdictionWrittenInLowerCaseOrAsACountryNameSuggestsItsCode() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                jurisdictionGroups: {EU: [DE, france]}
                offers:
                  - {id: a, provider: aws, region: us-east-1, jurisdiction: cn, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                  - {id: b, provider: aws, region: us-east-1, jurisdiction: China, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                  - {id: c, provider: aws, region: us-east-1, jurisdiction: USA, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20, residency: [UK, Germny]}
                """;
        assertError(text, "offers[0].jurisdiction", "cn,", "unknown jurisdiction \"cn\" (did you mean \"CN\"?)", "ISO 3166 alpha-2");
        assertError(text, "offers[1].jurisdiction", "China", "unknown jurisdiction \"China\" (did you mean \"CN\"?)", "ISO 3166");
        assertError(text, "offers[2].jurisdiction", "USA", "unknown jurisdiction \"USA\" (did you mean \"US\"?)", "ISO 3166");
        assertError(text, "jurisdictionGroups.EU[1]", "france", "unknown country code \"france\" (did you mean \"FR\"?)", "ISO 3166");
        assertError(text, "jobs[0].residency[0]", "UK", "unknown jurisdiction \"UK\" (did you mean \"GB\"?)", "ISO 3166");
        assertError(text, "jobs[0].residency[1]", "Germny", "unknown jurisdiction \"Germny\" (did you mean \"DE\"?)", "ISO 3166");
    }

    @Test
    void unknownJurisdictionInResidencySuggestsAGroup() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                jurisdictionGroups: {EU: [DE, FR]}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - id: j
                    kind: training
                    memoryGb: 100
                    flops: 1e20
                    residency: [US, EV]
                """;
        assertOnlyError(text, "jobs[0].residency[1]", "EV", "unknown jurisdiction \"EV\" (did you mean \"EU\"?)",
                "or one of the groups [EU]");
    }

    @Test
    void unknownCountryInAGroup() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                jurisdictionGroups:
                  EU: [DE, FR, XX]
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "jurisdictionGroups.EU[2]", "XX", "unknown country code \"XX\"", "ISO 3166 alpha-2");
    }

    /** An empty group would expand a residency to nothing, and an empty residency means anywhere (R12). */
    @Test
    void anEmptyJurisdictionGroupIsRefusedAtTheGroup() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                jurisdictionGroups: {EU: [], APAC: [JP, SG]}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20, residency: [EU]}
                  - {id: k, kind: training, memoryGb: 100, flops: 1e20, residency: [US, EU]}
                """;
        assertOnlyError(text, "jurisdictionGroups.EU", "EU: ^[]", "is empty, so a residency naming it would allow no jurisdiction",
                "at least one ISO 3166 alpha-2 code");
    }

    @Test
    void aGroupOfOnlyUnknownOrBlankCodesIsRefusedAtEachMember() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                jurisdictionGroups: {EU: ["", XX]}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20, residency: [EU]}
                """;
        assertEquals(2, ReaderAssertions.errors(text).size(), () -> ReaderAssertions.format(ReaderAssertions.errors(text)));
        assertError(text, "jurisdictionGroups.EU[0]", "[^\"\"", "unknown country code \"\"", "ISO 3166 alpha-2");
        assertError(text, "jurisdictionGroups.EU[1]", "XX", "unknown country code \"XX\"", "ISO 3166 alpha-2");
    }

    @Test
    void unknownProviderInBudgetByProvider() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                budget:
                  total: 1_800_000
                  byProvider: {awss: 900_000}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "budget.byProvider.awss", "900_000", "unknown provider \"awss\" (did you mean \"aws\"?)", "one of: aws");
    }

    @Test
    void aBudgetOrTransferLineForAProviderWithoutOffersIsAWarningNotAnError() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                budget: {byProvider: {aws: 900_000, huawei: 50_000}}
                transfer: {byProvider: {huawei: {crossRegionPerGb: 0.01}}}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        java.util.List<String> warnings = new java.util.ArrayList<>();
        Problem p = ReaderAssertions.parse(text, warnings);
        assertEquals(50_000.0, p.budget().byProvider().get("huawei"));
        assertEquals(java.util.List.of("test.yaml: budget.byProvider.huawei: no offer is from huawei, so this cap limits nothing",
                "test.yaml: transfer.byProvider.huawei: no offer or dataset is at huawei, so these rates apply to nothing"), warnings);
    }

    @Test
    void providerOfAnOfferWithItsOwnErrorIsStillKnownToTheBudget() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                budget: {byProvider: {aws: 900_000}}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A999, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """;
        assertOnlyError(text, "offers[0].accelerator", "A999", "unknown accelerator", "one of:");
    }

    @Test
    void unknownVendor() {
        String text = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.10}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20, vendors: [huawai]}
                """;
        assertError(text, "jobs[0].vendors[0]", "huawai", "unknown vendor \"huawai\" (did you mean \"huawei\"?)", "nvidia");
    }
}
