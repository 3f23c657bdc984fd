package io.gpuplan.output.compare;

import io.gpuplan.problem.Continuation;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.ReservationResult;
import io.gpuplan.sizing.Continuing;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.sizing.OptionSizer;
import java.util.ArrayList;
import java.util.List;

/**
 * R31: what a plan changes from the previous plan it continues, with the cost of each change; built once, for the
 * report's section "Changes from the previous plan" and for {@code compare --previous}.
 *
 * <p>A job's cost on an option is its own lines (compute, transfer, storage, migration, power, churn) with a pooled
 * option charged at its price for its own hours, as R24 charges it (0 on a carried pool): what the job costs there
 * whatever else shares the pool. Capacity is not checked for the options not taken.
 *
 * @param plan      the previous plan's file name
 * @param carried   R31.1 the pools carried from it
 * @param bought    new reservations this plan buys (not carried)
 * @param jobs      R31.2 each continuing job: stayed, moved or stopped
 * @param finished  the previous plan's jobs still running at the horizon start that this problem does not list
 * @param newJobs   this problem's jobs that continue nothing
 */
public record PreviousChanges(String plan, List<CarriedPool> carried, List<NewReservation> bought, List<JobChange> jobs,
                              List<String> finished, List<String> newJobs) {

    public record CarriedPool(String offer, int gpus, String termEnds, int monthsLeft, int peakGpus) {
    }

    public record NewReservation(String offer, int gpus, int termMonths, long horizonCents) {
    }

    /**
     * @param change        "stayed", "moved" or "stopped" (not planned this quarter)
     * @param stayCents     the staying option's cost, or null when there is none (its window no longer starts at 0,
     *                      or the offer is gone)
     * @param placedCents   the cost where the plan puts it (null when stopped)
     * @param changeCents   churn + migration + transfer of a move (0 when it stays)
     * @param bestMoveCents stayed only: the cheapest other eligible option without its churn, or null when none
     */
    public record JobChange(String job, String fromOffer, int fromGpus, String change, String toOffer, Integer toGpus,
                            Long stayCents, Long placedCents, long churnCents, long migrationCents, long transferCents,
                            long changeCents, Long bestMoveCents) {
        /** Moved: what the move saves against staying, its own cost included (stay − placed). */
        public Long netSavingCents() {
            return stayCents == null || placedCents == null ? null : stayCents - placedCents;
        }

        /** Stayed: what the best move would have saved before its churn (stay − best move). */
        public Long grossMoveSavingCents() {
            return stayCents == null || bestMoveCents == null ? null : stayCents - bestMoveCents;
        }

        /** In words, why: a move saves more than its churn, a stay would have saved less. */
        public String reason(java.util.function.LongFunction<String> money, long churn) {
            return switch (change) {
                case "moved" -> stayCents == null ? "staying was no option (the job no longer runs on from the horizon start there)"
                        : "moving saves " + money.apply(stayCents - placedCents + churnCents) + " before its churn of "
                        + money.apply(churnCents) + ", " + money.apply(stayCents - placedCents) + " net";
                case "stayed" -> grossMoveSavingCents() == null ? "no other option"
                        : grossMoveSavingCents() <= 0 ? "no other option is cheaper (the best costs " + money.apply(bestMoveCents) + ")"
                        : "the best move (" + money.apply(bestMoveCents) + " before churn) would save "
                        + money.apply(grossMoveSavingCents()) + ", not more than the churn of " + money.apply(churn);
                default -> "not planned this quarter";
            };
        }
    }

    /** Null when the problem continues no previous plan. */
    public static PreviousChanges of(Problem problem, Evaluation e) {
        if (!problem.previous().present()) {
            return null;
        }
        List<CarriedPool> carried = new ArrayList<>();
        List<NewReservation> bought = new ArrayList<>();
        for (ReservationResult r : e.reservations()) {
            Offer o = r.offer();
            if (o.isCarried()) {
                carried.add(new CarriedPool(o.id(), o.carried().gpus(), o.carried().termEnd().toString(),
                        o.carried().monthsLeft(), r.peakGpus()));
            } else if (r.gpus() > 0) {
                bought.add(new NewReservation(o.id(), r.gpus(), o.termMonths(), r.horizonCents()));
            }
        }
        for (var r : e.owned()) {
            if (r.offer().isCarried()) {
                carried.add(new CarriedPool(r.offer().id(), r.offer().carried().gpus(), "owned", 0, r.peakGpus()));
            }
        }
        List<JobChange> jobs = new ArrayList<>();
        List<String> newJobs = new ArrayList<>();
        for (JobResult j : e.jobs()) {
            Continuation c = problem.previous().continuation(j.job().id());
            if (c == null) {
                newJobs.add(j.job().id());
                continue;
            }
            jobs.add(change(problem, j, c));
        }
        return new PreviousChanges(problem.previous().plan(), carried, bought, jobs, problem.previous().finished(), newJobs);
    }

    private static JobChange change(Problem problem, JobResult j, Continuation c) {
        Long stay = stayCents(problem, j.job(), c);
        Option placed = j.planned() ? j.option() : null;
        if (placed == null) {
            return new JobChange(j.job().id(), c.offer(), c.billedGpus(), "stopped", null, null, stay, null, 0, 0, 0, 0, null);
        }
        boolean stayed = Continuing.stays(c, placed.offer(), placed.billedGpus());
        Long bestMove = null;
        if (stayed) {
            for (Option o : OptionEnumerator.enumerate(problem, j.job()).options()) {
                if (!Continuing.stays(c, o.offer(), o.billedGpus())) {
                    long cost = o.boundCents() - o.churnCents();
                    bestMove = bestMove == null ? cost : Math.min(bestMove, cost);
                }
            }
        }
        long change = stayed ? 0 : placed.churnCents() + placed.migrationCents() + placed.transferCents();
        return new JobChange(j.job().id(), c.offer(), c.billedGpus(), stayed ? "stayed" : "moved", placed.offer().id(),
                placed.billedGpus(), stay, placed.boundCents(), placed.churnCents(), placed.migrationCents(),
                placed.transferCents(), change, bestMove);
    }

    /** The cheapest eligible staying option (on the previous offer or its carried pool), or null. */
    private static Long stayCents(Problem problem, Job job, Continuation c) {
        Long best = null;
        for (Offer o : problem.offers()) {
            if (!o.id().equals(c.offer()) && !(o.isCarried() && o.carried().offer().equals(c.offer()))) {
                continue;
            }
            for (int gpus : OptionEnumerator.gpuCounts(job, o)) {
                OptionSizer.Sizing s = OptionSizer.size(problem, job, o, gpus);
                if (s.eligible() && Continuing.stays(c, o, s.option().billedGpus())) {
                    best = best == null ? s.option().boundCents() : Math.min(best, s.option().boundCents());
                }
            }
        }
        return best;
    }
}
