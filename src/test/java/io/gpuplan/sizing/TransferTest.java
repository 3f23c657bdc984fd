package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.problem.Problem;
import org.junit.jupiter.api.Test;

/** R19: dataset size x the rate its provider charges to another region or provider. */
class TransferTest {
    private static final double EPS = 1e-9;

    private static String offer(String id, String provider, String region) {
        return "  - {id: " + id + ", provider: " + provider + ", region: " + region + ", jurisdiction: US,"
                + " accelerator: A100-80G, purchase: on-demand, price: 4.0, gpusPerInstance: 8}\n";
    }

    private static final String OFFERS = offer("here", "aws", "us-east-1") + offer("other-region", "aws", "us-west-2")
            + offer("other-provider", "gcp", "us-central1");

    private static final String JOBS = """
              - {id: on-aws, kind: training, memoryGb: 40, gpus: 8, flops: 1e20, dataset: {sizeGb: 40000, location: aws/us-east-1}}
              - {id: on-gcp, kind: training, memoryGb: 40, gpus: 8, flops: 1e20, dataset: {sizeGb: 1000, location: gcp/us-central1}}
              - {id: no-data, kind: training, memoryGb: 40, gpus: 8, flops: 1e20}
            """;

    private static double amount(Problem p, String job, String offer) {
        return OptionSizer.transferAmount(p.transfer(), Fixtures.job(p, job), Fixtures.offer(p, offer));
    }

    @Test
    void r19_defaultRatesWhenNoTransferBlock() {
        Problem p = Fixtures.quarter(OFFERS, JOBS);
        assertEquals(0, amount(p, "on-aws", "here"), EPS);                       // same location
        assertEquals(40000 * 0.02, amount(p, "on-aws", "other-region"), EPS);    // within aws: 800
        assertEquals(40000 * 0.09, amount(p, "on-aws", "other-provider"), EPS);  // aws -> gcp: 3600
        assertEquals(0, amount(p, "no-data", "other-provider"), EPS);
        assertEquals(40000 * 0.09 * 100, Fixtures.option(p, "on-aws", "other-provider", 8).transferCents());
    }

    @Test
    void r19_problemLevelRatesAndPerProviderOverrides() {
        Problem p = Fixtures.problem(Fixtures.QUARTER + """
                transfer: {crossRegionPerGb: 0.01, crossProviderPerGb: 0.05, byProvider: {aws: {crossProviderPerGb: 0.12}}}
                offers:
                """ + OFFERS + "jobs:\n" + JOBS);
        // aws data: its override for leaving aws, the problem-level rate within aws
        assertEquals(40000 * 0.12, amount(p, "on-aws", "other-provider"), EPS);
        assertEquals(40000 * 0.01, amount(p, "on-aws", "other-region"), EPS);
        // gcp data: egress is billed by gcp, so aws's override does not apply
        assertEquals(1000 * 0.05, amount(p, "on-gcp", "here"), EPS);
        assertEquals(0, amount(p, "on-gcp", "other-provider"), EPS);
    }

    @Test
    void r19_transferIsBilledByTheDatasetsProvider() {
        Problem p = Fixtures.quarter(OFFERS, JOBS);
        Option o = Fixtures.option(p, "on-gcp", "here", 8);
        assertEquals(Math.round(1000 * 0.09 * 100), o.transferCents());
        assertEquals(new ProviderCharge("gcp", o.transferCents()),
                o.providerCharges().stream().filter(c -> c.provider().equals("gcp")).findFirst().orElseThrow());
    }
}
