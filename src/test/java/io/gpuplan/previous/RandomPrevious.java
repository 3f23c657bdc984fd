package io.gpuplan.previous;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.Yaml;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;

/**
 * R31 for the random-instance tests: a previous plan of the 25 days before a problem's horizon, in which some jobs of
 * the problem ran on a random offer (8 or 16 GPUs) up to its start, so they continue, and some reserved offers had 8
 * GPUs reserved for 1 month (the term ends inside a 10-day horizon: 25 days before + 1 month) or 12, and some owned
 * offers had 8 cards bought (carried with their power only).
 */
public final class RandomPrevious {
    private RandomPrevious() {
    }

    /** A {@code previous:} section with a random churn (0 to 600), to add to the problem's text. */
    public static String section(Random r) {
        return "previous: {churnCostPerMove: " + 50 * r.nextInt(13) + "}\n";
    }

    public static Problem continuing(Problem p, Random r) {
        LocalDate start = p.horizon().start();
        StringBuilder sb = new StringBuilder("format: gpuplan-plan/1\nname: before\nhorizon: {start: ")
                .append(start.minusDays(25)).append(", end: ").append(start).append(", slot: 1d}\nfeasible: true\nreservations:\n");
        for (Offer o : p.offers()) {
            if (o.isReserved() && r.nextBoolean()) {
                sb.append("- {offer: ").append(o.id()).append(", gpus: 8, peakGpus: 8, pricePerGpuHour: ").append(o.price())
                        .append(", priceCurrency: ").append(o.currency()).append(", termMonths: ")
                        .append(List.of(1, 12).get(r.nextInt(2))).append("}\n");
            }
        }
        StringBuilder owned = new StringBuilder();
        for (Offer o : p.offers()) {
            if (o.isOwned() && r.nextBoolean()) { // cards bought last quarter: carried with their power only
                owned.append("- {offer: ").append(o.id()).append(", gpus: 8, peakGpus: 8, purchasePrice: ")
                        .append(o.owned().purchasePrice()).append(", priceCurrency: ").append(o.currency())
                        .append(", depreciationMonths: ").append(o.owned().depreciationMonths()).append(", runsFromSlot: 0}\n");
            }
        }
        if (!owned.isEmpty()) {
            sb.append("owned:\n").append(owned);
        }
        sb.append("assignments:\n");
        List<Offer> rented = p.offers().stream().filter(o -> !o.isOwned()).toList();
        for (var job : p.jobs()) {
            if (r.nextBoolean()) {
                Offer o = rented.get(r.nextInt(rented.size()));
                sb.append("- {job: ").append(job.id()).append(", kind: training, priority: 1, status: planned, offer: ")
                        .append(o.id()).append(", provider: ").append(o.provider()).append(", region: ").append(o.region())
                        .append(", billedGpus: ").append(8 * (1 + r.nextInt(2))).append(", start: ").append(start.minusDays(3))
                        .append(", end: ").append(start).append("}\n");
            }
        }
        String text = sb.toString();
        try {
            PlanDocument doc = Yaml.MAPPER.readValue(text, PlanDocument.class);
            return PreviousPlans.apply(p, "before.plan.yaml", "0".repeat(64), doc, text, "before.plan.yaml", "small.yaml", w -> { });
        } catch (InputErrors e) {
            throw new AssertionError(e.getMessage() + "\n" + text, e);
        }
    }
}
