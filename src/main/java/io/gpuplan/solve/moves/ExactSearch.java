package io.gpuplan.solve.moves;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.solve.ExactPlans;
import io.gpuplan.solve.ExactPlans.Found;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.ExactRepair.Level;
import io.gpuplan.solve.moves.ExactReplan.PoolRule;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Large-neighbourhood search with CP-SAT as the re-packer, beside local search in a time-limited solve (after it in a
 * move-limited one, on a deterministic budget: {@code solve.SearchAfter}): again and
 * again a set of jobs ({@link ReplanSets}) is re-planned exactly with every other job on its option ({@link ExactReplan}),
 * mostly for the least cost at no less priority, kept when the plan scores better. It works from the better of its
 * own plan, local search's best and the certificate's CP-SAT plans ({@link ExactPlans}), and posts each plan it
 * improves for local search's next restart. On 60-job quarters it finds cheaper plans at a priority level than local
 * search does, which in turn reaches the priority levels faster (docs/benchmarks.md).
 */
public final class ExactSearch {
    private static final Logger LOG = LoggerFactory.getLogger(ExactSearch.class);
    /**
     * Jobs re-planned at once, to begin with. The size then follows CP-SAT: it grows while CP-SAT proves its re-plans
     * optimal (there is time for larger sets, where longer chains of moves close) and shrinks while it does not.
     */
    static final int JOBS = 20;
    /** The fewest jobs a re-plan takes. */
    static final int MIN_JOBS = 8;
    /**
     * The most wall seconds a re-plan takes per deterministic second of its budget. On these models CP-SAT's
     * deterministic time runs far behind the clock: a re-plan of 20-24 jobs of a 60-job quarter took 5-10 s of the
     * clock per deterministic second on a core of its own, more beside local search, so a re-plan CP-SAT does not
     * settle stops at this cap long before its budget. Cut there, a re-plan keeps CP-SAT's best so far: at 2 rather
     * than 4 the search tries more sets in the same time, which on 60-job quarters brought S60 seed 3 within 0.1 % on
     * five solver seeds of six (docs/benchmarks.md; the ratio: issue 10, thirty-eighth and forty-fourth sessions).
     */
    static final double WALL_PER_DETERMINISTIC = 2;
    /** What a re-plan costs the budget at least, so that a run of re-plans CP-SAT settles at once still ends. */
    private static final double LEAST_CHARGE = 0.02;

    /**
     * CP-SAT's deterministic seconds for a re-plan of a set at its cost level, and for one of every job, one that
     * brings a job in or one built around a pool (priority outranks any cost, and such a set's plan is seldom close to
     * its hint: on 60-job quarters bring-ins of 30 jobs found the most priority on the larger budget and not on the
     * smaller one; a pool's jobs all move when it closes), and all the search may spend: infinite beside local search
     * (the clock stops it); finite after a move-limited local search, where the search must repeat itself, so no
     * re-plan is then cut by the clock short of its budget. The total is charged what CP-SAT used (its deterministic
     * time repeats on one worker), not what each re-plan may use: most re-plans settle their set in a fraction of their
     * budget, and charged in full the search after a move-limited local search ran 8 re-plans in 2 s of a 60-job
     * quarter and stopped a priority level short of the plan a 30-s solve found (docs/benchmarks.md, issue 10,
     * thirty-fourth session).
     */
    public record Budget(double perReplan, double whole, double total) {
        boolean repeatable() {
            return Double.isFinite(total);
        }
    }

    /**
     * The certificate as the search sees it: where a re-plan of every job reports CP-SAT's cost bound for plans
     * running at least a priority, and the most priority any plan can run as proven so far (no job is brought in once
     * a plan runs that much).
     */
    public record Bounds(CostBound costBound, LongSupplier mostPriority) {
    }

    /** Takes CP-SAT's bound on the cost of plans running at least {@code priority}. */
    public interface CostBound {
        void add(long priority, long cents);
    }

