package io.gpuplan.problem.file;

import io.gpuplan.catalog.Catalog;
import io.gpuplan.problem.Accelerator;
import io.gpuplan.problem.AcceleratorTable;
import io.gpuplan.problem.Budget;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Limits;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProviderOverhead;
import io.gpuplan.problem.ProviderOverheads;
import io.gpuplan.problem.SlotLength;
import io.gpuplan.problem.Storage;
import io.gpuplan.problem.Transfer;
import io.gpuplan.problem.yaml.DidYouMean;
import io.gpuplan.problem.yaml.ErrorSink;
import io.gpuplan.problem.yaml.Locator;
import java.util.ArrayList;
import java.util.Currency;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Turns a bound {@link ProblemFile} into a {@link Problem}: checks every value and reference, applies the defaults
 * of MODEL.md, and reports every problem found (with its location) through the {@link ErrorSink}.
 */
public final class ProblemResolver {
    private final Locator locator;
    private final ErrorSink errors;
    private final Consumer<String> warnings;
    private final Set<String> reported;

    /**
     * @param reported the paths of the errors already reported by reading and binding: the fields there were left
     *                 out (null), so a check that would only repeat them ("missing", "states no work form") is skipped
     */
    public ProblemResolver(Locator locator, ErrorSink errors, Consumer<String> warnings, Set<String> reported) {
        this.locator = locator;
        this.errors = errors;
        this.warnings = warnings;
        this.reported = Set.copyOf(reported);
    }

    /** Returns the problem, or null when any error was reported (also before, while binding). */
    public Problem resolve(ProblemFile f) {
        Checks c = new Checks(locator, errors, reported);
        c.require(f.name() == null || !f.name().isBlank(), "name", "is empty", "a name for the scenario");
        Horizon horizon = f.horizon() == null ? null : resolveHorizon(f.horizon(), c);
        String currency = f.currency() == null ? "USD" : f.currency().trim();
        c.require(isCurrency(currency), "currency", "unknown currency \"" + currency + "\"", "an ISO 4217 code such as USD, EUR, CNY");
        Map<String, Double> rates = f.exchangeRates() == null ? Map.of() : f.exchangeRates();
        rates.forEach((code, rate) -> {
            c.require(isCurrency(code), "exchangeRates." + code, "unknown currency \"" + code + "\"", "an ISO 4217 code such as CNY");
            if (c.positiveOk(rate, "exchangeRates." + code)) {
                c.within(rate, Limits.MIN_RATE, Limits.MAX_RATE, "exchangeRates." + code, "a rate from "
                        + Checks.limit(Limits.MIN_RATE) + " to " + Checks.limit(Limits.MAX_RATE) + " " + code + " per 1 " + currency);
            }
        });
        double headroom = f.memoryHeadroom() == null ? 0.85 : f.memoryHeadroom();
        c.require(headroom > 0 && headroom <= 1, "memoryHeadroom", "is " + headroom, "a fraction in (0, 1], default 0.85");
        Map<String, Set<String>> groups = resolveGroups(f.jurisdictionGroups(), c);

        AcceleratorTable table = resolveAccelerators(f.accelerators(), c);
        List<OfferFile> offerFiles = f.offers() == null ? List.of() : f.offers();
        List<JobFile> jobFiles = f.jobs() == null ? List.of() : f.jobs();
        List<Offer> offers = f.offers() == null ? List.of() : new OfferResolver(c, table, currency, rates,
                expectedUseForAll(f.reservations(), c)).resolve(offerFiles);
        // From the offers as written, so that an offer with an error of its own does not also make its provider unknown.
        Set<String> providers = new TreeSet<>();
        Map<String, Set<String>> regions = new LinkedHashMap<>();
        for (int i = 0; i < offerFiles.size(); i++) {
            String provider = offerFiles.get(i) != null ? offerFiles.get(i).provider() : c.text("offers[" + i + "].provider");
            String region = offerFiles.get(i) != null ? offerFiles.get(i).region() : c.text("offers[" + i + "].region");
            if (provider != null) {
                providers.add(provider);
                // An offer whose region is wrong (already reported) leaves its provider's regions unknown: "*".
                regions.computeIfAbsent(provider, k -> new TreeSet<>()).add(region != null ? region : "*");
            }
        }
        DatasetLocations.check(jobFiles, regions, f.transfer() == null || f.transfer().byProvider() == null ? Set.of()
                : f.transfer().byProvider().keySet(), c);
        Budget budget = resolveBudget(f.budget(), providers, c);
        Set<String> billing = new TreeSet<>(providers);
        jobFiles.stream().filter(j -> j != null && j.dataset() != null && j.dataset().location().contains("/"))
                .forEach(j -> billing.add(j.dataset().location().split("/", 2)[0].trim()));
        Transfer transfer = resolveTransfer(f.transfer(), billing, c);
        ProviderOverheads overheads = resolveOverheads(f.providers(), f.maxProviders(), providers, c);
        var jobs = f.jobs() == null ? List.<io.gpuplan.problem.Job>of()
                : new JobResolver(c, table, horizon, f.horizon() == null ? null : f.horizon().end(), groups,
                        new ThroughputKeys(c, table, offerFiles, offers, warnings),
                        f.storage() != null ? io.gpuplan.problem.StorageTier.HOT : null)
                        .resolve(jobFiles, offers.stream().anyMatch(io.gpuplan.problem.Offer::isFixed));
        Storage storage = StorageResolver.resolve(f.storage(), jobFiles, offers, currency, rates, c);
        io.gpuplan.problem.Previous previous = resolvePrevious(f.previous(), c);
        io.gpuplan.problem.Uncertainty uncertainty = UncertaintyResolver.resolve(f, providers, c);
        if (c.failed() || !reported.isEmpty()) {
            return null;
        }
        if (!WorstCost.withinMoneyLimit(horizon, offers, jobs, transfer, storage, c)) {
            return null;
        }
        RateDirection.check(offers, currency, rates, warnings);
        Map<String, Accelerator> used = new LinkedHashMap<>();
        offers.forEach(o -> used.put(o.accelerator().name(), o.accelerator()));
        jobs.forEach(j -> {
            if (j.work() instanceof io.gpuplan.problem.Work.ReferenceHours r) {
                used.putIfAbsent(r.reference().name(), r.reference());
            }
        });
        return new Problem(f.name(), horizon, currency, rates, headroom, budget, transfer, storage, used, offers, jobs,
                overheads, previous, uncertainty);
    }

