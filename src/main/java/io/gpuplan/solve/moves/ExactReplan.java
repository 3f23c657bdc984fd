package io.gpuplan.solve.moves;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Offer;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import io.gpuplan.solve.ExactPlans;
import io.gpuplan.solve.PlacedOption;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.bounds.ExactRepair;
import io.gpuplan.solve.bounds.ExactRepair.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Changes to a plan's jobs, as one {@link ReassignMove}: an exact re-plan of a set of them, or another whole plan. */
final class ExactReplan {
    private static final Logger LOG = LoggerFactory.getLogger(ExactReplan.class);

    private ExactReplan() {
    }

    /**
     * A re-plan's changes (null: none), whether CP-SAT settled its set (proved it the best, or that there is none at
     * the level asked), and its cost bound
     * ({@link ExactRepair.Replan#costBound}).
     */
    record Result(ReassignMove move, boolean settled, long costBound) {
    }

    /**
     * CP-SAT's re-plan of the jobs {@code set} (indices of the plan's assignments), most priority first, every other
     * job where it is ({@link ExactRepair}), within {@code wallSeconds} of the clock too; null when CP-SAT found
     * nothing or nothing changes.
     */
    static ReassignMove of(GpuPlan plan, int[] set, double deterministicSeconds, double wallSeconds, long seed) {
        return of(plan, set, Level.PRIORITY_FIRST, deterministicSeconds, wallSeconds, seed).move();
    }

    /** As {@link #of(GpuPlan, int[], double, double, long)}, at the level asked. */
    static Result of(GpuPlan plan, int[] set, Level level, double deterministicSeconds, double wallSeconds, long seed) {
        return of(plan, set, level, null, deterministicSeconds, wallSeconds, seed);
    }

    /** As {@link #of(GpuPlan, int[], Level, double, double, long)}, the set's jobs kept off {@code closed} (null: none). */
    static Result of(GpuPlan plan, int[] set, Level level, Offer closed, double deterministicSeconds, double wallSeconds,
                     long seed) {
        List<JobAssignment> entities = plan.getAssignments();
        boolean[] free = new boolean[entities.size()];
        List<JobOptions> freeJobs = new ArrayList<>();
        List<PlacedOption> current = new ArrayList<>();
        for (int j : set) {
            free[j] = true;
            JobAssignment a = entities.get(j);
            freeJobs.add(new JobOptions(a.getJob(), closed == null ? a.getOptions()
                    : a.getOptions().stream().filter(o -> !o.offer().equals(closed)).toList(), List.of(), 0));
            if (a.getOption() != null) {
                current.add(new PlacedOption(a.getOption(), a.getStart()));
            }
        }
        List<PlacedOption> fixed = new ArrayList<>();
        for (int j = 0; j < entities.size(); j++) {
            if (!free[j] && entities.get(j).getOption() != null) {
                fixed.add(new PlacedOption(entities.get(j).getOption(), entities.get(j).getStart()));
            }
        }
        ExactRepair.Replan replan = ExactRepair.replan(plan.getProblem(), freeJobs, fixed, current, level,
                deterministicSeconds, wallSeconds, seed);
        Map<String, PlacedOption> best = replan.placed();
        if (best == null) {
            return new Result(null, replan.settled(), -1);
        }
        List<ReassignMove.Change> changes = new ArrayList<>();
        for (int j : set) {
            JobAssignment a = entities.get(j);
            PlacedOption p = best.get(a.getId());
            boolean same = p == null ? a.getOption() == null : p.option().equals(a.getOption()) && a.getStart() == p.start();
            if (!same) {
                changes.add(new ReassignMove.Change(a, p == null ? null : p.option(), p == null ? a.getStart() : p.start()));
            }
        }
        return new Result(changes.isEmpty() ? null : new ReassignMove("EXACT_REPAIR", changes), replan.settled(),
                replan.costBound());
    }

    /**
     * The move to the plan CP-SAT posted to a clock-stopped solve's {@code exchange} (null: none) when that plan beats
     * local search's best, taking it from the exchange; null when there is none. It improves on the working plan, which
     * is never better than the best. Only plans better than the best are taken: between phases Timefold keeps the
     * working plan where late acceptance left it, often below the best, and a plan between the two would lead the
     * search away from its best.
     */
    static ReassignMove towardsPosted(GpuPlan plan, ExactPlans exchange) {
        ExactPlans.Found found = exchange == null ? null : exchange.takeBetter(exchange.localScore());
        ReassignMove move = found == null ? null : towards(plan, found.plan());
        if (move != null) {
            exchange.tookUp();
            LOG.debug("local search: took up CP-SAT's plan {}", found.score());
        }
        return move;
    }

    /** The move that turns the plan into {@code target}; null when they are the same. */
    static ReassignMove towards(GpuPlan plan, Decisions target) {
        Map<String, Placement> byJob = new HashMap<>();
        target.placements().forEach(p -> byJob.put(p.job(), p));
        List<ReassignMove.Change> changes = new ArrayList<>();
        for (JobAssignment a : plan.getAssignments()) {
            Placement p = byJob.get(a.getId());
            Option o = SolutionDecisions.optionOf(a, p);
            int start = o == null ? a.getStart() : p.startSlot();
            if (o != a.getOption() || o != null && start != a.getStart()) {
                changes.add(new ReassignMove.Change(a, o, start));
            }
        }
        return changes.isEmpty() ? null : new ReassignMove("EXACT_PLAN", changes);
    }
}
