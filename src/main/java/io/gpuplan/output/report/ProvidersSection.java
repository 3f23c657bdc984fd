package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.ProviderOverhead;
import java.util.List;
import java.util.TreeSet;

/**
 * R27: the providers the plan opens, what each costs for being used (fixed cost, support), and what the plan would
 * cost without it (the solve's re-solves, a search result); the providers with offers it leaves closed. Only for a
 * plan of a problem that states provider overhead.
 */
final class ProvidersSection {
    private ProvidersSection() {
    }

    static boolean applies(ReportInput in) {
        return in.plan().providers() != null;
    }

    static Section build(ReportInput in) {
        String cur = in.currency();
        List<PlanDocument.Provider> opened = in.plan().providers();
        var s = Section.builder("providers", "Providers used and their overhead (R27)");
        Integer max = in.problem().overheads().maxProviders();
        s.paragraph("Using a provider at all costs its fixed cost for the horizon (onboarding and operations, the team's"
                + " own work: \"internal\") and its support plan (rate × what it bills, at least its minimum per month"
                + " of 730 h, billed by it). The plan opens " + opened.size() + (opened.size() == 1 ? " provider" : " providers")
                + (max == null ? "" : ", at most " + max + " allowed") + ".");
        var t = Table.builder("Opened providers: overhead, and the best plan found without each (" + cur + ")", "provider")
                .text("provider").num("bills", "fixed cost", "support", "overhead").prose("without it")
                .empty("The plan opens no provider.");
        for (PlanDocument.Provider p : opened) {
            t.row(Table.data("provider", p.provider()), p.provider(), Fmt.money(p.bills()), Fmt.money(p.fixedCost()),
                    Fmt.money(p.support()), Fmt.money(p.overhead()),
                    p.withoutIt() != null ? p.withoutIt().statement()
                            : opened.size() < 2 ? "the only provider opened" : "not re-solved (no fixed cost or support stated)");
        }
        s.table(t.build());
        TreeSet<String> closed = new TreeSet<>();
        in.problem().offers().stream().map(Offer::provider).forEach(closed::add);
        opened.forEach(p -> closed.remove(p.provider()));
        if (!closed.isEmpty()) {
            StringBuilder sb = new StringBuilder("Offered but not opened: ");
            boolean first = true;
            for (String c : closed) {
                ProviderOverhead o = in.problem().overheads().byProvider().get(c);
                sb.append(first ? "" : "; ").append(c);
                if (o != null && o.fixedCost() > 0) {
                    sb.append(" (opening it would cost ").append(Fmt.money(o.fixedCents()))
                            .append(" fixed, plus its support)");
                }
                first = false;
            }
            s.note(sb.append(". The \"without it\" figures are re-solves with the provider's offers removed (same seed,"
                    + " a tenth of the move limit): search results, not proven.").toString());
        }
        return s.build();
    }
}
