package io.gpuplan.problem.file;

import io.gpuplan.catalog.Catalog;
import io.gpuplan.catalog.CatalogRow;
import io.gpuplan.catalog.CatalogSource;
import io.gpuplan.catalog.Flag;
import io.gpuplan.catalog.TypicalDiscount;
import io.gpuplan.problem.Accelerator;
import io.gpuplan.problem.AcceleratorTable;
import io.gpuplan.problem.PriceSource;
import io.gpuplan.problem.PurchaseModel;
import io.gpuplan.problem.yaml.DidYouMean;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Completes an offer that says {@code from: catalog}: finds its catalog row, and takes the accelerator (with the row's
 * memory per GPU), GPUs per instance and price per GPU-hour from it, unless the offer states them. Every error names
 * the field and what the catalog does have.
 */
final class CatalogOffer {
    /** What the catalog supplies; {@code price} is null when the offer states its own. */
    record Figures(Accelerator accelerator, Integer gpusPerInstance, Double price, PriceSource source) {
    }

    private final ProblemResolver.Checks c;
    private final AcceleratorTable table;
    private final Catalog catalog;

    CatalogOffer(ProblemResolver.Checks c, AcceleratorTable table, Catalog catalog) {
        this.c = c;
        this.table = table;
        this.catalog = catalog;
    }

    /** The catalog's figures for the offer, or null after reporting why there are none. */
    Figures resolve(OfferFile f, String p, List<String> assumed) {
        CatalogRow row = catalog.find(f.provider(), f.region(), f.instanceType()).orElse(null);
        if (row == null) {
            reportMissingRow(f, p);
            return null;
        }
        Accelerator acc = null;
        if (f.accelerator() == null) {
            acc = table.find(row.accelerator()).orElse(null);
            if (acc == null) {
                c.error(p + ".instanceType", "the catalog's accelerator \"" + row.accelerator() + "\" of " + row.label()
                        + " has no entry in gpuplan's accelerator table", "add it under accelerators: {name: "
                        + row.accelerator() + ", vendor, memoryGb, fp16Tflops}, or state accelerator: with a known part");
                return null;
            }
            if (Math.abs(acc.memoryGb() - row.gpuMemoryGb()) > 1e-9) {
                // What the cloud exposes per GPU (e.g. B200: 180 GB, not the datasheet's 192) decides R8 on this offer.
                assumed.add("memory per GPU " + fmt(row.gpuMemoryGb()) + " GB from the catalog row (the accelerator table"
                        + " says " + fmt(acc.memoryGb()) + " GB)");
                acc = new Accelerator(acc.name(), acc.vendor(), acc.stack(), row.gpuMemoryGb(), acc.fp16Tflops(),
                        acc.bandwidthGBs(), acc.source(), (acc.note().isEmpty() ? "" : acc.note() + "; ")
                        + "memory per GPU from the catalog");
            }
        }
        Integer perInstance = f.gpusPerInstance();
        if (perInstance != null && perInstance != row.gpusPerInstance()) {
            assumed.add("gpusPerInstance " + perInstance + " stated in the problem (the catalog says " + row.gpusPerInstance() + ")");
        }
        if (perInstance == null) {
            perInstance = row.gpusPerInstance();
        }
        return price(f, p, row, acc, perInstance, assumed);
    }

    private Figures price(OfferFile f, String p, CatalogRow row, Accelerator acc, int perInstance, List<String> assumed) {
        List<String> flags = row.flagsFor(f.purchase()).stream().map(Flag::code).toList();
        if (f.price() != null) {
            c.require(f.discount() == null, p + ".discount", "a discount applies to the catalog's price, but the offer"
                    + " states its own price", "remove one of price and discount");
            assumed.add("price " + fmt(f.price()) + " stated in the problem overrides the catalog's");
            return new Figures(acc, perInstance, null, new PriceSource(PriceSource.PROBLEM_FILE, row.label(),
                    null, null, null, null, flags, assumed));
        }
        if (f.currency() != null && !f.currency().trim().equals(CatalogRow.CURRENCY)) {
            c.error(p + ".currency", "the catalog's prices are in " + CatalogRow.CURRENCY, "remove currency, or state price: in "
                    + f.currency().trim());
            return null;
        }
        double perInstanceHour;
        CatalogSource source;
        String derivation;
        switch (f.purchase()) {
            case SPOT -> {
                if (row.spotPerHour() == null) {
                    c.error(p + ".purchase", "the catalog has no spot price for " + row.label(), spotChoices(row));
                    return null;
                }
                perInstanceHour = row.spotPerHour();
                source = row.spotSource();
                derivation = "spot " + fmt(perInstanceHour) + " USD per instance-hour (the median where the source lists"
                        + " several zones, SOURCES.md §3)";
            }
            case RESERVED -> {
                Double d = discount(f, p, assumed);
                if (d == null) {
                    return null;
                }
                perInstanceHour = CatalogRow.times(row.onDemandPerHour(), CatalogRow.oneMinus(d));
                source = row.onDemandSource();
                derivation = "on-demand " + fmt(row.onDemandPerHour()) + " USD per instance-hour x (1 - " + fmt(d) + ")";
            }
            default -> {
                perInstanceHour = row.onDemandPerHour();
                source = row.onDemandSource();
                derivation = "on-demand " + fmt(perInstanceHour) + " USD per instance-hour";
            }
        }
        double price = perGpu(perInstanceHour, row.gpusPerInstance());
        derivation += " / " + row.gpusPerInstance() + (row.gpusPerInstance() == 1 ? " GPU" : " GPUs");
        String reference = f.purchase() == PurchaseModel.SPOT && row.sourceText().contains(";spot=")
                ? row.sourceText().substring(row.sourceText().indexOf(";spot=") + 6) : row.sourceText().split(";spot=")[0];
        return new Figures(acc, perInstance, price, new PriceSource(PriceSource.CATALOG, row.label(),
                reference, source.asOf(), source.asOfText() + " (" + source.asOfBasis() + ")", derivation, flags, assumed));
    }