    /** R31: {@code previous:} as written; the plan itself is read by {@code previous.PreviousPlans}. */
    private io.gpuplan.problem.Previous resolvePrevious(PreviousFile p, Checks c) {
        if (p == null) {
            return io.gpuplan.problem.Previous.NONE;
        }
        double churn = p.churnCostPerMove() == null ? io.gpuplan.problem.Previous.DEFAULT_CHURN : p.churnCostPerMove();
        c.nonNegative(churn, "previous.churnCostPerMove");
        c.atMost(churn, Limits.MAX_AMOUNT, "previous.churnCostPerMove", "an amount up to " + Checks.limit(Limits.MAX_AMOUNT)
                + " in the base currency");
        c.require(p.plan() == null || !p.plan().isBlank(), "previous.plan", "is empty", "the previous plan's file, relative to this problem file");
        String plan = p.plan();
        String from = locator.locate("previous.plan").source();
        if (plan != null && from != null) {
            // Inherited from an overlay's base: relative to the base file that wrote it (made absolute).
            plan = java.nio.file.Path.of(from).toAbsolutePath().resolveSibling(plan).normalize().toString();
        }
        return new io.gpuplan.problem.Previous(plan, null, null, churn, java.util.Map.of(), List.of(),
                locator.locate(p.plan() != null ? "previous.plan" : "previous"));
    }

