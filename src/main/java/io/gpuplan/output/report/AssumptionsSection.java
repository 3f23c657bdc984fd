package io.gpuplan.output.report;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.Work;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** The rules the numbers rest on (MODEL.md), in one sentence each, with this problem's rates and offer prices. */
final class AssumptionsSection {
    private AssumptionsSection() {
    }

    static Section build(ReportInput in) {
        Problem p = in.problem();
        String cur = in.currency();
        var s = Section.builder("assumptions", "Assumptions");
        s.paragraph("Every number above follows from these rules of the planning model (MODEL.md, R1–R25) and the"
                + " problem's inputs; each can be reproduced by hand.");
        var t = Table.builder("Rules the numbers rest on", "assumption").text("rule").prose("assumption");
        rules(p, cur).forEach(r -> t.row(Table.data("rule", r[0]), r[0], r[1]));
        s.table(t.build());
        var rates = Table.builder("Exchange rates (R5), units per 1 " + cur, "rate").text("currency").num("per 1 " + cur)
                .empty("None: every price is in " + cur + ".");
        new TreeMap<>(p.exchangeRates()).forEach((c, r) -> rates.row(Table.data("currency", c), c, Fmt.exact(r)));
        s.table(rates.build());
        var offers = Table.builder("Offers and prices", "offer").text("offer", "provider / region", "accelerator", "purchase")
                .num("price per GPU-hour (as written)", "price per GPU-hour (" + cur + ")", "GPUs per instance",
                        "max GPUs", "interruptions per day", "term (months)");
        for (Offer o : p.offers()) {
            offers.row(Table.data("offer", o.id()), o.id(), o.provider() + " / " + o.region(), o.accelerator().name(),
                    o.purchase().label(), Fmt.exact(o.price()) + " " + o.currency(),
                    Fmt.exact(io.gpuplan.output.Numbers.measure(o.priceInBase())),
                    Integer.toString(o.gpusPerInstance()), o.isCapped() ? Integer.toString(o.maxGpus()) : "no cap",
                    o.isSpot() ? Fmt.rate(o.interruptionsPerDay()) : "—", o.isReserved() ? Integer.toString(o.termMonths()) : "—");
        }
        s.table(offers.build());
        s.note("Where each price comes from, and the date it is as of: see Price sources below.");
        return s.build();
    }

