package io.gpuplan.cli;

import io.gpuplan.catalog.Catalog;
import io.gpuplan.catalog.CatalogEntry;
import io.gpuplan.catalog.CatalogListing;
import io.gpuplan.catalog.CatalogQuery;
import io.gpuplan.catalog.CatalogSource;
import io.gpuplan.catalog.Flag;
import io.gpuplan.catalog.InterruptionBand;
import io.gpuplan.catalog.TypicalDiscount;
import io.gpuplan.problem.AcceleratorTable;
import io.gpuplan.problem.PurchaseModel;
import io.gpuplan.problem.file.Discount;
import io.gpuplan.problem.yaml.DidYouMean;
import java.io.PrintWriter;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.BiPredicate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "catalog", mixinStandardHelpOptions = true,
        description = "Lists the bundled public GPU price catalog (real on-demand and spot prices per instance type and"
                + " region, with their sources and as-of dates; known anomalies flagged, not corrected), filtered."
                + " A problem's offer refers to a line with from: catalog, provider, region and instanceType.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, ExitCodes.BAD_INPUT_TEXT, ExitCodes.INTERNAL_TEXT},
        footer = {"", "Examples:", "  gpuplan catalog --accelerator H100 --max-price 3",
                "  gpuplan catalog --provider aws --region us-east-1 --purchase reserved --term 36",
                "  gpuplan catalog --provider nebius --csv > nebius.csv", "  gpuplan catalog --sources"})
