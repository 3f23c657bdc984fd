package io.gpuplan.problem;

import static io.gpuplan.problem.ReaderAssertions.assertError;
import static io.gpuplan.problem.ReaderAssertions.assertOnlyError;
import static io.gpuplan.problem.ReaderAssertions.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Offers that say {@code from: catalog}: what they take from the catalog, what they assume, and their errors. */
class CatalogOfferTest {
    private static String problem(String... offers) {
        return "name: t\nhorizon: {start: 2027-01-01, end: 2027-04-01}\noffers:\n"
                + String.join("\n", java.util.Arrays.stream(offers).map(o -> "  - " + o).toList())
                + "\njobs:\n  - {id: j, kind: training, memoryGb: 100, flops: 1e20}\n";
    }

    private static final String P4D = "from: catalog, provider: aws, region: us-east-1, instanceType: p4d.24xlarge, jurisdiction: US";

    private static Offer only(String offer) {
        return parse(problem(offer)).offers().get(0);
    }

    @Test
    void onDemandTakesPriceGpusAndAcceleratorFromTheRow() {
        Offer o = only("{id: od, " + P4D + ", purchase: on-demand}");
        assertEquals(2.744705, o.price(), 0); // 21.95764 USD per instance-hour / 8 GPUs
        assertEquals("USD", o.currency());
        assertEquals(8, o.gpusPerInstance());
        assertEquals("A100-40G", o.accelerator().name()); // the catalog's "A100" is the 40 GB part
        assertEquals(40, o.accelerator().memoryGb(), 0);
        PriceSource s = o.priceSource();
        assertEquals(PriceSource.CATALOG, s.origin());
        assertEquals("aws us-east-1 p4d.24xlarge", s.catalogRow());
        assertEquals("tsaol/aws-gpu@77fcd9fe1d06:data/all_gpu_instances.js", s.reference());
        assertEquals(LocalDate.of(2026, 1, 21), s.asOf());
        assertEquals(List.of("p4d-old-seed-price"), s.flags());
        assertEquals(List.of(), s.assumed());
    }

    @Test
    void reservedIsOnDemandLessTheDiscountForItsTerm() {
        // typical 12 months: 21.95764 x 0.63 = 13.8333132 per instance-hour, / 8 = 1.72916415.
        Offer typical = only("{id: ri, " + P4D + ", purchase: reserved, discount: typical}");
        assertEquals(1.72916415, typical.price(), 0);
        assertEquals(12, typical.termMonths());
        assertTrue(typical.priceSource().assumed().get(0).startsWith("reservation discount 37.0 % for 12 months, the catalog's typical"));
        // typical 36 months: 21.95764 x 0.432 = 9.48570048, / 8 = 1.18571256.
        assertEquals(1.18571256, only("{id: ri, " + P4D + ", purchase: reserved, termMonths: 36, discount: typical}").price(), 0);
        // stated 37 %: the same price as typical, but recorded as stated.
        Offer stated = only("{id: ri, " + P4D + ", purchase: reserved, discount: 37%}");
        assertEquals(1.72916415, stated.price(), 0);
        assertEquals(List.of("reservation discount 37.0 % for 12 months, stated in the problem"), stated.priceSource().assumed());
        assertEquals(1.72916415, only("{id: ri, " + P4D + ", purchase: reserved, discount: 0.37}").price(), 0);
    }

    @Test
    void spotTakesTheSpotPriceAndItsSourceAndABandForItsRate() {
        Offer o = only("{id: sp, " + P4D + ", purchase: spot, interruptionBand: \"5-10%\"}");
        assertEquals(1.23723125, o.price(), 0); // 9.89785 / 8
        assertEquals("skypilot-org/skypilot-catalog@2c3d7ea7d76b:catalogs/v9/aws/vms.csv", o.priceSource().reference());
        assertTrue(o.priceSource().asOfText().startsWith("no later than 2026-11-29"));
        assertEquals(0.00259871805, o.interruptionsPerDay(), 1e-11); // -ln(0.925) / 30
        assertTrue(o.priceSource().assumed().get(0).startsWith("interruptionsPerDay from the band 5-10%"));
        assertEquals(0.3, only("{id: sp, " + P4D + ", purchase: spot, interruptionsPerDay: 0.3}").interruptionsPerDay(), 0);
    }

    @Test
    void statedFieldsOverrideTheCatalogAndSaySo() {
        Offer o = only("{id: od, " + P4D + ", purchase: on-demand, price: 4.096, gpusPerInstance: 4, accelerator: A100-80G}");
        assertEquals(4.096, o.price(), 0);
        assertEquals(4, o.gpusPerInstance());
        assertEquals("A100-80G", o.accelerator().name());
        assertEquals(PriceSource.PROBLEM_FILE, o.priceSource().origin());
        assertEquals("aws us-east-1 p4d.24xlarge", o.priceSource().catalogRow());
        assertNull(o.priceSource().asOf());
        assertEquals(List.of("gpusPerInstance 4 stated in the problem (the catalog says 8)",
                "price 4.096 stated in the problem overrides the catalog's"), o.priceSource().assumed());
        // priceFactor scales the catalog's price: 2.744705 x 0.9 = 2.4702345.
        assertEquals(2.4702345, only("{id: od, " + P4D + ", purchase: on-demand, priceFactor: 0.9}").price(), 0);
    }

