package io.gpuplan.output.report;

import io.gpuplan.output.compare.PreviousChanges;
import io.gpuplan.sizing.Money;

/**
 * R31: "Changes from the previous plan": the reservations carried (free here) and bought, each continuing job
 * stayed or moved with what the change costs and saves, the previous jobs not continued, and the new ones.
 */
final class PreviousSection {
    private PreviousSection() {
    }

    static Section build(ReportInput in) {
        PreviousChanges c = PreviousChanges.of(in.problem(), in.evaluation());
        String cur = in.currency();
        long churn = Money.cents(in.problem().previous().churnCostPerMove());
        var s = Section.builder("previous", "Changes from the previous plan");
        long moved = c.jobs().stream().filter(j -> j.change().equals("moved")).count();
        long stayed = c.jobs().stream().filter(j -> j.change().equals("stayed")).count();
        long stopped = c.jobs().size() - moved - stayed;
        s.paragraph("This plan continues " + c.plan() + " (R31). " + c.jobs().size() + " of its jobs were still running"
                + " at the horizon start: " + stayed + " stayed, " + moved + " moved"
                + (stopped > 0 ? ", " + stopped + " stopped (not planned this quarter)" : "") + ". A move costs the churn of " + cur + " "
                + Fmt.money(churn) + " (previous.churnCostPerMove) plus any migration (R16) and the egress from where"
                + " the job ran (R19); a job moves only when that saves more than its churn.");
        var carried = Table.builder("Reservations carried from the previous plan (R31.1: no new cost)", "carried")
                .text("offer", "term ends").num("GPUs", "months left", "used at peak")
                .empty("Nothing is carried: no reservation of the previous plan runs into this horizon.");
        for (var p : c.carried()) {
            carried.row(Table.data("offer", p.offer()), p.offer(), p.termEnds(), Integer.toString(p.gpus()),
                    Integer.toString(p.monthsLeft()), Integer.toString(p.peakGpus()));
        }
        s.table(carried.build());
        var bought = Table.builder("New reservations bought this quarter (a new term from the horizon start)", "new-reservation")
                .text("offer").num("GPUs", "term (months)", "cost (" + cur + ")").empty("No new reservation.");
        for (var r : c.bought()) {
            bought.row(Table.data("offer", r.offer()), r.offer(), Integer.toString(r.gpus()), Integer.toString(r.termMonths()),
                    Fmt.money(r.horizonCents()));
        }
        s.table(bought.build());
        var jobs = Table.builder("Continuing jobs: stayed or moved, and what each change costs (" + cur + ")", "continuing")
                .text("job", "change", "from", "to").num("staying", "placed", "churn", "migration", "egress", "change cost",
                        "saves").prose("why").empty("No job of the previous plan runs on into this horizon.");
        for (var j : c.jobs()) {
            Long saves = j.change().equals("moved") ? j.netSavingCents() : j.grossMoveSavingCents();
            saves = saves != null && saves <= 0 && j.change().equals("stayed") ? null : saves; // no cheaper move
            jobs.row(Table.data("job", j.job(), "change", j.change()), j.job(), j.change(),
                    j.fromOffer() + " × " + j.fromGpus(), j.toOffer() == null ? "—" : j.toOffer() + " × " + j.toGpus(),
                    money(j.stayCents()), money(j.placedCents()), Fmt.money(j.churnCents()),
                    Fmt.money(j.migrationCents()), Fmt.money(j.transferCents()), Fmt.money(j.changeCents()),
                    money(saves), j.reason(Fmt::money, churn));
        }
        s.table(jobs.build());
        s.note("Costs are each job's own lines, a pooled option at its price for the job's own hours (0 on a carried"
                + " pool), as R24 charges it. \"saves\": for a move, staying's cost less the new placement's (its churn"
                + " included); for a stay, what the cheapest other option would have saved before its churn"
                + " (capacity not checked).");
        s.paragraph("Previous jobs not continued (finished or stopped): " + (c.finished().isEmpty() ? "none still running."
                : String.join(", ", c.finished()) + ".") + " New jobs: " + (c.newJobs().isEmpty() ? "none."
                : String.join(", ", c.newJobs()) + "."));
        return s.build();
    }

    private static String money(Long cents) {
        return cents == null ? "—" : Fmt.money(cents);
    }
}