    private final Problem problem;
    private final GpuPlan plan;
    private final List<JobAssignment> entities;
    private final PlanState state;
    private final Random random;
    private final ReplanSets sets;
    private final ExactPlans exchange;
    private final long deadline;
    private final Stopper stopper;
    private final Budget budget;
    private final Bounds bounds;
    private final long seed;
    private Found best;
    /** The search's last best plan of less priority than {@link #best} (null: none), for {@link #relink}. */
    private Found fewer;
    /** The score of a plan CP-SAT proved the cheapest at its priority (null: none). */
    private HardMediumSoftScore proven;
    private double size;
    /** Jobs a bring-in re-plans, apart from {@link #size}: it grows while CP-SAT settles them, as that one does. */
    private double bringSize;
    /** Jobs a set around a pool re-plans besides the pool's own, at least: it grows while CP-SAT proves none closes it. */
    private double poolSize;
    private int replans;
    /** Bring-ins in a row that found no way in: each makes the next less likely ({@link ReplanSets#next}). */
    private int bringInsFailed;
    /** Deterministic seconds the re-plans were given so far. */
    private double spent;
    private final Tally tally = new Tally();

    private ExactSearch(Problem problem, List<JobOptions> options, ExactPlans exchange, long deadline, Stopper stopper,
                        Budget budget, Bounds bounds, long seed) {
        this.problem = problem;
        this.plan = GpuPlanFactory.create(problem, options);
        this.entities = plan.getAssignments();
        this.state = new PlanState(plan);
        this.random = new Random(seed);
        this.sets = new ReplanSets(state, random);
        this.exchange = exchange;
        this.deadline = deadline;
        this.stopper = stopper;
        this.budget = budget;
        this.bounds = bounds;
        this.seed = seed;
        this.size = Math.min(JOBS, entities.size());
        this.bringSize = size;
        this.poolSize = size;
    }

    /**
     * Runs until {@code deadline} (System.nanoTime), a stop or the budget's total spent, from {@code from} (or local
     * search's plan when better); returns the best plan it held (null when it never had one).
     *
     * <p>When its sets have grown to every job, a re-plan is CP-SAT on the whole model at the plan's priority: its
     * bound goes to {@code bounds}, and once it proves the plan the cheapest there the search stops re-planning at
     * that priority (it still tries to bring in jobs left out).
     */
    public static Found run(Problem problem, List<JobOptions> options, Decisions from,
                            ExactPlans exchange, long deadline, Stopper stopper, Budget budget, Bounds bounds, long seed) {
        ExactSearch search = new ExactSearch(problem, options, exchange, deadline, stopper, budget, bounds, seed);
        if (from != null) {
            search.best = Found.of(problem, from);
            SolutionDecisions.apply(search.plan, from);
        }
        LOG.debug("exact search: starts from {}", search.best == null ? "no plan" : search.best.score());
        Found found;
        exchange.searching(true);
        try {
            found = search.search();
        } finally {
            exchange.searching(false);
        }
        LOG.debug("exact search: re-plans by kind (tried, wall s, better, USD saved): {}", search.tally);
        return found;
    }

    private Found search() {
        while (true) {
            HardMediumSoftScore local = exchange.localScore();
            if (local != null && (best == null || local.compareTo(best.score()) > 0)) {
                takeUp(exchange.local()); // made decisions only when better: local search posts often
            }
            takeUp(exchange.fromCertificate());
            if (entities.size() < 2 || ended()) {
                return best;
            }
            if (best == null) {
                pause(); // no plan yet: local search posts its first soon
                continue;
            }
            ReplanSets.Pick set = relink();
            if (set == null) {
                state.sync(plan);
                boolean mayBringIn = plannedPriority() < bounds.mostPriority().getAsLong();
                set = sets.next((int) Math.round(size), (int) Math.round(bringSize), (int) Math.round(poolSize), mayBringIn,
                        bringInsFailed, best.score().equals(proven));
            }
            if (set == null) {
                return best; // proven the cheapest at its priority, and no job left out can come in
            }
            long began = System.nanoTime();
            Found after = replan(set, best);
            tally.add(set.kind(), System.nanoTime() - began, best.score(), after);
            if (set.level() == Level.MORE_PRIORITY) {
                bringInsFailed = after == null ? bringInsFailed + 1 : 0;
            }
            if (after != null) {
                become(after);
                exchange.postExact(best);
            }
        }
    }

