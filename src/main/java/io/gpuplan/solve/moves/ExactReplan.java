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
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.ExactRepair;
import io.gpuplan.solve.bounds.ExactRepair.Level;
import java.util.ArrayList;
import java.util.Arrays;
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
     * the level asked), its cost bound ({@link ExactRepair.Replan#costBound}) and the deterministic seconds CP-SAT
     * used.
     */
    record Result(ReassignMove move, boolean settled, long costBound, double used) {
    }

    /**
     * CP-SAT's re-plan of the jobs {@code set} (indices of the plan's assignments), most priority first, every other
     * job on its option ({@link ExactRepair}; those on capped or reserved offers may start elsewhere in their windows:
     * {@link #slides}), within {@code wallSeconds} of the clock too and ended by {@code stopper}; null when CP-SAT found
     * nothing or nothing changes.
     */
    static ReassignMove of(GpuPlan plan, int[] set, double deterministicSeconds, double wallSeconds, long seed,
                           Stopper stopper) {
        return of(plan, set, Level.PRIORITY_FIRST, null, PoolRule.ANY, deterministicSeconds, wallSeconds, seed, stopper)
                .move();
    }

    /** CP-SAT's re-plan of the jobs {@code set} at the level asked (a move, whether it settled the set, its bound). */
    static Result of(GpuPlan plan, int[] set, Level level, double deterministicSeconds, double wallSeconds, long seed) {
        return of(plan, set, level, null, PoolRule.ANY, deterministicSeconds, wallSeconds, seed, new Stopper());
    }

    /** Which of its options a set's job keeps with respect to the reserved pool the set was built on. */
    enum PoolRule {
        /** Every option (no pool, or a set re-packed around it). */
        ANY,
        /** All but the pool's: the set closes the pool. */
        OFF,
        /** Its own option and the pool's: the set fills the pool. */
        ONTO;

        boolean keeps(Option option, Option own, Offer pool) {
            return switch (this) {
                case ANY -> true;
                case OFF -> !option.offer().equals(pool);
                case ONTO -> option.offer().equals(pool) || option.equals(own);
            };
        }
    }

    /**
     * As {@link #of(GpuPlan, int[], Level, double, double, long)}, the set's jobs keeping the options {@code rule}
     * leaves them around {@code pool}, CP-SAT ended by {@code stopper} too (with its best so far).
     */
    static Result of(GpuPlan plan, int[] set, Level level, Offer pool, PoolRule rule, double deterministicSeconds,
                     double wallSeconds, long seed, Stopper stopper) {
        List<JobAssignment> entities = plan.getAssignments();
        boolean[] free = new boolean[entities.size()];
        List<JobOptions> freeJobs = new ArrayList<>();
        List<PlacedOption> current = new ArrayList<>();
        for (int j : set) {
            free[j] = true;
            JobAssignment a = entities.get(j);
            List<Option> kept = a.getOptions().stream().filter(o -> rule.keeps(o, a.getOption(), pool)).toList();
            freeJobs.add(new JobOptions(a.getJob(), kept, List.of(), 0));
            if (a.getOption() != null) {
                current.add(new PlacedOption(a.getOption(), a.getStart()));
            }
        }
        List<Integer> changing = new ArrayList<>(Arrays.stream(set).boxed().toList());
        List<PlacedOption> fixed = new ArrayList<>();
        for (int j = 0; j < entities.size(); j++) {
            JobAssignment a = entities.get(j);
            if (free[j] || a.getOption() == null) {
                continue;
            }
            PlacedOption placed = new PlacedOption(a.getOption(), a.getStart());
            if (slides(a.getOption())) {
                changing.add(j);
                freeJobs.add(new JobOptions(a.getJob(), List.of(a.getOption()), List.of(), 0));
                current.add(placed);
            } else {
                fixed.add(placed);
            }
        }
        ExactRepair.Replan replan = ExactRepair.replan(plan.getProblem(), freeJobs, fixed, current, level,
                deterministicSeconds, wallSeconds, seed, stopper);
        Map<String, PlacedOption> best = replan.placed();
        if (best == null) {
            return new Result(null, replan.settled(), -1, replan.used());
        }
        List<ReassignMove.Change> changes = new ArrayList<>();
        for (int j : changing) {
            JobAssignment a = entities.get(j);
            PlacedOption p = best.get(a.getId());
            boolean same = p == null ? a.getOption() == null : p.option().equals(a.getOption()) && a.getStart() == p.start();
            if (!same) {
                changes.add(new ReassignMove.Change(a, p == null ? null : p.option(), p == null ? a.getStart() : p.start()));
            }
        }
        return new Result(changes.isEmpty() ? null : new ReassignMove("EXACT_REPAIR", changes), replan.settled(),
                replan.costBound(), replan.used());
    }

    /**
     * Whether a job outside the set, on {@code option}, may start elsewhere in its window in a re-plan: on a capped or
     * reserved offer, where a set's job may need the GPUs it holds now. Its option and cost stay; only where it sits in
     * time may change. A set alone often cannot take such GPUs (60 x 24 seed 3: the re-plan that reaches the optimum
     * from the +0.19 % plateau also starts three jobs outside it two or three days later); the start variables this
     * adds made re-plans 10-30 % longer there (docs/benchmarks.md, issue 10's twenty-fourth session).
     */
    static boolean slides(Option option) {
        return option.offer().limitsGpusInUse() && option.earliestStart() < option.latestStart();
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
            LOG.debug("local search: took up a plan posted beside it {}", found.score());
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
