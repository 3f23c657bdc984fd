package io.gpuplan.output.sweep;

import io.gpuplan.output.CsvField;
import io.gpuplan.sizing.Money;
import io.gpuplan.sweep.CandidateStats;
import io.gpuplan.sweep.ScenarioResult;
import io.gpuplan.sweep.Sweep;
import java.util.List;
import java.util.Locale;

/** R32: the sweep's CSV (one row per candidate × scenario) and Markdown report. */
public final class SweepTables {
    private SweepTables() {
    }

    public static String csv(Sweep.Result r) {
        StringBuilder sb = new StringBuilder("candidate,commitment,scenario,jobs,cost,own_optimum,regret,unplanned_priority,"
                + "stranded,feasible\n");
        for (CandidateStats s : r.candidates()) {
            for (int i = 0; i < s.rows().size(); i++) {
                ScenarioResult row = s.rows().get(i);
                sb.append(s.index() + 1).append(',').append(CsvField.of(s.candidate().describe())).append(',')
                        .append(row.scenario()).append(',').append(row.jobs()).append(',').append(Money.format(row.costCents()))
                        .append(',').append(Money.format(r.own().get(i).costCents())).append(',')
                        .append(Money.format(s.regrets().get(i))).append(',').append(row.unplannedPriority()).append(',')
                        .append(Money.format(row.strandedCents())).append(',').append(row.feasible()).append('\n');
            }
        }
        return sb.toString();
    }

    public static String markdown(Sweep.Result r, String name, String currency, List<String> files) {
        Sweep.Request q = r.request();
        CandidateStats best = r.recommended();
        StringBuilder sb = new StringBuilder();
        sb.append("# Sweep: ").append(name).append("\n\n");
        sb.append(q.scenarios()).append(" scenarios (seed ").append(q.seed()).append(", ").append(q.moveLimit())
                .append(" moves per solve), ").append(r.candidates().size()).append(" candidate commitments, objective: least ")
                .append(q.objective().label()).append(". Money in ").append(currency).append(".\n\n");
        sb.append("## Recommendation\n\n**").append(best.candidate().describe()).append("** (candidate ")
                .append(best.index() + 1).append("): ").append(r.recommendation().reason()).append(".\n\n");
        sb.append("## Candidates\n\n");
        sb.append("| # | commitment | proposed as | expected cost | P50 | P90 | expected unplanned priority |"
                + " expected stranded | mean regret | max regret |\n");
        sb.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (CandidateStats s : r.candidates()) {
            sb.append("| ").append(s.index() + 1).append(s.index() == best.index() ? " ★" : "").append(" | ")
                    .append(s.candidate().describe()).append(" | ").append(String.join("; ", s.candidate().labels()))
                    .append(" | ").append(String.join(" | ", figures(s))).append(" |\n");
        }
        sb.append("\nCost: what the plan of each scenario costs with the candidate's commitments fixed and the jobs"
                + " re-placed (R18 for the committed GPUs, R28 for owned ones, R29 from the plan's use, plus everything"
                + " the rules charge). Regret: that cost less the scenario's own optimum (stage 1). P50 and P90 by nearest"
                + " rank: the ceil(q/100 x N)-th smallest of the N scenario costs.\n\n");
        if (!r.failures().isEmpty()) {
            sb.append("## Scenarios that failed\n\n");
            r.failures().forEach(f -> sb.append("- scenario ").append(f.scenario()).append(" (").append(f.stage())
                    .append("): ").append(f.error()).append('\n'));
            sb.append("\nThey are left out of every candidate's statistics.\n\n");
        }
        sb.append("## What was assumed\n\n");
        ASSUMED.forEach(a -> sb.append("- ").append(a).append('\n'));
        sb.append('\n');
        sb.append("## Files\n\n");
        files.forEach(f -> sb.append("- ").append(f).append('\n'));
        return sb.toString();
    }

    /** What every sweep assumes, in the words both the Markdown and the HTML report use. */
    public static final List<String> ASSUMED = List.of(
            "Scenario 0 is the median scenario: every factor at its median, every job with probability >= 0.5.",
            "Commitments (reserved and owned GPUs) are bought before the horizon at their stated prices; on-demand,"
                    + " spot and capacity blocks are bought when demand shows, at the scenario's prices.",
            "While jobs are re-placed, a fixed reserved pool is free to use (R29's dependence on use is charged"
                    + " afterwards, not weighed while placing).");

    /**
     * A candidate's figures as both reports show them, in the candidates table's order: expected cost, P50, P90,
     * expected unplanned priority, expected stranded, mean regret, max regret.
     */
    public static List<String> figures(CandidateStats s) {
        return List.of(Money.format(s.expectedCents()), Money.format(s.p50Cents()), Money.format(s.p90Cents()),
                String.format(Locale.ROOT, "%.2f", s.expectedUnplannedPriority()), Money.format(s.expectedStrandedCents()),
                Money.format(s.meanRegretCents()), Money.format(s.maxRegretCents()));
    }
}