final class CatalogCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--provider", split = ",", paramLabel = "P", description = "only these providers (aws, gcp, lambda, ...)")
    List<String> providers = List.of();

    @Option(names = "--region", split = ",", paramLabel = "R", description = "only these regions (the provider's ids)")
    List<String> regions = List.of();

    @Option(names = "--accelerator", split = ",", paramLabel = "A",
            description = "only these accelerators, by the catalog's name (A100-80GB) or gpuplan's (A100-80G)")
    List<String> accelerators = List.of();

    @Option(names = "--purchase", split = ",", paramLabel = "M",
            description = "on-demand, spot and/or reserved (reserved: derived from on-demand at a discount; default: on-demand and spot)")
    List<String> purchases = List.of();

    @Option(names = "--max-price", paramLabel = "USD", converter = AmountConverter.class,
            description = "only lines at most this price per GPU-hour")
    Double maxPrice;

    @Option(names = "--term", paramLabel = "MONTHS", defaultValue = "12", description = "reserved term for the typical discount (default ${DEFAULT-VALUE})")
    int term;

    @Option(names = "--discount", paramLabel = "D", description = "reserved discount instead of the typical one: 0.37 or 37%%")
    String discount;

    @Option(names = "--csv", description = "CSV (with every digit, the source and the derivation) instead of a table")
    boolean csv;

    @Option(names = "--sources", description = "print the sources with their as-of dates, the flags and the typical discounts instead")
    boolean sources;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Catalog catalog = Catalog.builtIn();
        if (sources) {
            out.print(sourcesText(catalog));
            out.flush();
            return ExitCodes.OK;
        }
        AcceleratorTable table = AcceleratorTable.builtIn();
        Set<String> knownAccelerators = new TreeSet<>(catalog.accelerators());
        knownAccelerators.addAll(table.all().keySet());
        accelerators = accelerators.stream().map(a -> matchCase(a, knownAccelerators)).toList();
        boolean ok = known("--provider", providers, catalog.providers(), err)
                & known("--region", regions, providers.isEmpty() ? catalog.regions(null) : regionsOf(catalog), err)
                & known("--accelerator", accelerators, knownAccelerators, err)
                & known("--purchase", purchases, List.of("on-demand", "spot", "reserved"), err);
        Double d = null;
        if (discount != null) {
            try {
                d = Discount.parse(discount).fraction();
                ok &= d != null || fail(err, "--discount: typical is the default; give a number, e.g. 0.37 or 37%");
            } catch (IllegalArgumentException e) {
                ok = fail(err, "--discount: " + e.getMessage() + " — " + Discount.describe());
            }
        }
        if (!ok) {
            return ExitCodes.BAD_INPUT;
        }
        BiPredicate<String, String> sameAccelerator = (a, b) -> table.canonicalName(a).isPresent()
                && table.canonicalName(a).equals(table.canonicalName(b));
        if (!listed(catalog, knownAccelerators, sameAccelerator, err)) {
            return ExitCodes.BAD_INPUT;
        }
        Set<PurchaseModel> models = new LinkedHashSet<>();
        purchases.forEach(p -> models.add(PurchaseModel.valueOf(p.toUpperCase(Locale.ROOT).replace('-', '_'))));
        CatalogQuery q = new CatalogQuery(Set.copyOf(providers), Set.copyOf(regions), Set.copyOf(accelerators), models,
                maxPrice, term, d, sameAccelerator);
        List<CatalogEntry> entries = q.run(catalog);
        out.print(csv ? CatalogListing.csv(entries) : CatalogListing.table(entries));
        if (entries.isEmpty() && models.contains(PurchaseModel.RESERVED) && d == null) {
            err.println("note: reserved lines need a typical discount (only "
                    + String.join(", ", catalog.discounts().stream().map(t -> t.provider() + " " + t.termMonths() + " months").toList())
                    + ") or --discount");
        }
        out.flush();
        return ExitCodes.OK;
    }

    private Set<String> regionsOf(Catalog catalog) {
        Set<String> out = new TreeSet<>();
        providers.forEach(p -> out.addAll(catalog.regions(p)));
        return out;
    }

    /**
     * Accelerator names are matched without regard to case, dashes or spaces ({@code rtx-6000} is the catalog's
     * RTX6000); messages show the name as known.
     */
    private static String matchCase(String name, Collection<String> known) {
        return known.stream().filter(k -> k.equalsIgnoreCase(name)).findFirst()
                .or(() -> AcceleratorTable.builtIn().canonicalName(name))
                .or(() -> known.stream().filter(k -> loose(k).equals(loose(name))).findFirst())
                .orElse(name);
    }

    private static String loose(String name) {
        return name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT);
    }

    /**
     * A part gpuplan knows from its accelerator table but the catalog has no line of (RTX-4090) would list nothing:
     * say so, with the names the catalog does use, rather than print an empty table.
     */
    private boolean listed(Catalog catalog, Set<String> knownAccelerators, BiPredicate<String, String> same, PrintWriter err) {
        boolean ok = true;
        for (String a : accelerators) {
            CatalogQuery only = new CatalogQuery(Set.of(), Set.of(), Set.of(a), Set.of(), null, term, null, same);
            if (only.run(catalog).isEmpty()) {
                String guess = DidYouMean.suggest(a, catalog.accelerators()).map(g -> " (did you mean \"" + g + "\"?)").orElse("");
                ok = fail(err, "--accelerator: the catalog lists no " + a + guess + " (gpuplan knows the part, so a problem"
                        + " file may offer it with a price: of its own) — accelerators in the catalog: "
                        + String.join(", ", new TreeSet<>(catalog.accelerators())));
            }
        }
        return ok;
    }

    private static boolean known(String option, List<String> given, Collection<String> known, PrintWriter err) {
        boolean ok = true;
        for (String g : given) {
            if (!known.contains(g)) {
                String guess = DidYouMean.suggest(g, known).map(s -> " (did you mean \"" + s + "\"?)").orElse("");
                ok = fail(err, option + ": unknown value \"" + g + "\"" + guess + " — one of: " + String.join(", ", known));
            }
        }
        return ok;
    }

    private static boolean fail(PrintWriter err, String message) {
        err.println("gpuplan catalog: " + message);
        return false;
    }

    static String sourcesText(Catalog catalog) {
        StringBuilder s = new StringBuilder("gpuplan's bundled GPU price catalog: ").append(catalog.rows().size())
                .append(" instance types x regions from ../shared/data/gpu_offers.csv (provenance: SOURCES.md, bundled).\n\nSources and as-of dates:\n");
        for (CatalogSource src : catalog.sources()) {
            s.append("  ").append(src.key()).append(": ").append(src.what()).append("\n    as of ").append(src.asOfText())
                    .append(" (").append(src.asOfBasis()).append(")\n    license: ").append(src.license()).append('\n');
        }
        s.append("\nFlags (anomalies kept as read, not corrected):\n");
        for (Flag f : Flag.values()) {
            long n = catalog.rows().stream().filter(r -> r.flags().contains(f)).count();
            s.append("  ").append(f.code()).append(" (").append(n).append(" rows): ").append(f.meaning()).append('\n');
        }
        s.append("\nTypical reservation discounts (used by discount: typical):\n");
        for (TypicalDiscount t : catalog.discounts()) {
            s.append(String.format(Locale.ROOT, "  %s %d months: %.1f %% — %s%n", t.provider(), t.termMonths(), t.discount() * 100, t.source()));
        }
        s.append("  other providers: none read (GCP publishes up to 57 % without a per-GPU 1y/3y split); state discount: yourself\n");
        s.append("\nSpot interruption bands (interruptionBand:), midpoint as the monthly probability p, rate -ln(1 - p) / 30 per day:\n");
        for (InterruptionBand b : InterruptionBand.values()) {
            s.append(String.format(Locale.ROOT, "  %-6s p = %.3f -> interruptionsPerDay %.7f%n", b.label(), b.monthlyProbability(), b.interruptionsPerDay()));
        }
        return s.toString();
    }
}
