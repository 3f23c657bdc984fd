package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** R26's fields: a dataset's tier, the storage: section, and every place a stored dataset needs a price. */
class StorageInputTest {
    static final String OFFERS = """
            name: t
            horizon: {start: 2027-01-01, end: 2027-02-01}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4}
              - {id: lam, provider: lambda, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2}
            """;

    @Test
    void noTierNoSectionNoStorage() {
        Problem p = parse(OFFERS + "jobs:\n  - {id: j, kind: training, memoryGb: 40, flops: 1e20, dataset: {sizeGb: 10, location: aws/us-east-1}}\n");
        assertNull(p.jobs().get(0).dataset().tier());
        assertEquals(Storage.NONE, p.storage());
    }

    @Test
    void aSectionMakesEveryDatasetHotAndTheRegionKeyWins() {
        Problem p = parse(OFFERS + """
                storage: {byProvider: {lambda: {hot: 0.20}, aws/us-east-1: {hot: 0.08}}}
                jobs:
                  - {id: j, kind: training, memoryGb: 40, flops: 1e20, dataset: {sizeGb: 10, location: aws/us-east-1}}
                """);
        assertEquals(StorageTier.HOT, p.jobs().get(0).dataset().tier());
        assertEquals(0.08, p.storage().pricePerGbMonth(StorageTier.HOT, "aws", "us-east-1").orElseThrow());
        // aws elsewhere: the catalog's 0.125; aws cold: the catalog's Glacier Deep Archive 0.00099.
        assertEquals(0.125, p.storage().pricePerGbMonth(StorageTier.HOT, "aws", "eu-west-1").orElseThrow());
        assertEquals(0.00099, p.storage().pricePerGbMonth(StorageTier.COLD, "aws", "us-east-1").orElseThrow());
    }

    @Test
    void anOfferWhereACopyWouldHaveNoPriceIsAnError() {
        // lambda has no catalog storage price: the copy the job would keep there while it runs is unpriced.
        String text = OFFERS + "jobs:\n  - {id: j, kind: training, memoryGb: 40, flops: 1e20, dataset: {sizeGb: 10, location: aws/us-east-1, tier: cold}}\n";
        assertError(text, "offers[1]", "{id: lam", "no cold storage price for lambda/us-east-1, where offer lam would keep a copy",
                "storage.byProvider.lambda.cold");
    }

    @Test
    void aDatasetWhereItLivesWithoutAPriceIsAnError() {
        String text = OFFERS + """
                storage: {byProvider: {lambda: {hot: 0.20}}}
                jobs:
                  - {id: j, kind: training, memoryGb: 40, flops: 1e20, dataset: {sizeGb: 10, location: lambda/us-east-1, tier: cold}}
                """;
        assertError(text, "jobs[0].dataset", "{sizeGb: 10", "no cold storage price for lambda/us-east-1",
                "storage.byProvider.lambda.cold (or lambda/us-east-1.cold)");
    }

    @Test
    void badPricesAndKeys() {
        String text = OFFERS + """
                storage: {byProvider: {aws: {hot: -1}, "a/b/c": {hot: 1}}}
                jobs:
                  - {id: j, kind: training, memoryGb: 40, flops: 1e20}
                """;
        assertError(text, "storage.byProvider.aws.hot", "hot: ^-1", "must not be negative", "zero or a positive number");
        assertError(text, "storage.byProvider.a/b/c", "{hot: 1}", "is neither a provider nor provider/region", "aws/us-east-1");
    }

    @Test
    void anUnknownTierIsAnError() {
        String text = OFFERS + "jobs:\n  - {id: j, kind: training, memoryGb: 40, flops: 1e20, dataset: {sizeGb: 10, location: aws/us-east-1, tier: warm}}\n";
        assertError(text, "jobs[0].dataset.tier", "warm", "warm", "hot");
    }
}