    /**
     * Re-plans the set on the plan as it is and keeps the result when it beats {@code than}; else puts the plan back to
     * {@code than}. Returns the better plan, or null. The set size follows CP-SAT (grown after a proof, shrunk
     * otherwise; a set built around a pool leaves the size as it is), and a re-plan of every job reports its bound and
     * may prove the plan the cheapest at its priority.
     */
    private Found replan(ReplanSets.Pick set, Found than) {
        // A set kept off a pool or to it is re-planned on less than the whole model: its bound is no bound on the plan's.
        boolean whole = set.jobs().length == entities.size() && set.rule() == PoolRule.ANY;
        long priority = plannedPriority();
        boolean bringing = set.level() == Level.MORE_PRIORITY;
        // A set that fills a pool is large, but each job has its own option and the pool's: on the smaller budget a
        // fill that finds nothing costs a second rather than four, and on 80-job quarters most find nothing.
        double deterministic = whole || bringing || set.pool() >= 0 && set.rule() != PoolRule.ONTO ? budget.whole()
                : budget.perReplan();
        // A search that must repeat itself is cut by its budget alone (and the solve's time limit).
        double wall = budget.repeatable() ? wallSeconds() : Math.min(wallSeconds(), WALL_PER_DETERMINISTIC * deterministic);
        Offer pool = set.pool() < 0 ? null : problem.offers().get(set.pool());
        ExactReplan.Result replan = ExactReplan.of(plan, set.jobs(), set.level(), pool, set.rule(), deterministic, wall,
                seed + replans++, stopper);
        spent += Math.max(replan.used(), LEAST_CHARGE);
        if (bringing) {
            // Most often settled by a proof that the set has no way in: more jobs must move.
            bringSize = replan.settled() ? Math.min(entities.size(), bringSize * 1.25 + 1) : smaller(bringSize);
        } else if (set.pool() < 0) {
            size = replan.settled() ? Math.min(entities.size(), size * 1.1 + 1) : smaller(size);
        } else if (set.rule() != PoolRule.ONTO) { // a fill holds every job that could run on the pool: no size
            if (!replan.settled()) {
                poolSize = smaller(poolSize);
            } else if (replan.move() == null) {
                // Settled with no re-plan: most often a proof that the pool cannot close with these jobs alone.
                poolSize = Math.min(entities.size(), poolSize * 1.25 + 1);
            }
        }
        boolean provenNow = whole && replan.costBound() >= 0 && replan.settled();
        if (whole && replan.costBound() >= 0) {
            bounds.costBound().add(priority, replan.costBound());
        }
        Found after = null;
        if (replan.move() != null) {
            replan.move().applyOutsideSolver();
            Found changed = Found.of(problem, SolutionDecisions.of(plan));
            if (changed.beats(than)) {
                LOG.debug("exact search: re-plan of {} jobs ({}, {}{}, {}) -> {}", set.jobs().length, set.level(),
                        set.kind().name().toLowerCase(Locale.ROOT),
                        pool == null ? "" : switch (set.rule()) {
                            case ANY -> " around ";
                            case OFF -> " without ";
                            case ONTO -> " onto ";
                        } + pool.id(),
                        replan.settled() ? "settled" : "not proven", changed.score());
                after = changed;
            }
        }
        if (after == null) {
            SolutionDecisions.apply(plan, than.plan());
        }
        if (provenNow) {
            // CP-SAT's best re-plan of every job, taken or not (it may differ by a cent per pool): the cheapest there is.
            proven = (after == null ? than : after).score();
        }
        return after;
    }

