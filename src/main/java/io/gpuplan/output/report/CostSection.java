package io.gpuplan.output.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Plan cost by calendar month and by provider × purchase model, as charts and tables, and by accelerator. */
final class CostSection {
    private CostSection() {
    }

    static Section build(ReportInput in) {
        String cur = in.currency();
        BigDecimal total = in.plan().totals().cost();
        var s = Section.builder("cost", "Cost by month and by provider");
        s.paragraph("Compute is spread over the months of the slots a job occupies, in proportion to its hours;"
                + " reservations over the whole horizon; transfer and migration fall in the month a job starts."
                + (in.plan().owned() == null ? "" : " Owned cards (R28): depreciation and operations over the whole"
                + " horizon, power with the jobs that draw it; their capital outlay of " + cur + " "
                + Fmt.money(in.plan().totals().ownedCapitalOutlay()) + " is a one-time purchase outside plan cost.")
                + blocks(in));
        s.chart(MonthChart.svg(in));
        var months = Table.builder("Cost by month", "month").text("month").num("cost (" + cur + ")", "share");
        for (Map.Entry<YearMonth, BigDecimal> e : MonthChart.costByMonth(in).entrySet()) {
            months.row(Table.data("month", e.getKey().toString()), e.getKey().toString(), Fmt.money(e.getValue()),
                    share(e.getValue(), total));
        }
        s.table(months.build());
        ProviderMix mix = ProviderMix.of(in);
        if (!mix.providers().isEmpty()) {
            s.chart(ProviderChart.svg(in, mix));
        }
        List<String> cols = new ArrayList<>(mix.categories());
        var providers = Table.builder("Cost by provider: compute by purchase model, transfer and migration (" + cur + ")",
                "provider").text("provider");
        cols.forEach(c -> providers.num(Colors.label(c)));
        providers.num("total", "share").empty("Nothing is billed.");
        for (String p : mix.providers()) {
            List<String> cells = new ArrayList<>();
            cells.add(p);
            cols.forEach(c -> cells.add(Fmt.money(mix.cell(p, c))));
            cells.add(Fmt.money(mix.totals().get(p)));
            cells.add(share(mix.totals().get(p), total));
            providers.row(Table.data("provider", p), cells.toArray(String[]::new));
        }
        s.table(providers.build());
        s.note("Each provider is charged what it bills (R22): compute and reservations to the offer's provider, egress"
                + " to the dataset's provider; migration work is billed by no provider and shows as \"internal\"."
                + (in.problem().overheads().stated() ? " R27: a provider's support plan is billed by it; the fixed cost"
                + " of using a provider is the team's own work and shows as \"internal\"." : ""));
        storage(in, s);
        var acc = Table.builder("Cost by accelerator", "accelerator").text("accelerator").num("cost (" + cur + ")", "share");
        Map<String, BigDecimal> byAcc = in.plan().totals().byAccelerator();
        if (byAcc != null) {
            byAcc.forEach((a, v) -> acc.row(Table.data("accelerator", a), a, Fmt.money(v), share(v, total)));
        }
        s.table(acc.build());
        return s.build();
    }

    /**
     * R26, when the problem charges storage: the storage line of plan cost, and per planned job with a stored dataset
     * where its data is kept while it runs (its own location, and the offer's when elsewhere) at what cost.
     */
    private static void storage(ReportInput in, Section.Builder s) {
        if (in.problem().jobs().stream().noneMatch(j -> j.dataset() != null && j.dataset().stored())) {
            return;
        }
        String cur = in.currency();
        BigDecimal total = in.plan().totals().byCategory() == null ? null : in.plan().totals().byCategory().get("storage");
        s.paragraph("Storage (R26): " + cur + " " + Fmt.money(total == null ? BigDecimal.ZERO : total) + " — each dataset"
                + " kept while its job runs, sizeGb × price per GB-month × W / 730, where it lives and, for a job that"
                + " runs elsewhere, the copy at the offer too.");
        var t = Table.builder("Where each job's data is stored (R26)", "storage").text("job", "dataset", "stored at")
                .num("storage (" + cur + ")").empty("No planned job has a stored dataset.");
        for (var a : in.plan().assignments()) {
            var job = in.problem().job(a.job()).orElse(null);
            if (a.cost() == null || a.cost().storedAt() == null || job == null) {
                continue;
            }
            t.row(Table.data("job", a.job()), a.job(), Fmt.exact(BigDecimal.valueOf(job.dataset().sizeGb())) + " GB "
                    + job.dataset().tier().label(), String.join("; ", a.cost().storedAt()), Fmt.money(a.cost().storage()));
        }
        s.table(t.build());
    }

    /** R30, when the plan buys capacity blocks: their cost line, paid upfront in the month each starts. */
    private static String blocks(ReportInput in) {
        if (in.plan().blocks() == null || in.plan().blocks().isEmpty()) {
            return "";
        }
        BigDecimal total = in.plan().totals().byPurchaseModel().get("block"); // the plan's own total, not a re-sum
        return " Capacity blocks (R30): " + in.currency() + " " + Fmt.money(total) + " for "
                + io.gpuplan.problem.Plural.count(in.plan().blocks().size(), "block", "blocks")
                + ", each paid upfront in the month it starts (billed GPUs × days × 24 × the block's rate).";
    }

    static String share(BigDecimal part, BigDecimal total) {
        if (part == null || total == null || total.signum() == 0) {
            return "—";
        }
        return Fmt.percent(part.multiply(BigDecimal.valueOf(100)).divide(total, 2, RoundingMode.HALF_UP));
    }
}
