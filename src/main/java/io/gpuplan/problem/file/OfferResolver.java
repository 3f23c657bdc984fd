package io.gpuplan.problem.file;

import io.gpuplan.catalog.Catalog;
import io.gpuplan.catalog.CatalogRow;
import io.gpuplan.catalog.InterruptionBand;
import io.gpuplan.problem.Accelerator;
import io.gpuplan.problem.AcceleratorTable;
import io.gpuplan.problem.Limits;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.OwnedTerms;
import io.gpuplan.problem.PriceSource;
import io.gpuplan.problem.PurchaseModel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks and completes the {@code offers:} list (R4, R5 and the offer defaults). */
final class OfferResolver {
    private final ProblemResolver.Checks c;
    private final AcceleratorTable table;
    private final String baseCurrency;
    private final Map<String, Double> rates;
    private final CatalogOffer catalogOffer;

    private final io.gpuplan.problem.ExpectedUse expectedUseForAll;

    /** @param expectedUseForAll R29 for every reserved offer that states none, or null (the default) */
    OfferResolver(ProblemResolver.Checks c, AcceleratorTable table, String baseCurrency, Map<String, Double> rates,
                  io.gpuplan.problem.ExpectedUse expectedUseForAll) {
        this.expectedUseForAll = expectedUseForAll;
        this.c = c;
        this.table = table;
        this.baseCurrency = baseCurrency;
        this.rates = rates;
        this.catalogOffer = new CatalogOffer(c, table, Catalog.builtIn());
    }