    private static List<String[]> rules(Problem p, String cur) {
        List<String[]> out = new ArrayList<>();
        out.add(new String[] {"R5", p.exchangeRates().isEmpty() ? "Every amount is in " + cur + "; no conversion."
                : "Prices in other currencies are converted to " + cur + " as price / rate, with the rates below ("
                + rateText(p, cur) + "); each offer's original price and currency stay in the offers table."});
        out.add(new String[] {"R6", "Billing is by whole instances: billed GPUs = ceil(GPUs / gpusPerInstance) × gpusPerInstance."});
        out.add(new String[] {"R7, R8", "Memory need is the job's memoryGb, else 20 GB per billion parameters for training"
                + " and full fine-tuning and bytes-per-parameter × 1.2 for LoRA and inference; per GPU it must fit in "
                + Fmt.exact(p.memoryHeadroom()) + " of the accelerator's memory (memoryHeadroom)."});
        out.add(new String[] {"R9", "Work hours come from FLOPs at a model FLOPs utilization of 0.40 unless a job states"
                + " another" + utilizationText(p) + ", from reference GPU-hours scaled by dense FP16 TFLOPS, or from"
                + " measured throughput; jobs spanning instances run at the offer's crossNodeEfficiency (default 0.9)."});
        out.add(new String[] {"R10", "Spot interruptions are Poisson: λ = interruptionsPerDay / 24 × instances, each losing"
                + " L = checkpointHours / 2 + restartHours; cost uses W = T / (1 − λL), the schedule Wq = max(W, T + L·k)"
                + " at the job's deadline confidence (default 0.95); no spot option when λL ≥ 0.5."});
        out.add(new String[] {"R11", "A job occupies d = ceil(Wq / slot hours) slots of " + p.horizon().slot()
                + "; cost uses the expected hours W."});
        out.add(new String[] {"R16", "Moving a job to another software stack adds its one-time migration cost, delays its"
                + " earliest start by the lead time and scales its speed by the performance factor."});
        out.add(new String[] {"R17", "On-demand and spot compute costs billed GPUs × W × price per GPU-hour."});
        out.add(new String[] {"R18", "A reservation costs GPUs bought × horizon hours × price, used or not; jobs on it add"
                + " no compute cost, and the term past the horizon is reported as a separate commitment."});
        if (p.offers().stream().anyMatch(io.gpuplan.problem.Offer::isOwned)) {
            out.add(new String[] {"R28", "Owned cards: the plan buys the peak its jobs use at once; the horizon carries"
                    + " GPUs bought × (purchasePrice / depreciationMonths + operationsPerGpuMonth) × horizon hours / 730,"
                    + " used or not, and each job's power, billed GPUs × W × powerKw × pue × electricityPricePerKwh; they run from the"
                    + " horizon start + leadTimeWeeks; the capital outlay is a one-time purchase, not plan cost."});
        }
        out.add(new String[] {"R19", "Moving a dataset costs its size × " + Fmt.exact(p.transfer().crossRegionPerGb())
                + " " + cur + "/GB across regions of one provider and × " + Fmt.exact(p.transfer().crossProviderPerGb())
                + " " + cur + "/GB across providers" + (p.transfer().byProvider().isEmpty() ? "" : ", unless the"
                + " dataset's provider has its own rates") + "."});
        storageAssumption(p, cur).ifPresent(out::add);
        if (p.offers().stream().anyMatch(io.gpuplan.problem.Offer::isReserved)) {
            out.add(new String[] {"R29", "The part of each reservation's commitment past the horizon expected to stand"
                    + " idle, (1 − u) × GPUs bought × hours past the horizon × price, is a cost of the plan (accrued"
                    + " when the commitment is made); u is the offer's or the problem's expectedUseAfterHorizon, else the"
                    + " pool's utilization within the horizon."});
        }
        if (p.overheads().stated()) {
            StringBuilder r27 = new StringBuilder("A provider the plan uses (a job on one of its offers; egress alone does"
                    + " not count) costs its fixed cost once and its support, max(rate × what it bills, minimum × horizon"
                    + " hours / 730), billed by it: ");
            java.util.List<String> each = new java.util.ArrayList<>();
            p.overheads().byProvider().values().forEach(o -> each.add(o.provider() + " " + Fmt.money(o.fixedCents())
                    + " fixed, support " + Fmt.exact(o.supportRate()) + " × bill, at least " + Fmt.exact(o.supportMinimumMonthly())
                    + " " + cur + "/month"));
            r27.append(each.isEmpty() ? "none stated" : String.join("; ", each));
            if (p.overheads().maxProviders() != null) {
                r27.append("; at most ").append(p.overheads().maxProviders()).append(" providers");
            }
            out.add(new String[] {"R27", r27.append(".").toString()});
        }
        out.add(new String[] {"Money", "Each line (a job's compute, transfer, migration; a reservation) is rounded half-up"
                + " to the cent; totals are sums of lines."});
        out.add(new String[] {"R24", "The lower bound charges each job its cheapest eligible option that meets its deadline,"
                + " reserved options at their hourly price, capacity ignored; an LP-relaxation bound, when present, is"
                + " named as such."});
        out.add(new String[] {"R25", "Greedy baseline: jobs in deadline order, each on its cheapest on-demand or spot option"
                + " that fits the capacity left, earliest start, no reservations; all on-demand: each job at its cheapest"
                + " on-demand offer, capacity ignored."});
        return out;
    }

    /**
     * R26: what storage is charged — or, for a problem with datasets and neither a tier on any nor a storage:
     * section, that none is. Nothing for a problem without datasets.
     */
    private static java.util.Optional<String[]> storageAssumption(io.gpuplan.problem.Problem p, String cur) {
        var datasets = p.jobs().stream().map(io.gpuplan.problem.Job::dataset).filter(d -> d != null).toList();
        if (datasets.isEmpty()) {
            return java.util.Optional.empty();
        }
        if (datasets.stream().noneMatch(io.gpuplan.problem.Dataset::stored)) {
            return java.util.Optional.of(new String[] {"R26", "No storage is charged: no dataset states a tier and the"
                    + " problem has no storage: section."});
        }
        return java.util.Optional.of(new String[] {"R26", "A dataset is stored while its job runs, at sizeGb × price per"
                + " GB-month × W / 730 " + cur + ", where it lives and, when the job runs elsewhere, as a copy at the"
                + " offer; prices by tier (hot: block/SSD, cold: archive) from the problem's storage: section, else the"
                + " catalog's dated list prices" + (p.storage().section() ? "; a dataset without a tier is hot." : ".")});
    }

    private static String rateText(Problem p, String cur) {
        List<String> parts = new ArrayList<>();
        new TreeMap<>(p.exchangeRates()).forEach((c, r) -> parts.add("1 " + cur + " = " + Fmt.exact(r) + " " + c));
        return String.join(", ", parts);
    }

    private static String utilizationText(Problem p) {
        List<String> other = new ArrayList<>();
        for (Job j : p.jobs()) {
            if (j.work() instanceof Work.Flops && Math.abs(j.utilization() - 0.40) > 1e-12) {
                other.add(j.id() + " " + Fmt.exact(j.utilization()));
            }
        }
        return other.isEmpty() ? "" : " (" + String.join(", ", other) + ")";
    }
}
