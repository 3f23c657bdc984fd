package io.gpuplan.cli;

import static io.gpuplan.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code gpuplan catalog}: filters, table and CSV, the legend of dates and flags, and bad filters. */
class CatalogCommandTest {

    @Test
    void filtersAndListsCheapestFirstWithDatesAndFlags() {
        // gpuplan's name A100-40G finds the catalog's "A100": p4d.24xlarge, spot 9.89785 / 8 before on-demand 21.95764 / 8.
        CliTest.Run r = run("catalog", "--provider", "aws", "--region", "us-east-1", "--accelerator", "A100-40G");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("provider  region     instance type"), lines.get(0));
        assertTrue(lines.get(1).matches("aws +us-east-1 +p4d\\.24xlarge +A100 +8 +40 +spot +9\\.89785 +1\\.2372 +<=2026-11-29 +p4d-old-seed-price"), lines.get(1));
        assertTrue(lines.get(2).matches("aws +us-east-1 +p4d\\.24xlarge +A100 +8 +40 +on-demand +21\\.95764 +2\\.7447 +2026-01-21 +p4d-old-seed-price"), lines.get(2));
        assertTrue(r.out().contains("2 lines; prices in USD"), r.out());
        assertTrue(r.out().contains("as of 2026-01-21: tsaol/aws-gpu@77fcd9fe1d06"), r.out());
        assertTrue(r.out().contains("flag p4d-old-seed-price: the articles' p4d.24xlarge price of 32.77"), r.out());
    }

    @Test
    void csvKeepsEveryDigitTheSourceAndTheDerivation() {
        CliTest.Run r = run("catalog", "--provider", "aws", "--region", "us-east-1", "--accelerator", "A100",
                "--purchase", "on-demand,reserved", "--discount", "37%", "--csv");
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of("provider,region,instance_type,accelerator,gpus_per_instance,gpu_memory_gb,purchase,"
                        + "usd_per_instance_hour,usd_per_gpu_hour,as_of,as_of_kind,source,flags,derivation",
                // 21.95764 x 0.63 = 13.8333132; / 8 = 1.72916415
                "aws,us-east-1,p4d.24xlarge,A100,8,40,reserved,13.8333132,1.72916415,2026-01-21,updated,"
                        + "tsaol/aws-gpu@77fcd9fe1d06,p4d-old-seed-price,\"on-demand x (1 - 37.0 %), 12 months\"",
                "aws,us-east-1,p4d.24xlarge,A100,8,40,on-demand,21.95764,2.744705,2026-01-21,updated,"
                        + "tsaol/aws-gpu@77fcd9fe1d06,p4d-old-seed-price,"), List.of(r.out().split("\r\n")));
    }

    @Test
    void maxPriceKeepsLinesAtMostThatPerGpuHour() {
        CliTest.Run r = run("catalog", "--provider", "nebius", "--accelerator", "H100", "--max-price", "1.25");
        // Nebius H100: spot 1.25 per GPU-hour (1 GPU: 1.25; 8 GPUs: 10 / 8); on-demand 2.95 is left out.
        assertTrue(r.out().contains("2 lines;") && !r.out().contains("on-demand"), r.out());
    }

    @Test
    void maxPriceIsAnAmountLikeTheOthers() {
        CliTest.Run thousandth = run("catalog", "--provider", "nebius", "--accelerator", "H100", "--max-price", "0.00125k");
        assertEquals(0, thousandth.code(), thousandth.err());
        assertEquals(run("catalog", "--provider", "nebius", "--accelerator", "H100", "--max-price", "1.25").out(), thousandth.out());
    }

    @Test
    void anAcceleratorNameWrittenLooselyFindsTheCatalogsLines() {
        CliTest.Run loose = run("catalog", "--accelerator", "rtx-6000", "--csv");
        assertEquals(0, loose.code(), loose.err());
        assertEquals(run("catalog", "--accelerator", "RTX6000", "--csv").out(), loose.out());
        assertTrue(loose.out().lines().count() > 1, loose.out());
    }

    @Test
    void anAcceleratorTheCatalogDoesNotListIsSaidSoNotAnEmptyListing() {
        CliTest.Run r = run("catalog", "--accelerator", "RTX-4090");
        assertEquals(2, r.code(), r.out());
        assertTrue(r.err().contains("--accelerator: the catalog lists no RTX-4090 (gpuplan knows the part, so a problem"
                + " file may offer it with a price: of its own) — accelerators in the catalog: A10, A100,"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void unknownFilterValuesAreBadInputWithSuggestions() {
        CliTest.Run r = run("catalog", "--provider", "awz", "--purchase", "spto");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--provider: unknown value \"awz\" (did you mean \"aws\"?) — one of: aws, cudo"), r.err());
        assertTrue(r.err().contains("--purchase: unknown value \"spto\" (did you mean \"spot\"?)"), r.err());
        assertEquals("", r.out());
        CliTest.Run d = run("catalog", "--purchase", "reserved", "--discount", "150%");
        assertEquals(2, d.code());
        assertTrue(d.err().contains("--discount: discount 150% is not between 0 and 100 %"), d.err());
    }

    @Test
    void sourcesListsDatesFlagsDiscountsAndBands() {
        CliTest.Run r = run("catalog", "--sources");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("1726 instance types x regions"), r.out());
        assertTrue(r.out().contains("as of no later than 2026-11-29 (commit a5be53865774"), r.out());
        assertTrue(r.out().contains("spot-not-below-od (25 rows)"), r.out());
        assertTrue(r.out().contains("aws 36 months: 56.8 %"), r.out());
        assertTrue(r.out().contains("5-10%  p = 0.075 -> interruptionsPerDay 0.0025987"), r.out());
    }
}