    /** Takes a plan found elsewhere (null: none) when it beats the search's. */
    private void takeUp(Found found) {
        if (found != null && found.beats(best)) {
            become(found);
            SolutionDecisions.apply(plan, best.plan());
        }
    }

    /** The search's best plan is now {@code better}; the one before is kept as {@link #fewer} when it ran less priority. */
    private void become(Found better) {
        if (best != null && better.score().mediumScore() > best.score().mediumScore()) {
            fewer = best;
        }
        best = better;
    }

    /**
     * Half the time that a plan of less priority is cheaper than the search's (local search's best, or the search's
     * own before CP-SAT found more priority at a higher cost): the plan becomes that one, and the set brings in the
     * jobs the search's plan runs and it leaves out (with jobs that may make room), at more priority: the more
     * priority at nearly the cheaper plan's cost. Null otherwise, the plan left as it is.
     */
    private ReplanSets.Pick relink() {
        Found local = exchange.localScore() == null ? null : cheaperWithLess(exchange.localScore()) ? exchange.local() : null;
        Found from = local != null ? local : fewer != null && cheaperWithLess(fewer.score()) ? fewer : null;
        if (from == null || random.nextBoolean()) {
            return null;
        }
        Set<String> runs = new HashSet<>();
        best.plan().placements().forEach(p -> runs.add(p.job()));
        SolutionDecisions.apply(plan, from.plan());
        state.sync(plan);
        List<Integer> in = new ArrayList<>();
        for (int j = 0; j < entities.size(); j++) {
            if (entities.get(j).getOption() == null && runs.contains(entities.get(j).getId())) {
                in.add(j);
            }
        }
        return sets.bringIn(Math.max((int) Math.round(bringSize), 3 * in.size()), in);
    }

    /** Whether a plan of that score runs less priority than the search's, at a lower cost. */
    private boolean cheaperWithLess(HardMediumSoftScore score) {
        return score.hardScore() == 0 && score.mediumScore() < best.score().mediumScore() && score.softScore() > best.score().softScore();
    }

    /** A set size 5 % smaller, no smaller than {@link #MIN_JOBS}. */
    private double smaller(double jobs) {
        return Math.max(Math.min(MIN_JOBS, entities.size()), jobs * 0.95);
    }

    private boolean ended() {
        return System.nanoTime() - deadline >= 0 || stopper.stopped() || spent >= budget.total();
    }

    private double wallSeconds() {
        return (deadline - System.nanoTime()) / 1e9;
    }

    private long plannedPriority() {
        return entities.stream().filter(a -> a.getOption() != null).mapToLong(JobAssignment::getPriority).sum();
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Per kind of set: re-plans tried, their wall time, how many found a better plan and what those saved at the same
     * priority (the debug log's account: which kinds pay for their time).
     */
    private static final class Tally {
        private static final class Count {
            int tried;
            long nanos;
            int better;
            /** Cents saved by its better plans at the same priority. */
            long gained;
        }

        private final Map<ReplanSets.Kind, Count> byKind = new EnumMap<>(ReplanSets.Kind.class);

        void add(ReplanSets.Kind kind, long nanos, HardMediumSoftScore before, Found after) {
            Count c = byKind.computeIfAbsent(kind, k -> new Count());
            c.tried++;
            c.nanos += nanos;
            if (after != null) {
                c.better++;
                if (after.score().mediumScore() == before.mediumScore()) {
                    c.gained += after.score().softScore() - before.softScore();
                }
            }
        }

        @Override
        public String toString() {
            StringJoiner out = new StringJoiner(", ");
            byKind.forEach((kind, c) -> out.add(String.format(Locale.ROOT, "%s %d %.1f %d %.0f",
                    kind.name().toLowerCase(Locale.ROOT), c.tried, c.nanos / 1e9, c.better, c.gained / 100.0)));
            return out.toString();
        }
    }
}