    /** The discount of a reserved offer from the catalog: stated, or the catalog's typical one for the provider and term. */
    private Double discount(OfferFile f, String p, List<String> assumed) {
        int term = f.termMonths() == null ? 12 : f.termMonths();
        List<TypicalDiscount> typical = catalog.typicalDiscounts(f.provider());
        String known = typical.isEmpty() ? "the catalog has no typical figure for " + f.provider()
                : "typical for " + f.provider() + ": " + String.join(", ", typical.stream()
                .map(t -> t.termMonths() + " months " + pct(t.discount())).toList());
        if (f.discount() == null) {
            c.error(p + ".discount", "missing: a reserved offer from the catalog is derived from on-demand at a discount",
                    "discount: 0.37, 37% or typical (" + known + ")");
            return null;
        }
        if (!f.discount().isTypical()) {
            assumed.add("reservation discount " + pct(f.discount().fraction()) + " for " + term + " months, stated in the problem");
            return f.discount().fraction();
        }
        TypicalDiscount t = catalog.typicalDiscount(f.provider(), term).orElse(null);
        if (t == null) {
            c.error(p + ".discount", "the catalog has no typical discount for " + f.provider() + " at " + term + " months",
                    "state one, e.g. discount: 0.37 (" + known + "; GCP publishes up to 57 % for committed use, SOURCES.md §6)");
            return null;
        }
        assumed.add("reservation discount " + pct(t.discount()) + " for " + term + " months, the catalog's typical figure: " + t.source());
        return t.discount();
    }

    private void reportMissingRow(OfferFile f, String p) {
        Set<String> providers = catalog.providers();
        if (!providers.contains(f.provider())) {
            c.knownName(f.provider(), providers, p + ".provider", "catalog provider");
            return;
        }
        Set<String> regions = catalog.regions(f.provider());
        if (!regions.contains(f.region())) {
            c.knownName(f.region(), regions, p + ".region", "region of " + f.provider() + " in the catalog");
            return;
        }
        Set<String> types = catalog.instanceTypes(f.provider(), f.region());
        String guess = DidYouMean.suggest(f.instanceType(), types).map(g -> " (did you mean \"" + g + "\"?)").orElse("");
        c.error(p + ".instanceType", "the catalog has no instance type \"" + f.instanceType() + "\" in " + f.provider() + " "
                + f.region() + guess, types.size() <= 12 ? "one of: " + String.join(", ", types)
                : "one of " + types.size() + " types; list them with: gpuplan catalog --provider " + f.provider()
                + " --region " + f.region());
    }

    private String spotChoices(CatalogRow row) {
        List<String> withSpot = new ArrayList<>();
        catalog.rows().stream().filter(r -> r.provider().equals(row.provider()) && r.region().equals(row.region())
                && r.spotPerHour() != null).forEach(r -> withSpot.add(r.instanceType()));
        String tail = withSpot.isEmpty() ? "no instance type in " + row.region() + " has one"
                : withSpot.size() <= 12 ? "types with a spot price there: " + String.join(", ", withSpot)
                : withSpot.size() + " types there have one (gpuplan catalog --provider " + row.provider() + " --region "
                + row.region() + " --purchase spot)";
        return "purchase: on-demand, a stated price:, or another instance type; " + tail;
    }

    private static double perGpu(double perInstanceHour, int gpus) {
        return new BigDecimal(Double.toString(perInstanceHour)).divide(BigDecimal.valueOf(gpus), MathContext.DECIMAL64).doubleValue();
    }

    static String fmt(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static String pct(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", fraction * 100);
    }
}
