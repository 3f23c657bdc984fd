package io.gpuplan.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An overlay's price scaling reaches offers that take their price from the catalog (as priceFactor). */
class CatalogOverlayTest {
    @TempDir
    Path dir;

    @Test
    void scalingPricesOfACatalogOfferMultipliesItsCatalogPrice() throws Exception {
        Files.writeString(dir.resolve("base.yaml"), """
                name: base
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: p4d, from: catalog, provider: aws, region: us-east-1, instanceType: p4d.24xlarge, jurisdiction: US,
                     purchase: on-demand}
                  - {id: own, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100, purchase: on-demand, price: 4}
                jobs:
                  - {id: j, kind: training, memoryGb: 100, flops: 1e20}
                """);
        Files.writeString(dir.resolve("cheaper.yaml"), """
                extends: base.yaml
                scale:
                  - {prices: 0.9, provider: aws}
                  - {prices: 0.5, offer: p4d}
                """);
        Problem p = ProblemReader.read(dir.resolve("cheaper.yaml")).problem();
        // 2.744705 x 0.9 x 0.5 = 2.744705 x 0.45 = 1.23511725; the written price 4 x 0.9 = 3.6.
        assertEquals(1.23511725, p.offer("p4d").orElseThrow().price(), 1e-12);
        assertEquals(3.6, p.offer("own").orElseThrow().price(), 1e-12);
        assertTrue(p.offer("p4d").orElseThrow().priceSource().assumed().contains("price x 0.45 (priceFactor)"),
                p.offer("p4d").orElseThrow().priceSource().assumed().toString());
    }
}
