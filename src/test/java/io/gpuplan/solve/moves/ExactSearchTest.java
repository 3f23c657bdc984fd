package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.solver.SolverFactory;
import ai.timefold.solver.core.config.heuristic.selector.move.factory.MoveIteratorFactoryConfig;
import ai.timefold.solver.core.config.localsearch.LocalSearchPhaseConfig;
import ai.timefold.solver.core.config.phase.custom.CustomPhaseConfig;
import ai.timefold.solver.core.config.solver.EnvironmentMode;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.ExactPlans;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import io.gpuplan.solve.Stopper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exact search beside local search in a time-limited solve, and the exchange of plans between them, on
 * {@link RuinRecreateMovesTest}'s pool trade: five jobs all on-demand cost 3,840; all five in the reserved pool 1,920
 * (one or two of them there cost more than none, three 3,456).
 */
class ExactSearchTest {
    /** The budget beside local search: the clock alone stops the search. */
    private static final ExactSearch.Budget UNTIL_THE_CLOCK = new ExactSearch.Budget(0.5, 2, Double.POSITIVE_INFINITY);
    private final Problem problem;
    private final List<JobOptions> options;

    ExactSearchTest() throws Exception {
        problem = ProblemReader.parse("pool-trade.yaml", RuinRecreateMovesTest.PROBLEM, new ArrayList<>());
        options = OptionEnumerator.enumerate(problem);
    }

    /** The plan with the first {@code onPool} jobs in the pool, the others on-demand, each at its earliest start. */
    private GpuPlan plan(int onPool) {
        GpuPlan plan = GpuPlanFactory.create(problem, options);
        for (JobAssignment a : plan.getAssignments()) {
            String offer = a.getId().compareTo("j" + onPool) < 0 ? "ri" : "od";
            a.setOption(a.getOptions().stream().filter(o -> o.offer().id().equals(offer)).findFirst().orElseThrow());
            a.setStart(a.getOption().earliestStart());
        }
        return plan;
    }

    private long cost(Decisions d) {
        return PlanEvaluator.evaluate(problem, d).costCents();
    }

    private ExactPlans.Found found(int onPool) {
        return ExactPlans.Found.of(problem, SolutionDecisions.of(plan(onPool)));
    }

    /** {@link #plan} with its score, as local search posts its best. */
    private GpuPlan scored(int onPool) {
        GpuPlan plan = plan(onPool);
        plan.setScore(found(onPool).score());
        return plan;
    }

    /** Bounds that record the search's cost bounds, with no proof about priority (every job may come in). */
    private static ExactSearch.Bounds bounds(List<long[]> costBounds) {
        return new ExactSearch.Bounds((priority, cents) -> costBounds.add(new long[] {priority, cents}), () -> Long.MAX_VALUE);
    }

    @Test
    void itRePlansJobsTogetherAndPostsWhatItImproves() {
        assertEquals(384_000, cost(SolutionDecisions.of(plan(0))));
        ExactPlans exchange = new ExactPlans();
        List<long[]> bounds = new ArrayList<>();
        ExactPlans.Found best = ExactSearch.run(problem, options, SolutionDecisions.of(plan(0)), exchange,
                System.nanoTime() + Duration.ofSeconds(3).toNanos(), new Stopper(), UNTIL_THE_CLOCK,
                bounds(bounds), 1);
        assertEquals(192_000, cost(best.plan()));
        assertEquals(best, exchange.takeBetter(null));
        assertNull(exchange.takeBetter(null), "a posted plan is taken once");
        // Five jobs: every re-plan takes them all, so CP-SAT bounds the whole plan's cost at its priority, and once it
        // has proven the plan the cheapest the search ends (nothing is left out to bring in).
        assertEquals(5, bounds.get(bounds.size() - 1)[0]);
        assertEquals(192_000, bounds.get(bounds.size() - 1)[1]);
        bounds.forEach(b -> assertTrue(b[1] <= 192_000, "a bound never exceeds the optimum"));
    }

    @Test
    void itStartsFromLocalSearchsPlanWhenThatIsBetter() {
        ExactPlans exchange = new ExactPlans();
        exchange.postLocal(scored(3));
        // No time for a re-plan: what it holds is the better of the two plans it was given.
        ExactPlans.Found best = ExactSearch.run(problem, options, SolutionDecisions.of(plan(0)), exchange,
                System.nanoTime(), new Stopper(), UNTIL_THE_CLOCK, bounds(new ArrayList<>()), 1);
        assertEquals(345_600, cost(best.plan()));
        assertNull(exchange.takeBetter(null), "nothing improved, nothing posted");
    }

    @Test
    void onAFiniteBudgetItStopsWhenTheBudgetIsSpentAndRepeatsItself() {
        long farAway = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        // Nothing to spend: the plan it started from, though the clock leaves a minute.
        ExactPlans.Found none = ExactSearch.run(problem, options, SolutionDecisions.of(plan(0)), new ExactPlans(), farAway,
                new Stopper(), new ExactSearch.Budget(0.5, 2, 0), bounds(new ArrayList<>()), 1);
        assertEquals(384_000, cost(none.plan()));
        // One re-plan's worth: CP-SAT re-plans all five at once, the same way each time.
        ExactPlans.Found once = ExactSearch.run(problem, options, SolutionDecisions.of(plan(0)), new ExactPlans(), farAway,
                new Stopper(), new ExactSearch.Budget(0.5, 2, 0.5), bounds(new ArrayList<>()), 1);
        ExactPlans.Found again = ExactSearch.run(problem, options, SolutionDecisions.of(plan(0)), new ExactPlans(), farAway,
                new Stopper(), new ExactSearch.Budget(0.5, 2, 0.5), bounds(new ArrayList<>()), 1);
        assertEquals(192_000, cost(once.plan()));
        assertEquals(once, again);
    }

