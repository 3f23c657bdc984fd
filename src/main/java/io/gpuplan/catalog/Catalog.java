package io.gpuplan.catalog;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The dated public price catalog bundled in the jar: {@code gpu_offers.csv} (real on-demand and spot prices per
 * instance type and region, copied unchanged from ../shared/data), the sources it names with their as-of dates
 * ({@code sources.csv}) and the typical reservation discounts ({@code discounts.csv}). Anomalies are flagged
 * ({@link Flag}), never corrected.
 */
public final class Catalog {
    private static final Catalog BUILT_IN = load();

    private final List<CatalogRow> rows;
    private final Map<String, CatalogSource> sources;
    private final List<TypicalDiscount> discounts;

    Catalog(List<CatalogRow> rows, Map<String, CatalogSource> sources, List<TypicalDiscount> discounts) {
        this.rows = List.copyOf(rows);
        this.sources = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sources));
        this.discounts = List.copyOf(discounts);
    }

    public static Catalog builtIn() {
        return BUILT_IN;
    }

    public List<CatalogRow> rows() {
        return rows;
    }

    public Collection<CatalogSource> sources() {
        return sources.values();
    }

    public List<TypicalDiscount> discounts() {
        return discounts;
    }

    /** The newest as-of date of any source: the date the catalog as a whole is "as of" at most. */
    public LocalDate asOf() {
        return sources.values().stream().map(CatalogSource::asOf).max(LocalDate::compareTo).orElseThrow();
    }

    /** The row for an instance type in a provider's region (exact, case-sensitive: the ids are the providers'). */
    public Optional<CatalogRow> find(String provider, String region, String instanceType) {
        return rows.stream().filter(r -> r.provider().equals(provider) && r.region().equals(region)
                && r.instanceType().equals(instanceType)).findFirst();
    }

    public Optional<TypicalDiscount> typicalDiscount(String provider, int termMonths) {
        return discounts.stream().filter(d -> d.provider().equals(provider) && d.termMonths() == termMonths).findFirst();
    }

    public List<TypicalDiscount> typicalDiscounts(String provider) {
        return discounts.stream().filter(d -> d.provider().equals(provider)).toList();
    }

    public TreeSet<String> providers() {
        TreeSet<String> out = new TreeSet<>();
        rows.forEach(r -> out.add(r.provider()));
        return out;
    }

    public TreeSet<String> regions(String provider) {
        TreeSet<String> out = new TreeSet<>();
        rows.stream().filter(r -> (provider == null || r.provider().equals(provider)) && !r.region().isBlank())
                .forEach(r -> out.add(r.region()));
        return out;
    }

    public TreeSet<String> instanceTypes(String provider, String region) {
        TreeSet<String> out = new TreeSet<>();
        rows.stream().filter(r -> r.provider().equals(provider) && r.region().equals(region))
                .forEach(r -> out.add(r.instanceType()));
        return out;
    }

    public TreeSet<String> accelerators() {
        TreeSet<String> out = new TreeSet<>();
        rows.forEach(r -> out.add(r.accelerator()));
        return out;
    }

    private static Catalog load() {
        Map<String, CatalogSource> sources = new LinkedHashMap<>();
        for (List<String> f : Csv.read("sources.csv")) {
            sources.put(f.get(0), new CatalogSource(f.get(0), LocalDate.parse(f.get(1)), f.get(2).equals("no-later-than"),
                    f.get(3), f.get(4), f.get(5)));
        }
        List<TypicalDiscount> discounts = new ArrayList<>();
        for (List<String> f : Csv.read("discounts.csv")) {
            discounts.add(new TypicalDiscount(f.get(0), Integer.parseInt(f.get(1)), Double.parseDouble(f.get(2)), f.get(3)));
        }
        List<CatalogRow> rows = new ArrayList<>();
        for (List<String> f : Csv.read("gpu_offers.csv")) {
            rows.add(row(f, sources));
        }
        return new Catalog(rows, sources, discounts);
    }

    /** provider,region,instance_type,accelerator,accelerators_per_instance,on_demand,spot,gpu_memory_gb,source */
    static CatalogRow row(List<String> f, Map<String, CatalogSource> sources) {
        double onDemand = Double.parseDouble(f.get(5));
        Double spot = f.get(6).isBlank() ? null : Double.valueOf(f.get(6));
        // "A;spot=B": the on-demand price from A, the spot price from B (AWS: vantage on-demand, SkyPilot spot).
        String[] parts = f.get(8).split(";spot=", 2);
        CatalogSource od = source(parts[0], sources);
        CatalogSource sp = parts.length == 2 ? source(parts[1], sources) : od;
        return new CatalogRow(f.get(0), f.get(1), f.get(2), f.get(3), Integer.parseInt(f.get(4)), onDemand, spot,
                Double.parseDouble(f.get(7)), od, sp, f.get(8), Flag.of(f.get(0), f.get(1), f.get(2), f.get(3), onDemand, spot));
    }

    private static CatalogSource source(String text, Map<String, CatalogSource> sources) {
        String key = text.contains(":") ? text.substring(0, text.indexOf(':')) : text;
        CatalogSource s = sources.get(key);
        if (s == null) {
            throw new IllegalStateException("catalog row names the source " + key + ", which sources.csv does not date");
        }
        return s;
    }
}
