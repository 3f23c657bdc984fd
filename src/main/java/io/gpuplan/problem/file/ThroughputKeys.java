package io.gpuplan.problem.file;

import io.gpuplan.catalog.Catalog;
import io.gpuplan.problem.AcceleratorTable;
import io.gpuplan.problem.Limits;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Work;
import io.gpuplan.problem.yaml.DidYouMean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Reads the keys of work form (c)'s {@code throughputPerGpu} (R9): each names an offer id, a provider or an
 * accelerator, tried in that order, since the same part measures differently per cloud.
 */
final class ThroughputKeys {
    private final ProblemResolver.Checks c;
    private final AcceleratorTable table;
    private final Set<String> offerIds = new LinkedHashSet<>();
    private final Set<String> providers = new TreeSet<>();
    private final List<Offer> offers;
    private final Consumer<String> warnings;

    /** Ids and providers as written, so that an offer with an error of its own does not also make its key unknown. */
    ThroughputKeys(ProblemResolver.Checks c, AcceleratorTable table, List<OfferFile> files, List<Offer> offers,
                   Consumer<String> warnings) {
        this.c = c;
        this.warnings = warnings;
        this.table = table;
        this.offers = offers;
        files.stream().filter(Objects::nonNull).forEach(f -> {
            offerIds.add(f.id());
            providers.add(f.provider());
        });
    }

    Work.Throughput resolve(double units, Map<String, Double> rates, String path) {
        Map<String, Double> byOffer = new LinkedHashMap<>();
        Map<String, Double> byProvider = new LinkedHashMap<>();
        Map<String, Double> byAccelerator = new LinkedHashMap<>();
        rates.forEach((key, rate) -> {
            String p = path + "." + key;
            Map<String, Double> into = offerIds.contains(key) ? byOffer : providers.contains(key) ? byProvider : null;
            String name = key;
            if (into == null && table.canonicalName(key).isPresent()) {
                into = byAccelerator;
                name = table.canonicalName(key).get();
            }
            if (into == null) {
                reportUnknown(key, p);
                return;
            }
            c.positive(rate, p);
            if (rate > 0) {
                c.within(rate, Limits.MIN_UNITS_PER_SECOND, Limits.MAX_UNITS_PER_SECOND, p, "from 1e-6 to "
                        + ProblemResolver.Checks.limit(Limits.MAX_UNITS_PER_SECOND) + " units/second per GPU");
            }
            into.put(name, rate);
        });
        byProvider.keySet().forEach(provider -> checkOneAccelerator(provider, byOffer, path + "." + provider));
        return new Work.Throughput(units, byAccelerator, byOffer, byProvider);
    }

    /** A rate measured on one part says nothing of another, so a provider key must not cover two accelerators. */
    private void checkOneAccelerator(String provider, Map<String, Double> byOffer, String path) {
        List<String> ids = new ArrayList<>();
        Set<String> accelerators = new LinkedHashSet<>();
        offers.stream().filter(o -> o.provider().equals(provider) && !byOffer.containsKey(o.id())).forEach(o -> {
            ids.add(o.id());
            accelerators.add(o.accelerator().name());
        });
        if (accelerators.size() > 1) {
            List<String> names = List.copyOf(accelerators);
            String listed = String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
            c.error(path, provider + " offers " + listed + ", and one measured rate cannot hold for "
                    + (names.size() == 2 ? "both" : "all of them"), "key those offers by id (" + String.join(", ", ids)
                    + "), or the accelerators by name");
        }
    }

    /**
     * A key that names nothing here is a rate measured elsewhere (an overlay may have removed that cloud's offers):
     * a warning. A key close to a name that exists is a typo, and an error, as the rate would miss its offers.
     */
    private void reportUnknown(String key, String path) {
        Set<String> known = new LinkedHashSet<>(offerIds);
        known.addAll(providers);
        known.addAll(table.all().keySet());
        java.util.Optional<String> close = DidYouMean.suggest(key, known);
        if (close.isEmpty() || Catalog.builtIn().providers().contains(key)) {
            warnings.accept(path + ": no offer, provider or accelerator is named " + key + ", so this rate applies to nothing");
            return;
        }
        String guess = close.map(g -> " (did you mean \"" + g + "\"?)").orElse("");
        c.error(path, "unknown offer id, provider or accelerator \"" + key + "\"" + guess, "offer ids: "
                + String.join(", ", offerIds) + "; providers: " + String.join(", ", providers) + "; accelerators: "
                + String.join(", ", table.all().keySet()));
    }
}