    List<Offer> resolve(List<OfferFile> files) {
        c.require(!files.isEmpty(), "offers", "is empty", "at least one offer");
        c.require(files.size() <= Limits.MAX_OFFERS, "offers", files.size() + " offers", "at most " + Limits.MAX_OFFERS);
        List<Offer> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < files.size(); i++) {
            String p = "offers[" + i + "]";
            // Also for an offer with binding errors (already reported), so that fixing them reveals no new error.
            String id = files.get(i) != null ? files.get(i).id() : c.text(p + ".id");
            boolean unique = id == null || c.require(!id.isBlank(), p + ".id", "is empty", "an id such as aws-use1-a100-od")
                    && c.require(ids.add(id), p + ".id", "duplicate offer id \"" + id + "\"", "a unique id");
            if (files.get(i) == null) {
                continue;
            }
            Offer o = resolve(files.get(i), p, unique);
            if (o != null) {
                out.add(o);
            }
        }
        return out;
    }

    private Offer resolve(OfferFile f, String p, boolean unique) {
        boolean ok = unique;
        ok &= c.require(!f.provider().isBlank(), p + ".provider", "is empty", "a provider such as aws");
        ok &= c.require(!f.region().isBlank(), p + ".region", "is empty", "a region such as us-east-1");
        List<String> assumed = new ArrayList<>();
        CatalogOffer.Figures cat = null;
        if (f.from() != null) {
            cat = catalogOffer.resolve(f, p, assumed);
            ok &= cat != null;
        } else {
            ok &= c.require(f.instanceType() == null, p + ".instanceType", "only offers from the catalog have an instance type",
                    "remove it, or add from: catalog");
            ok &= c.require(f.discount() == null, p + ".discount", "only reserved offers from the catalog have a discount",
                    "state the reserved price itself, or add from: catalog");
        }
        if (f.discount() != null && f.purchase() != PurchaseModel.RESERVED) {
            ok = c.require(false, p + ".discount", "only reserved offers have a discount", "remove it, or make the offer purchase: reserved");
        }
        Accelerator acc = cat == null ? null : cat.accelerator();
        if (f.accelerator() != null) {
            acc = table.find(f.accelerator()).orElse(null);
            if (acc == null) {
                ok = c.knownName(f.accelerator(), table.all().keySet(), p + ".accelerator", "accelerator") && ok;
            }
        }
        ok &= c.require(Jurisdictions.ISO_COUNTRIES.contains(f.jurisdiction()), p + ".jurisdiction",
                "unknown jurisdiction \"" + f.jurisdiction() + "\"" + Jurisdictions.suggestion(f.jurisdiction()),
                "an ISO 3166 alpha-2 country code such as US, DE, CN");
        OwnedTerms owned = new OwnedResolver(c).resolve(f, p, assumed);
        ok &= f.purchase() != PurchaseModel.OWNED || owned != null;
        List<Integer> blockDays = new BlockResolver(c).resolve(f, p); // R30
        ok &= blockDays != null;
        // R28: an owned offer's price per GPU-hour is what a bought GPU costs per hour, used or not.
        Double price = owned != null ? Double.valueOf(owned.perGpuHour()) : f.price() != null ? f.price() : cat == null ? null : cat.price();
        String priceLimit = "a price up to " + ProblemResolver.Checks.limit(Limits.MAX_PRICE) + " per GPU-hour";
        if (f.price() != null) {
            c.positive(f.price(), p + ".price");
            ok &= c.atMost(f.price(), Limits.MAX_PRICE, p + ".price", priceLimit);
        }
        if (f.priceFactor() != null) {
            c.positive(f.priceFactor(), p + ".priceFactor");
            if (price != null) {
                price = CatalogRow.times(price, f.priceFactor());
                assumed.add("price x " + CatalogOffer.fmt(f.priceFactor()) + " (priceFactor)");
            }
        }
        // A price from the catalog is in its currency (a stated other currency is already reported by CatalogOffer).
        String currency = f.from() != null && f.price() == null ? CatalogRow.CURRENCY
                : f.currency() != null ? f.currency().trim() : baseCurrency;
        double rate = 1.0;
        if (!currency.equals(baseCurrency)) {
            if (!ProblemResolver.isCurrency(currency)) {
                ok = c.require(false, p + ".currency", "unknown currency \"" + currency + "\"", "an ISO 4217 code such as CNY");
            } else if (!rates.containsKey(currency)) {
                ok = c.require(false, p + ".currency", "no exchange rate for " + currency
                                + (f.currency() == null ? " (the catalog's prices are in " + currency + ")" : ""),
                        "add exchangeRates: {" + currency + ": <units per 1 " + baseCurrency + ">}");
            } else {
                rate = rates.get(currency);
                // A rate out of range is reported at exchangeRates; converting by it would only repeat that.
                ok &= rate >= Limits.MIN_RATE && rate <= Limits.MAX_RATE;
            }
        }
        if (ok && price != null && price <= Limits.MAX_PRICE) {
            ok &= c.atMost(price / rate, Limits.MAX_PRICE, f.price() != null ? p + ".price" : p,
                    priceLimit + " also in the base currency " + baseCurrency + " (price / exchangeRates." + currency + ")");
        }
        int perInstance = f.gpusPerInstance() != null ? f.gpusPerInstance() : cat != null ? cat.gpusPerInstance() : 1;
        c.positive(perInstance, p + ".gpusPerInstance");
        c.require(perInstance <= Limits.MAX_GPUS_PER_INSTANCE, p + ".gpusPerInstance", "is " + perInstance,
                "at most " + Limits.MAX_GPUS_PER_INSTANCE + " GPUs in one instance");
        int maxGpus = f.maxGpus() == null ? Offer.UNLIMITED : f.maxGpus();
        if (f.maxGpus() != null) {
            c.positive(maxGpus, p + ".maxGpus");
            c.require(maxGpus <= 0 || maxGpus >= perInstance, p + ".maxGpus",
                    "is " + maxGpus + ", less than one instance of " + perInstance + " GPUs", "at least gpusPerInstance");
        }
        double efficiency = f.crossNodeEfficiency() == null ? 0.9 : f.crossNodeEfficiency();
        c.fraction(efficiency, p + ".crossNodeEfficiency", false, true, "a fraction in (0, 1], default 0.9");
        if (efficiency > 0 && efficiency <= 1) { // beyond (0, 1] is reported just above
            c.within(efficiency, Limits.MIN_FRACTION, 1, p + ".crossNodeEfficiency", "a fraction from 0.001 to 1, default 0.9");
        }
        double interruptions = interruptions(f, p, assumed);
        int term = f.termMonths() == null ? 12 : f.termMonths();
        if (f.termMonths() != null && f.purchase() != PurchaseModel.OWNED) { // an owned offer's term is reported above
            if (f.purchase() != PurchaseModel.RESERVED) {
                c.error(p + ".termMonths", "only reserved offers have a term", "remove it, or make the offer purchase: reserved");
            } else {
                c.positive(term, p + ".termMonths");
                c.atMost(term, Limits.MAX_TERM_MONTHS, p + ".termMonths", "a term of at most " + Limits.MAX_TERM_MONTHS + " months");
            }
        }
        io.gpuplan.problem.ExpectedUse use = f.purchase() == PurchaseModel.RESERVED ? expectedUseForAll : null;
        if (f.expectedUseAfterHorizon() != null) {
            double u = f.expectedUseAfterHorizon();
            if (f.purchase() != PurchaseModel.RESERVED) {
                c.error(p + ".expectedUseAfterHorizon", "only reserved offers commit past the horizon",
                        "remove it, or make the offer purchase: reserved");
            } else if (c.require(u >= 0 && u <= 1, p + ".expectedUseAfterHorizon", "is " + ProblemResolver.Checks.fmt(u),
                    "a fraction from 0 to 1 of the pool expected in use after the horizon")) {
                use = new io.gpuplan.problem.ExpectedUse(u, io.gpuplan.problem.ExpectedUse.OFFER);
            }
        }
        ok &= committedGpus(f, p, perInstance, maxGpus);
        if (!ok || acc == null || price == null) {
            return null;
        }
        PriceSource source = cat != null ? cat.source().withAssumed(assumed) : PriceSource.problemFile(assumed);
        return new Offer(f.id(), f.provider(), f.region(), f.jurisdiction(), acc, f.purchase(), price, currency,
                price / rate, rate, perInstance, maxGpus, efficiency, interruptions,
                f.purchase() == PurchaseModel.RESERVED ? term : 0, source, owned, use, blockDays, null, f.committedGpus());
    }

    /** R32.8: a fixed level is a pool level the plan could buy (R18/R28): a committed offer, whole instances, within maxGpus. */
    private boolean committedGpus(OfferFile f, String p, int perInstance, int maxGpus) {
        Integer n = f.committedGpus();
        if (n == null) {
            return true;
        }
        String field = p + ".committedGpus";
        if (f.purchase() != PurchaseModel.RESERVED && f.purchase() != PurchaseModel.OWNED) {
            return c.require(false, field, "only reserved and owned offers are committed before the horizon",
                    "remove it, or make the offer purchase: reserved or owned");
        }
        return c.require(n >= 0 && perInstance > 0 && n % perInstance == 0 && n <= maxGpus, field, "is " + n,
                "a multiple of gpusPerInstance (" + perInstance + ") from 0 to "
                        + (maxGpus == Offer.UNLIMITED ? "any" : "maxGpus (" + maxGpus + ")"));
    }

    /** R10's rate: stated per offer, or from an interruption-frequency band (recorded as assumed). */
    private double interruptions(OfferFile f, String p, List<String> assumed) {
        if (f.purchase() != PurchaseModel.SPOT) {
            if (f.interruptionsPerDay() != null) {
                c.error(p + ".interruptionsPerDay", "only spot offers are interrupted", "remove it, or make the offer purchase: spot");
            }
            if (f.interruptionBand() != null) {
                c.error(p + ".interruptionBand", "only spot offers are interrupted", "remove it, or make the offer purchase: spot");
            }
            return 0;
        }
        if (f.interruptionBand() != null) {
            c.require(f.interruptionsPerDay() == null, p + ".interruptionBand", "both interruptionsPerDay and interruptionBand"
                    + " are given", "one of them");
            assumed.add(f.interruptionBand().assumption());
            return f.interruptionBand().interruptionsPerDay();
        }
        if (f.interruptionsPerDay() == null && c.text(p + ".interruptionBand") != null) {
            return 0; // a band written but refused (already reported) is not also a missing field
        }
        if (c.require(f.interruptionsPerDay() != null, p + ".interruptionsPerDay",
                "missing required field for a spot offer", "interruptions per instance per day, e.g. 0.3, or interruptionBand: one of "
                        + String.join(", ", InterruptionBand.writtenForms()))) {
            c.nonNegative(f.interruptionsPerDay(), p + ".interruptionsPerDay");
            c.atMost(f.interruptionsPerDay(), Limits.MAX_INTERRUPTIONS_PER_DAY, p + ".interruptionsPerDay",
                    "at most " + ProblemResolver.Checks.fmt(Limits.MAX_INTERRUPTIONS_PER_DAY) + " per day");
            return f.interruptionsPerDay();
        }
        return 0;
    }
}