    @Test
    void aRestartTakesUpTheExactSearchsBetterPlan() {
        ExactPlans exchange = new ExactPlans();
        ExactPlans.Found posted = found(3);
        exchange.postExact(posted);
        assertEquals(posted.plan(), SolutionDecisions.of(oneRestart(exchange)));
        assertNull(exchange.takeBetter(null));
        assertEquals(1, exchange.takenUp());
    }

    @Test
    void aRestartLeavesAPlanNoBetterThanLocalSearchsBest() {
        // The working plan (all on-demand, 3,840) is below local search's best (all in the pool, 1,920): CP-SAT's
        // plan of 3,456 lies between them and would lead the search away from its best.
        ExactPlans exchange = new ExactPlans();
        exchange.postLocal(scored(5));
        exchange.postExact(found(3));
        oneRestart(exchange);
        assertEquals(0, exchange.takenUp());
    }

    @Test
    void localSearchsNextLargeMoveIsTheMoveToABetterPostedPlan() throws Exception {
        // One move from the all-on-demand plan: the move to the posted plan, all five in the pool. The exchange is found
        // by the problem instance alone, so a solve of an equal problem read again leaves the plan posted.
        ExactPlans exchange = new ExactPlans();
        exchange.postExact(found(5));
        try (ExactPlans.Opened ignored = exchange.open(ProblemReader.parse("pool-trade.yaml", RuinRecreateMovesTest.PROBLEM,
                new ArrayList<>()))) {
            oneLargeMove();
        }
        assertEquals(0, exchange.takenUp());
        GpuPlan best;
        try (ExactPlans.Opened ignored = exchange.open(problem)) {
            best = oneLargeMove();
        }
        assertEquals(found(5).plan(), SolutionDecisions.of(best));
        assertEquals(1, exchange.takenUp());
        assertNull(exchange.takeBetter(null));
        assertNull(ExactPlans.of(problem), "closed with the solve");
    }

    @Test
    void aPostedPlanIsReplacedOnlyByABetterOne() {
        ExactPlans exchange = new ExactPlans();
        exchange.postExact(found(5));
        exchange.postFromCertificate(found(3));
        assertEquals(found(5), exchange.takeBetter(null));
        exchange.postExact(found(3));
        exchange.postExact(found(4));
        assertEquals(found(4), exchange.takeBetter(null));
        assertNull(exchange.takeBetter(null), "a posted plan is taken once");
    }

    @Test
    void localSearchLeavesAPostedPlanNoBetterThanItsBest() {
        ExactPlans exchange = new ExactPlans();
        exchange.postLocal(scored(5));
        exchange.postExact(found(3));
        try (ExactPlans.Opened ignored = exchange.open(problem)) {
            oneLargeMove();
        }
        assertEquals(0, exchange.takenUp());
        assertEquals(found(3), exchange.takeBetter(null), "left for a later take");
    }

    /** Local search of ruin-and-recreate moves alone, FULL_ASSERT, one move from the all-on-demand plan. */
    private GpuPlan oneLargeMove() {
        var config = PlanSolver.config(new SolverSettings(3, 1, Duration.ofSeconds(60), null, EnvironmentMode.FULL_ASSERT, true), 5)
                .withPhases(new LocalSearchPhaseConfig().withMoveSelectorConfig(
                        new MoveIteratorFactoryConfig().withMoveIteratorFactoryClass(RuinRecreateMoves.class)));
        return SolverFactory.<GpuPlan>create(config).buildSolver().solve(plan(0));
    }

    @Test
    void aRestartPastTheSolvesTimeLimitOrStoppedShakesWithoutAnExactReplan() {
        // Before the limit the exact re-plan moves the jobs into the pool (and the restart does not shake): past it, or
        // once the solve is stopped, the restart leaves what one without an exact re-plan leaves, so the solve ends on
        // time.
        Decisions shakeOnly = SolutionDecisions.of(oneRestart(new Perturbation(7, 0, null, aMinuteFromNow(), new Stopper())));
        assertNotEquals(shakeOnly, SolutionDecisions.of(oneRestart(new Perturbation(7, 0.5, null, aMinuteFromNow(), new Stopper()))));
        assertEquals(shakeOnly, SolutionDecisions.of(oneRestart(new Perturbation(7, 0.5, null, System.nanoTime() - 1, new Stopper()))));
        Stopper stopped = new Stopper();
        stopped.stop();
        assertEquals(shakeOnly, SolutionDecisions.of(oneRestart(new Perturbation(7, 0.5, null, aMinuteFromNow(), stopped))));
    }

    /** A solve of one restart and nothing else, from the all-on-demand plan (CP-SAT off in the restart itself). */
    private GpuPlan oneRestart(ExactPlans exchange) {
        return oneRestart(new Perturbation(7, 0, exchange, aMinuteFromNow(), new Stopper()));
    }

    /** A deadline far enough off for one restart (System.nanoTime may be negative: no Long.MAX_VALUE, which overflows). */
    private static long aMinuteFromNow() {
        return System.nanoTime() + Duration.ofMinutes(1).toNanos();
    }

    private GpuPlan oneRestart(Perturbation restart) {
        var config = PlanSolver.config(new SolverSettings(3, 0, Duration.ofSeconds(60), null, EnvironmentMode.FULL_ASSERT, true), 5)
                .withPhases(new CustomPhaseConfig().withCustomPhaseCommands(restart));
        return SolverFactory.<GpuPlan>create(config).buildSolver().solve(plan(0));
    }
}
