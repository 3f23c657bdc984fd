package io.gpuplan.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.PurchaseModel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Filtering the catalog, and reserved lines derived from on-demand. */
class CatalogQueryTest {
    private static CatalogQuery query(Set<String> providers, Set<String> regions, Set<String> accelerators,
                                      Set<PurchaseModel> purchases, Double max, int term, Double discount) {
        return new CatalogQuery(providers, regions, accelerators, purchases, max, term, discount, (a, b) -> false);
    }

    @Test
    void filtersByProviderRegionAcceleratorAndPurchase() {
        List<CatalogEntry> e = query(Set.of("aws"), Set.of("us-east-1"), Set.of("a100"), Set.of(), null, 12, null)
                .run(Catalog.builtIn());
        // p4d.24xlarge is the only A100 (40 GB) type in us-east-1: on-demand 2.744705, spot 9.89785 / 8 = 1.23723125.
        assertEquals(2, e.size());
        assertEquals(PurchaseModel.SPOT, e.get(0).purchase(), "cheapest first");
        assertEquals(1.23723125, e.get(0).perGpuHour(), 1e-12);
        assertEquals(2.744705, e.get(1).perGpuHour(), 1e-12);
    }

    @Test
    void reservedLinesAreOnDemandLessTheTypicalOrStatedDiscount() {
        List<CatalogEntry> typical = query(Set.of("aws"), Set.of("us-east-1"), Set.of("A100"), Set.of(PurchaseModel.RESERVED),
                null, 36, null).run(Catalog.builtIn());
        // 21.95764 x (1 - 0.568) = 9.48570048 per instance-hour, / 8 = 1.18571256 per GPU-hour.
        assertEquals(1, typical.size());
        assertEquals(9.48570048, typical.get(0).perInstanceHour(), 1e-9);
        assertTrue(typical.get(0).derivation().contains("56.8 %"), typical.get(0).derivation());
        assertTrue(query(Set.of("gcp"), Set.of(), Set.of(), Set.of(PurchaseModel.RESERVED), null, 12, null)
                .run(Catalog.builtIn()).isEmpty(), "GCP has no typical discount, so no reserved lines unless one is stated");
        assertEquals(365, query(Set.of("gcp"), Set.of(), Set.of(), Set.of(PurchaseModel.RESERVED), null, 12, 0.5)
                .run(Catalog.builtIn()).size());
    }

    @Test
    void maxPriceIsPerGpuHourOfTheLineShown() {
        List<CatalogEntry> e = query(Set.of("nebius"), Set.of("eu-north1"), Set.of("H100"), Set.of(), 2.95, 12, null)
                .run(Catalog.builtIn());
        // 1-GPU and 8-GPU H100: on-demand 2.95 each (23.6 / 8), spot 1.25 each; all at most 2.95.
        assertEquals(4, e.size());
        assertEquals(2, query(Set.of("nebius"), Set.of("eu-north1"), Set.of("H100"), Set.of(), 2.94, 12, null)
                .run(Catalog.builtIn()).size());
    }
}
