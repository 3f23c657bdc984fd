package io.gpuplan.catalog;

import io.gpuplan.problem.PurchaseModel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A filter over the catalog (what {@code gpuplan catalog} takes): providers, regions, accelerators, purchase models
 * and a maximum price per GPU-hour; an empty set means any. Reserved lines exist only when asked for, derived from
 * on-demand at {@code discount} (or the provider's typical discount for {@code termMonths}).
 *
 * @param accelerator matches a row when it names the row's accelerator, or the same part by another name
 *                    ({@code sameAccelerator} decides, e.g. gpuplan's aliases: A100-80G = A100-80GB)
 * @param discount    null: the typical discount of the row's provider and term, rows without one are left out
 */
public record CatalogQuery(Set<String> providers, Set<String> regions, Set<String> accelerators,
                           Set<PurchaseModel> purchases, Double maxPricePerGpuHour, int termMonths, Double discount,
                           java.util.function.BiPredicate<String, String> sameAccelerator) {

    public List<CatalogEntry> run(Catalog catalog) {
        List<CatalogEntry> out = new ArrayList<>();
        for (CatalogRow r : catalog.rows()) {
            if (!matches(r)) {
                continue;
            }
            if (wants(PurchaseModel.ON_DEMAND)) {
                out.add(new CatalogEntry(r, PurchaseModel.ON_DEMAND, r.onDemandPerHour(), r.onDemandSource(), ""));
            }
            if (wants(PurchaseModel.SPOT) && r.spotPerHour() != null) {
                out.add(new CatalogEntry(r, PurchaseModel.SPOT, r.spotPerHour(), r.spotSource(), ""));
            }
            if (purchases.contains(PurchaseModel.RESERVED)) {
                Double d = discount != null ? discount
                        : catalog.typicalDiscount(r.provider(), termMonths).map(TypicalDiscount::discount).orElse(null);
                if (d != null) {
                    out.add(new CatalogEntry(r, PurchaseModel.RESERVED, CatalogRow.times(r.onDemandPerHour(), CatalogRow.oneMinus(d)),
                            r.onDemandSource(),
                            "on-demand x (1 - " + String.format(Locale.ROOT, "%.1f", d * 100) + " %), " + termMonths + " months"
                                    + (discount == null ? " (typical)" : "")));
                }
            }
        }
        Predicate<CatalogEntry> cheapEnough = e -> maxPricePerGpuHour == null || e.perGpuHour() <= maxPricePerGpuHour + 1e-12;
        // Cheapest per GPU-hour first: what a planner scans a listing for. Ties in catalog terms, for stable output.
        return out.stream().filter(cheapEnough).sorted(Comparator.comparingDouble(CatalogEntry::perGpuHour)
                .thenComparing(e -> e.row().provider()).thenComparing(e -> e.row().region())
                .thenComparing(e -> e.row().instanceType()).thenComparing(CatalogEntry::purchase)).toList();
    }

    private boolean wants(PurchaseModel p) {
        return purchases.isEmpty() || purchases.contains(p);
    }

    private boolean matches(CatalogRow r) {
        return (providers.isEmpty() || providers.contains(r.provider()))
                && (regions.isEmpty() || regions.contains(r.region()))
                && (accelerators.isEmpty() || accelerators.stream().anyMatch(a -> a.equalsIgnoreCase(r.accelerator())
                || sameAccelerator.test(a, r.accelerator())));
    }
}