    /** R29: {@code reservations.expectedUseAfterHorizon}, checked, or null when not stated. */
    private static io.gpuplan.problem.ExpectedUse expectedUseForAll(ReservationsFile r, Checks c) {
        if (r == null || r.expectedUseAfterHorizon() == null) {
            return null;
        }
        double u = r.expectedUseAfterHorizon();
        return c.require(u >= 0 && u <= 1, "reservations.expectedUseAfterHorizon", "is " + Checks.fmt(u),
                "a fraction from 0 to 1 of each reserved pool expected in use after the horizon")
                ? new io.gpuplan.problem.ExpectedUse(u, io.gpuplan.problem.ExpectedUse.RESERVATIONS) : null;
    }

    private Horizon resolveHorizon(HorizonFile h, Checks c) {
        if (!h.end().isAfter(h.start())) {
            c.error("horizon.end", "is not after horizon.start (" + h.start() + ")", "a date after " + h.start());
            return null;
        }
        SlotLength slot = h.slot() == null ? SlotLength.DAY : h.slot();
        Horizon horizon = Horizon.of(h.start(), h.end(), slot);
        if (horizon.slots() == 0) {
            c.error("horizon", "is shorter than one slot (" + slot + ")", "a horizon of at least one slot");
            return null;
        }
        if (horizon.slots() > Limits.MAX_SLOTS) {
            c.error("horizon", "has " + horizon.slots() + " slots of " + slot, "at most " + Limits.MAX_SLOTS
                    + " slots: a shorter horizon or longer slots");
            return null;
        }
        if (!horizon.end().equals(h.end())) {
            warnings.accept("horizon: the trailing partial " + slot + " slot from " + horizon.end() + " to "
                    + h.end() + " is dropped (R1); the horizon ends " + horizon.end());
        }
        return horizon;
    }

