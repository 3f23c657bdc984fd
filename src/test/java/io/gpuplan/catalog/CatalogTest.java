package io.gpuplan.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The bundled catalog: its rows as read, the sources and dates behind them, and the anomaly flags. */
class CatalogTest {
    private final Catalog catalog = Catalog.builtIn();

    @Test
    void holdsEveryRowOfTheDataSet() {
        // SOURCES.md §1 and §4: 1,726 rows over 8 providers.
        assertEquals(1726, catalog.rows().size());
        assertEquals(List.of("aws", "cudo", "fluidstack", "gcp", "lambda", "nebius", "oci", "seeweb"), List.copyOf(catalog.providers()));
    }

    @Test
    void p4dInUsEast1IsTodaysPriceWithItsSourceAndDate() {
        CatalogRow r = catalog.find("aws", "us-east-1", "p4d.24xlarge").orElseThrow();
        assertEquals("A100", r.accelerator());
        assertEquals(8, r.gpusPerInstance());
        assertEquals(21.95764, r.onDemandPerHour(), 0);
        assertEquals(2.744705, r.onDemandPerGpuHour(), 1e-12); // 21.95764 / 8, SOURCES.md §9
        assertEquals(9.89785, r.spotPerHour(), 0);
        assertEquals(LocalDate.of(2026, 1, 21), r.onDemandSource().asOf());
        assertFalse(r.onDemandSource().noLaterThan());
        // AWS spot comes from SkyPilot, which is undated: "no later than" the day the copy was taken.
        assertEquals("skypilot-org/skypilot-catalog@2c3d7ea7d76b", r.spotSource().key());
        assertTrue(r.spotSource().noLaterThan());
        assertEquals(List.of(Flag.P4D_OLD_SEED_PRICE), r.flags());
    }

    @Test
    void anomaliesAreFlaggedNotFixed() {
        // GCP H100 with spot above on-demand (5.65962 vs 6.05913): kept as read, flagged twice.
        CatalogRow gcp = catalog.find("gcp", "asia-southeast1", "a3-highgpu-1g").orElseThrow();
        assertEquals(6.05913, gcp.spotPerHour(), 0);
        assertEquals(List.of(Flag.SPOT_NOT_BELOW_ON_DEMAND, Flag.GCP_REGIONAL_SPREAD), gcp.flags());
        assertTrue(catalog.find("gcp", "asia-east1", "l4-x1-gpu-only(+g2-standard host VM)").orElseThrow().flags()
                .contains(Flag.GPU_ONLY_PRICE));
        assertEquals(List.of(Flag.AVAILABILITY_NOT_IMPLIED), catalog.rows().stream()
                .filter(r -> r.provider().equals("lambda")).findFirst().orElseThrow().flags());
        assertEquals(List.of(Flag.NO_REGION), catalog.find("seeweb", "", "ECS1GPU8").orElseThrow().flags());
        assertEquals(List.of(), catalog.find("nebius", "eu-north1", "gpu-h100-sxm_8gpu-128vcpu-1600gb").orElseThrow().flags());
        // SOURCES.md §4 counts 25 rows where spot >= on-demand (AWS and GCP): each is flagged.
        assertEquals(25, catalog.rows().stream().filter(r -> r.flags().contains(Flag.SPOT_NOT_BELOW_ON_DEMAND)).count());
    }

    @Test
    void everySourceIsDatedAndTheCatalogIsAsOfItsNewest() {
        for (CatalogRow r : catalog.rows()) {
            assertTrue(catalog.sources().contains(r.onDemandSource()) && catalog.sources().contains(r.spotSource()), r.label());
        }
        assertEquals(LocalDate.of(2026, 11, 29), catalog.asOf());
        assertEquals("no later than 2026-11-29", catalog.find("nebius", "eu-north1", "gpu-h100-sxm_8gpu-128vcpu-1600gb")
                .orElseThrow().onDemandSource().asOfText());
    }

    @Test
    void typicalDiscountsAreTheOnesSourcesMdGives() {
        assertEquals(0.370, catalog.typicalDiscount("aws", 12).orElseThrow().discount(), 0);
        assertEquals(0.568, catalog.typicalDiscount("aws", 36).orElseThrow().discount(), 0);
        assertTrue(catalog.typicalDiscount("gcp", 12).isEmpty(), "GCP gives only 'up to 57 %', no typical 1-year figure");
    }

    @Test
    void bundledFilesAreTheSharedDataUnchanged() throws IOException {
        Path shared = Path.of("..", "shared", "data");
        Assumptions.assumeTrue(Files.isDirectory(shared), "../shared/data is not beside the repository");
        for (String name : List.of("gpu_offers.csv", "accelerators.csv", "SOURCES.md")) {
            try (InputStream in = Catalog.class.getResourceAsStream(name)) {
                assertArrayEquals(Files.readAllBytes(shared.resolve(name)), in.readAllBytes(), name + " differs from ../shared/data");
            }
        }
    }

    @Test
    void csvFieldsMayBeQuoted() {
        assertEquals(List.of("a", "b, c", "say \"x\""), Csv.split("a,\"b, c\",\"say \"\"x\"\"\""));
        assertNull(catalog.find("aws", "us-east-1", "P4D.24XLARGE").orElse(null), "ids are the providers', case-sensitive");
    }
}