    @Test
    void memoryPerGpuIsTheRowsWhereItDiffersFromTheTable() {
        Offer o = only("{id: b2, from: catalog, provider: nebius, region: us-central1, instanceType: gpu-b200-sxm_8gpu-160vcpu-1792gb,"
                + " jurisdiction: US, purchase: on-demand}");
        assertEquals("B200", o.accelerator().name());
        assertEquals(180, o.accelerator().memoryGb(), 0); // the cloud exposes 180 GB per GPU, the table says 192
        assertEquals(5.5, o.price(), 0); // 44 / 8
        assertEquals(List.of("memory per GPU 180 GB from the catalog row (the accelerator table says 192 GB)"), o.priceSource().assumed());
    }

    @Test
    void anInstanceTypeTheCatalogLacksIsAnErrorWithASuggestion() {
        String text = problem("{id: od, from: catalog, provider: aws, region: us-east-1, instanceType: p4d.24xlage, jurisdiction: US,"
                + " purchase: on-demand}");
        assertOnlyError(text, "offers[0].instanceType", "p4d.24xlage", "the catalog has no instance type \"p4d.24xlage\" in aws"
                + " us-east-1 (did you mean \"p4d.24xlarge\"?)", "gpuplan catalog --provider aws --region us-east-1");
        assertOnlyError(problem("{id: od, from: catalog, provider: aws, region: us-east-7, instanceType: p4d.24xlarge,"
                + " jurisdiction: US, purchase: on-demand}"), "offers[0].region", "us-east-7",
                "unknown region of aws in the catalog \"us-east-7\" (did you mean", "one of: af-south-1");
        assertOnlyError(problem("{id: od, from: catalog, provider: azure, region: eastus, instanceType: x, jurisdiction: US,"
                + " purchase: on-demand}"), "offers[0].provider", "azure", "unknown catalog provider \"azure\"",
                "one of: aws, cudo, fluidstack, gcp, lambda, nebius, oci, seeweb");
    }

    @Test
    void whatACatalogOfferMustStateAndMayNot() {
        String noType = problem("{id: od, from: catalog, provider: aws, region: us-east-1, jurisdiction: US, purchase: on-demand}");
        assertOnlyError(noType, "offers[0].instanceType", "{id: od", "missing required field", "text");
        String plain = problem("{id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100, purchase: on-demand,"
                + " price: 4, instanceType: p4d.24xlarge}");
        assertOnlyError(plain, "offers[0].instanceType", "p4d.24xlarge}", "only offers from the catalog have an instance type", "from: catalog");
        assertOnlyError(problem("{id: sp, " + P4D + ", purchase: spot}"), "offers[0].interruptionsPerDay", "{id: sp",
                "missing required field for a spot offer", "interruptionBand: one of <5%, 5-10%");
        assertOnlyError(problem("{id: sp, " + P4D + ", purchase: spot, interruptionsPerDay: 0.1, interruptionBand: <5%}"),
                "offers[0].interruptionBand", "<5%", "both interruptionsPerDay and interruptionBand are given", "one of them");
        assertOnlyError(problem("{id: sp, " + P4D + ", purchase: spot, interruptionBand: 5-10}"), "offers[0].interruptionBand",
                "5-10}", "\"5-10\" is not an interruption band (did you mean \"5-10%\"?)",
                "one of the interruption-frequency bands <5%, 5-10%");
        assertOnlyError(problem("{id: od, " + P4D + ", purchase: on-demand, interruptionBand: <5%}"),
                "offers[0].interruptionBand", "<5%", "only spot offers are interrupted", "purchase: spot");
        assertOnlyError(problem("{id: ri, " + P4D + ", purchase: reserved}"), "offers[0].discount", "{id: ri",
                "a reserved offer from the catalog is derived from on-demand at a discount",
                "typical for aws: 12 months 37.0 %, 36 months 56.8 %");
        assertOnlyError(problem("{id: ri, from: catalog, provider: gcp, region: us-central1, instanceType: a2-highgpu-1g,"
                + " jurisdiction: US, purchase: reserved, discount: typical}"), "offers[0].discount", "typical",
                "the catalog has no typical discount for gcp at 12 months", "GCP publishes up to 57 %");
        assertOnlyError(problem("{id: ri, " + P4D + ", purchase: reserved, discount: 120%}"), "offers[0].discount", "120%",
                "discount 120% is not between 0 and 100 %", "a fraction in [0, 1)");
        assertOnlyError(problem("{id: sp, from: catalog, provider: aws, region: us-east-1, instanceType: g5.xlarge, jurisdiction: US,"
                + " purchase: spot, interruptionsPerDay: 0.1}"), "offers[0].purchase", "spot,",
                "the catalog has no spot price for aws us-east-1 g5.xlarge", "p4d.24xlarge");
        assertError(problem("{id: a, from: catalog, provider: lambda, region: us-east-1, instanceType: gpu_1x_a10, jurisdiction: US,"
                + " purchase: on-demand}"), "offers[0].instanceType", "gpu_1x_a10", "the catalog's accelerator \"A10\"",
                "add it under accelerators: {name: A10");
        assertOnlyError(problem("{id: od, " + P4D + ", purchase: on-demand, currency: EUR}"), "offers[0].currency", "EUR",
                "the catalog's prices are in USD", "state price: in EUR");
    }
}