    private Map<String, Set<String>> resolveGroups(Map<String, List<String>> groups, Checks c) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        if (groups == null) {
            return out;
        }
        groups.forEach((name, members) -> {
            c.require(!Jurisdictions.ISO_COUNTRIES.contains(name), "jurisdictionGroups." + name,
                    "a group may not be named like the country code " + name, "a name such as EU or APAC");
            // A residency naming an empty group would expand to no jurisdiction, and an empty residency means
            // anywhere (R12): the job's limit would silently vanish. Refused, as `residency: []` is.
            c.require(!members.isEmpty(), "jurisdictionGroups." + name, "is empty, so a residency naming it would allow no"
                    + " jurisdiction", "at least one ISO 3166 alpha-2 code, e.g. " + name + ": [DE, FR], or no such group");
            for (int i = 0; i < members.size(); i++) {
                String m = members.get(i);
                if (m == null) {
                    continue;
                }
                c.require(Jurisdictions.ISO_COUNTRIES.contains(m), "jurisdictionGroups." + name + "[" + i + "]",
                        "unknown country code \"" + m + "\"" + Jurisdictions.suggestion(m), "an ISO 3166 alpha-2 code such as DE, FR, CN");
            }
            Set<String> set = new LinkedHashSet<>();
            members.stream().filter(java.util.Objects::nonNull).forEach(set::add);
            out.put(name, set);
        });
        return out;
    }

    private AcceleratorTable resolveAccelerators(List<AcceleratorFile> files, Checks c) {
        AcceleratorTable builtIn = AcceleratorTable.builtIn();
        if (files == null) {
            return builtIn;
        }
        List<Accelerator> extra = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < files.size(); i++) {
            AcceleratorFile a = files.get(i);
            String p = "accelerators[" + i + "]";
            // Also for an entry with binding errors (already reported): its name still takes its place.
            String name = a != null ? a.name() : c.text(p + ".name");
            if (name != null && !seen.add(name.toLowerCase(Locale.ROOT))) {
                c.error(p + ".name", "duplicate accelerator \"" + name + "\"", "each accelerator once");
                continue;
            }
            if (a == null) {
                continue;
            }
            Accelerator base = builtIn.find(a.name()).orElse(null);
            if (base == null) {
                for (String field : List.of("vendor", "memoryGb", "fp16Tflops")) {
                    Object v = switch (field) {
                        case "vendor" -> a.vendor();
                        case "memoryGb" -> a.memoryGb();
                        default -> a.fp16Tflops();
                    };
                    c.require(v != null, p + "." + field, "missing required field for the new accelerator \"" + a.name() + "\"",
                            "give it, or use a built-in name: " + String.join(", ", builtIn.all().keySet()));
                }
            }
            c.positiveIfGiven(a.memoryGb(), p + ".memoryGb");
            c.positiveIfGiven(a.fp16Tflops(), p + ".fp16Tflops");
            c.atMost(a.memoryGb(), Limits.MAX_ACCELERATOR_MEMORY_GB, p + ".memoryGb",
                    "up to " + Checks.limit(Limits.MAX_ACCELERATOR_MEMORY_GB) + " GB per accelerator");
            if (a.fp16Tflops() != null && a.fp16Tflops() > 0) {
                c.within(a.fp16Tflops(), Limits.MIN_TFLOPS, Limits.MAX_TFLOPS, p + ".fp16Tflops",
                        "from " + Checks.fmt(Limits.MIN_TFLOPS) + " to " + Checks.limit(Limits.MAX_TFLOPS) + " TFLOPS");
            }
            c.positiveIfGiven(a.bandwidthGBs(), p + ".bandwidthGBs");
            if (base == null && (a.vendor() == null || a.memoryGb() == null || a.fp16Tflops() == null)) {
                continue;
            }
            extra.add(new Accelerator(a.name(),
                    a.vendor() != null ? a.vendor().toLowerCase(Locale.ROOT) : base.vendor(),
                    a.stack() != null ? a.stack() : base != null ? base.stack() : io.gpuplan.problem.Stack.CUDA,
                    a.memoryGb() != null ? a.memoryGb() : base.memoryGb(),
                    a.fp16Tflops() != null ? a.fp16Tflops() : base.fp16Tflops(),
                    a.bandwidthGBs() != null ? a.bandwidthGBs() : base != null ? base.bandwidthGBs() : null,
                    a.source() != null ? a.source() : "problem file" + (base != null ? " (overrides built-in)" : ""),
                    base != null ? "overridden in the problem file" : ""));
        }
        return builtIn.with(extra);
    }

    private Budget resolveBudget(BudgetFile b, Set<String> providers, Checks c) {
        if (b == null) {
            return Budget.NONE;
        }
        // Zero is a scenario (nothing may be spent, so every job is unplanned), not a mistake.
        String upTo = "an amount up to " + Checks.limit(Limits.MAX_AMOUNT) + " in the base currency";
        if (b.total() != null) {
            c.nonNegative(b.total(), "budget.total");
            c.atMost(b.total(), Limits.MAX_AMOUNT, "budget.total", upTo);
        }
        Map<String, Double> caps = b.byProvider() == null ? Map.of() : b.byProvider();
        caps.forEach((provider, cap) -> {
            providerLine(provider, providers, "budget.byProvider." + provider, c,
                    "no offer is from " + provider + ", so this cap limits nothing");
            c.nonNegative(cap, "budget.byProvider." + provider);
            c.atMost(cap, Limits.MAX_AMOUNT, "budget.byProvider." + provider, upTo);
        });
        return new Budget(b.total(), caps);
    }

    /** R27: each provider's fixed cost and support plan (every amount defaults to 0), and maxProviders. */
    private ProviderOverheads resolveOverheads(Map<String, ProviderFile> files, Integer max, Set<String> providers, Checks c) {
        if (max != null) {
            // Zero is a scenario (no provider may be used, so nothing is planned), like a zero budget.
            c.require(max >= 0, "maxProviders", "is " + max + ", must not be negative",
                    "a whole number of providers, 0 or more (leave it out for no limit)");
        }
        Map<String, ProviderOverhead> out = new LinkedHashMap<>();
        if (files != null) {
            String upTo = "an amount up to " + Checks.limit(Limits.MAX_AMOUNT) + " in the base currency";
            files.forEach((name, pf) -> {
                String p = "providers." + name;
                providerLine(name, providers, p, c, "no offer is from " + name + ", so this overhead applies to nothing");
                if (pf == null) {
                    return;
                }
                double fixed = pf.fixedCost() == null ? 0 : pf.fixedCost();
                c.nonNegative(fixed, p + ".fixedCost");
                c.atMost(fixed, Limits.MAX_AMOUNT, p + ".fixedCost", upTo);
                ProviderFile.SupportFile sf = pf.support();
                double rate = sf == null || sf.rate() == null ? 0 : sf.rate();
                double minimum = sf == null || sf.minimum() == null ? 0 : sf.minimum();
                c.fraction(rate, p + ".support.rate", true, true, "a share of the provider's spend from 0 to 1, such as 0.10");
                c.nonNegative(minimum, p + ".support.minimum");
                c.atMost(minimum, Limits.MAX_AMOUNT, p + ".support.minimum", upTo + " per month");
                out.put(name, new ProviderOverhead(name, fixed, rate, minimum));
            });
        }
        return new ProviderOverheads(out, max);
    }

    private Transfer resolveTransfer(TransferFile t, Set<String> providers, Checks c) {
        if (t == null) {
            return Transfer.DEFAULT;
        }
        double region = t.crossRegionPerGb() == null ? Transfer.DEFAULT_CROSS_REGION : t.crossRegionPerGb();
        double provider = t.crossProviderPerGb() == null ? Transfer.DEFAULT_CROSS_PROVIDER : t.crossProviderPerGb();
        c.nonNegative(region, "transfer.crossRegionPerGb");
        c.nonNegative(provider, "transfer.crossProviderPerGb");
        String perGb = "a rate up to " + Checks.limit(Limits.MAX_TRANSFER_PER_GB) + " per GB";
        c.atMost(region, Limits.MAX_TRANSFER_PER_GB, "transfer.crossRegionPerGb", perGb);
        c.atMost(provider, Limits.MAX_TRANSFER_PER_GB, "transfer.crossProviderPerGb", perGb);
        Map<String, Transfer.Rates> by = new LinkedHashMap<>();
        if (t.byProvider() != null) {
            t.byProvider().forEach((name, r) -> {
                providerLine(name, providers, "transfer.byProvider." + name, c,
                        "no offer or dataset is at " + name + ", so these rates apply to nothing");
                double cr = r.crossRegionPerGb() == null ? region : r.crossRegionPerGb();
                double cp = r.crossProviderPerGb() == null ? provider : r.crossProviderPerGb();
                if (r.crossRegionPerGb() != null) {
                    c.nonNegative(cr, "transfer.byProvider." + name + ".crossRegionPerGb");
                    c.atMost(cr, Limits.MAX_TRANSFER_PER_GB, "transfer.byProvider." + name + ".crossRegionPerGb", perGb);
                }
                if (r.crossProviderPerGb() != null) {
                    c.nonNegative(cp, "transfer.byProvider." + name + ".crossProviderPerGb");
                    c.atMost(cp, Limits.MAX_TRANSFER_PER_GB, "transfer.byProvider." + name + ".crossProviderPerGb", perGb);
                }
                by.put(name, new Transfer.Rates(cr, cp));
            });
        }
        return new Transfer(region, provider, by);
    }

    /**
     * A budget or transfer line for a provider without offers is harmless (an overlay may have removed them all), so
     * it is only a warning; a name one edit or two away from a provider that does have offers is a typo, and an error,
     * as the line would otherwise miss the provider it was meant for. Catalog providers are names, not typos.
     */
    private void providerLine(String name, Set<String> providers, String path, Checks c, String warning) {
        if (providers.contains(name)) {
            return;
        }
        boolean typo = DidYouMean.suggest(name, providers).isPresent() && !Catalog.builtIn().providers().contains(name);
        if (typo) {
            c.knownName(name, providers, path, "provider");
        } else {
            warnings.accept(path + ": " + warning);
        }
    }

    static boolean isCurrency(String code) {
        try {
            Currency.getInstance(code);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Small helpers that report through the sink with the location of the path. */
    static final class Checks {
        private final Locator locator;
        private final ErrorSink sink;
        private final Set<String> reported;
        private boolean failed;

        Checks(Locator locator, ErrorSink sink, Set<String> reported) {
            this.locator = locator;
            this.sink = sink;
            this.reported = reported;
        }

        boolean failed() {
            return failed;
        }

        void error(String path, String what, String valid) {
            failed = true;
            if (!repeatsReported(path)) {
                sink.error(locator.locate(path), path, what, valid);
            }
        }

        /**
         * Whether an error at {@code path} would only follow from one already reported at or below it: a wrong
         * {@code memoryGb} was left out, so "the job states neither memoryGb nor model.paramsB" says nothing new.
         */
        private boolean repeatsReported(String path) {
            for (String r : reported) {
                if (r.equals(path) || path.isEmpty() || r.startsWith(path + ".") || r.startsWith(path + "[")) {
                    return true;
                }
            }
            return false;
        }

        /** The text of the scalar written at {@code path}, or null: for an item whose binding failed. */
        String text(String path) {
            return locator.find(path) instanceof io.gpuplan.problem.yaml.YNode.YScalar s
                    && s.kind() != io.gpuplan.problem.yaml.YNode.YScalar.Kind.NULL ? s.text() : null;
        }

        boolean require(boolean ok, String path, String what, String valid) {
            if (!ok) {
                error(path, what, valid);
            }
            return ok;
        }

        void positive(double v, String path) {
            positiveOk(v, path);
        }

        boolean positiveOk(double v, String path) {
            return require(v > 0, path, "is " + fmt(v) + ", must be greater than zero", "a positive number");
        }

        void positiveIfGiven(Number v, String path) {
            if (v != null) {
                positive(v.doubleValue(), path);
            }
        }

        void nonNegative(double v, String path) {
            require(v >= 0, path, "is " + fmt(v) + ", must not be negative", "zero or a positive number");
        }

        void fraction(Double v, String path, boolean zeroAllowed, boolean oneAllowed, String valid) {
            if (v != null) {
                boolean ok = (zeroAllowed ? v >= 0 : v > 0) && (oneAllowed ? v <= 1 : v < 1);
                require(ok, path, "is " + fmt(v) + ", out of range", valid);
            }
        }

        /** Reports {@code name} if it is not among {@code known}, with a suggestion. */
        boolean knownName(String name, java.util.Collection<String> known, String path, String what) {
            if (known.contains(name)) {
                return true;
            }
            String guess = DidYouMean.suggest(name, known).map(g -> " (did you mean \"" + g + "\"?)").orElse("");
            error(path, "unknown " + what + " \"" + name + "\"" + guess,
                    known.isEmpty() ? "none is defined" : "one of: " + String.join(", ", known));
            return false;
        }

        static String fmt(double v) {
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                return String.valueOf((long) v);
            }
            if (!Double.isFinite(v)) {
                return String.valueOf(v);
            }
            if (v != 0 && (Math.abs(v) >= 1e15 || Math.abs(v) < 1e-4)) { // 1e300, not 1.0E300
                return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).stripTrailingZeros().toString()
                        .replace("E+", "e").replace("E", "e");
            }
            return String.valueOf(v);
        }

        /**
         * A value beyond a bound of {@link Limits}: reported with what would be valid ("a price up to 1e6 per
         * GPU-hour"), so that no arithmetic on it can overflow or run out of range later.
         */
        boolean atMost(Number v, double max, String path, String valid) {
            if (v == null || v.doubleValue() <= max) {
                return true;
            }
            error(path, "is " + fmt(v.doubleValue()) + ", more than gpuplan plans with", valid);
            return false;
        }

        /** Like {@link #atMost} for a lower bound too. */
        boolean within(Number v, double min, double max, String path, String valid) {
            if (v == null || v.doubleValue() >= min && v.doubleValue() <= max) {
                return true;
            }
            error(path, "is " + fmt(v.doubleValue()) + ", outside what gpuplan plans with", valid);
            return false;
        }

        /** A bound as a message writes it: 1e6, 100000. */
        static String limit(double max) {
            double exp = Math.log10(Math.abs(max));
            return exp == Math.rint(exp) && Math.abs(exp) >= 5 ? "1e" + (long) exp : fmt(max);
        }
    }
}
