package io.gpuplan.output.compare;

import io.gpuplan.output.PlanDocument;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The side-by-side table of PLAN-FORMAT.md: one column per scenario, one row per figure, every cell read from the
 * scenario's plan file as written there (no recomputation), so each number equals the one in its plan.
 */
public record ComparisonTable(List<String> scenarios, List<Row> rows) {

    /** A figure across the scenarios; {@code group} heads a block of rows; empty cells are "-". */
    public record Row(String group, String label, List<String> values) {
    }

    public static ComparisonTable of(List<String> scenarios, List<PlanDocument> plans) {
        List<Row> rows = new ArrayList<>();
        String currency = plans.get(0).currency();
        add(rows, plans, "Cost", "total cost (" + currency + ")", p -> money(p.totals().cost()));
        add(rows, plans, "Cost", "past the horizon: reservation commitments", p -> money(p.totals().commitmentsPastHorizon()));
        // Transfer, storage and migration are in the plan's byPurchaseModel but are no way of buying GPUs: a group of their own.
        keyed(rows, plans, "By purchase model", p -> only(p.totals().byPurchaseModel(), true));
        boolean overhead = plans.stream().anyMatch(p -> p.providers() != null);
        keyed(rows, plans, overhead ? "Transfer, storage, migration and provider overhead (R27)" : "Transfer, storage and migration",
                p -> only(p.totals().byPurchaseModel(), false));
        keyed(rows, plans, "By provider", p -> p.totals().byProvider());
        Map<String, Function<PlanDocument, String>> reserved = new LinkedHashMap<>();
        for (String offer : new TreeSet<>(plans.stream().flatMap(p -> p.reservations().stream()).map(PlanDocument.Reservation::offer).toList())) {
            reserved.put(offer, p -> p.reservations().stream().filter(r -> r.offer().equals(offer)).findFirst()
                    .map(r -> r.gpus() == 0 ? "no reservation" : r.gpus() + " GPUs, " + money(r.horizonCost())).orElse("-"));
        }
        reserved.forEach((offer, f) -> add(rows, plans, "Reservations bought", offer, f));
        // R28: owned cards bought (rows only when some plan has an owned offer).
        for (String offer : new TreeSet<>(plans.stream().filter(p -> p.owned() != null).flatMap(p -> p.owned().stream())
                .map(PlanDocument.Owned::offer).toList())) {
            add(rows, plans, "Owned cards bought", offer, p -> p.owned() == null ? "-" : p.owned().stream()
                    .filter(o -> o.offer().equals(offer)).findFirst().map(o -> o.gpus() == 0 ? "none"
                            : o.gpus() + " GPUs, " + money(o.horizonCost()) + " (outlay " + money(o.capitalOutlay()) + ")")
                    .orElse("-"));
        }
        add(rows, plans, "Budget", "total left", p -> p.totals().budget() == null || p.totals().budget().total() == null ? "-"
                : money(p.totals().budget().total().left()));
        for (String provider : new TreeSet<>(plans.stream().filter(p -> p.totals().budget() != null && p.totals().budget().byProvider() != null)
                .flatMap(p -> p.totals().budget().byProvider().keySet().stream()).toList())) {
            add(rows, plans, "Budget", provider + " left", p -> p.totals().budget() == null || p.totals().budget().byProvider() == null
                    || !p.totals().budget().byProvider().containsKey(provider) ? "-"
                    : money(p.totals().budget().byProvider().get(provider).left()));
        }
        add(rows, plans, "Jobs", "planned", p -> p.summary().planned() + " of " + p.summary().jobs());
        add(rows, plans, "Jobs", "unplanned priority", p -> String.valueOf(p.summary().unplannedPriority()));
        add(rows, plans, "Spot risk", "P50 cost", p -> p.risk() == null ? "-" : money(p.risk().p50Cost()));
        add(rows, plans, "Spot risk", "P90 cost", p -> p.risk() == null ? "-" : money(p.risk().p90Cost()));
        add(rows, plans, "Spot risk", "expected missed deadlines", p -> p.risk() == null ? "-" : p.risk().expectedMissedDeadlines().toPlainString());
        add(rows, plans, "Spot risk", "spot jobs", p -> p.risk() == null ? "-" : String.valueOf(p.risk().spotJobs().size()));
        add(rows, plans, "Quality", "proven", p -> p.totals().lowerBound().statement() == null ? "-" : p.totals().lowerBound().statement());
        add(rows, plans, "Quality", "proven lower bound on cost", p -> p.totals().lowerBound().best() == null ? "-" : money(p.totals().lowerBound().best()));
        add(rows, plans, "Quality", "gap to the bound", p -> p.totals().lowerBound().gap() == null ? "-"
                : p.totals().lowerBound().gap().movePointRight(2).setScale(2, RoundingMode.HALF_UP).toPlainString() + " %");
        add(rows, plans, "Quality", "saving vs greedy", p -> baseline(p, "greedy"));
        add(rows, plans, "Quality", "saving vs all on-demand", p -> baseline(p, "allOnDemand"));
        add(rows, plans, "Quality", "score", PlanDocument::score);
        return new ComparisonTable(List.copyOf(scenarios), List.copyOf(rows));
    }

    /** Every way of buying GPUs (owned cards too); the other keys of byPurchaseModel are transfer, storage, migration. */
    private static final java.util.Set<String> PURCHASE_MODELS = java.util.Arrays.stream(io.gpuplan.problem.PurchaseModel.values())
            .map(io.gpuplan.problem.PurchaseModel::label).collect(java.util.stream.Collectors.toUnmodifiableSet());

    /** The purchase models of a plan's byPurchaseModel ({@code models} true), or the other costs in it. */
    private static Map<String, BigDecimal> only(Map<String, BigDecimal> byPurchaseModel, boolean models) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        if (byPurchaseModel != null) {
            byPurchaseModel.forEach((k, v) -> {
                if (PURCHASE_MODELS.contains(k) == models) {
                    out.put(k, v);
                }
            });
        }
        return out;
    }

    private static void keyed(List<Row> rows, List<PlanDocument> plans, String group,
                              Function<PlanDocument, Map<String, BigDecimal>> map) {
        for (String key : new TreeSet<>(plans.stream().flatMap(p -> map.apply(p).keySet().stream()).toList())) {
            add(rows, plans, group, key, p -> map.apply(p).containsKey(key) ? money(map.apply(p).get(key)) : "-");
        }
    }

    private static void add(List<Row> rows, List<PlanDocument> plans, String group, String label,
                            Function<PlanDocument, String> value) {
        rows.add(new Row(group, label, plans.stream().map(value).toList()));
    }

    private static String baseline(PlanDocument p, String name) {
        PlanDocument.Baseline b = p.totals().baselines().get(name);
        if (b != null && b.savings() == null) {
            return "not comparable"; // the baseline runs other jobs than this plan (R25)
        }
        return b == null ? "-" : money(b.savings())
                + (b.savingsPercent() == null ? "" : " (" + b.savingsPercent().toPlainString() + " %)");
    }

    static String money(BigDecimal v) {
        return v == null ? "-" : v.toPlainString();
    }
}
