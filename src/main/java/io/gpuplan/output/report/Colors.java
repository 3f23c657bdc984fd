package io.gpuplan.output.report;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** CSS classes for purchase models and cost categories; the colours themselves live in report.css. */
final class Colors {
    /** Cost categories in the order charts stack them (the keys of the plan's totals.byPurchaseModel). */
    static final List<String> CATEGORIES = List.of("reserved", "owned", "block", "on-demand", "spot", "transfer", "storage", "migration", "churn", "overhead");

    private Colors() {
    }

    /**
     * How a category is headed: purchase models by name; transfer and migration are costs of their own, not ways of
     * buying GPUs, so they carry their rule.
     */
    static String label(String category) {
        return switch (category == null ? "" : category) {
            case "transfer" -> "transfer (R19)";
            case "storage" -> "storage (R26)";
            case "migration" -> "migration (R16)";
            case "churn" -> "churn (R31)";
            case "overhead" -> "provider overhead (R27)";
            case "block" -> "capacity block (R30)";
            default -> category;
        };
    }

    static String purchaseClass(String purchase) {
        if ("churn".equals(purchase)) {
            return "purchase-migration"; // R31's churn is the team's work of a move, drawn like a migration
        }
        if ("storage".equals(purchase)) {
            // R26 storage is drawn like transfer, the other cost of a job's data (report.css stays as it was).
            return "purchase-transfer";
        }
        if ("block".equals(purchase)) {
            // R30 capacity blocks are drawn like reservations, the other prepaid commitment (report.css stays as it was).
            return "purchase-reserved";
        }
        String p = purchase == null ? "other" : purchase.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "");
        return "purchase-" + (p.isEmpty() ? "other" : p);
    }

    /** Legend entries for the categories present, in {@link #CATEGORIES} order (others after them). */
    static Map<String, String> purchaseLegend(Collection<String> present) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String c : CATEGORIES) {
            if (present.contains(c)) {
                out.merge(purchaseClass(c), label(c), (a, b) -> a + ", " + b); // storage shares transfer's colour
            }
        }
        for (String c : present) {
            if (c != null && !CATEGORIES.contains(c)) {
                out.put(purchaseClass(c), c);
            }
        }
        return out;
    }
}
