package io.gpuplan.solve.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.Placement;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.ReservationResult;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.ExhaustiveSearch;
import io.gpuplan.solve.Stopper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * SCIP's re-plans of every job: from a dearer plan the one over every column that can be in a cheaper plan (a column
 * whose LP reduced cost exceeds the plan's gap to the LP is in no cheaper plan) reaches the cheapest plan and bounds
 * every plan's cost, by hand on the four runs and against the exhaustive search on random small quarters (the bound on
 * every one, the plan where the MIP prices as the plan does); and the re-plans repeat themselves.
 */
class RestrictedMipTest {
    /** The re-plans of every job from {@code from} at {@code level}, as a solve runs them. */
    private static RestrictedMip.Replans replans(Problem p, List<JobOptions> options, Decisions from, long level) {
        return RestrictedMip.replans(p, Relaxations.timeIndexed(p, options), from, level,
                PlanEvaluator.evaluate(p, from).costCents(), 1, 30, new Stopper());
    }

    /** The cheapest of the re-plans' plans. */
    private static Evaluation cheapest(Problem p, RestrictedMip.Replans replans) {
        return replans.plans().stream().map(d -> PlanEvaluator.evaluate(p, d))
                .min(java.util.Comparator.comparingLong(Evaluation::costCents)).orElseThrow();
    }

    /** The decisions of an evaluated plan: its placements and what it reserves. */
    private static Decisions decisions(Evaluation e) {
        return new Decisions(e.jobs().stream().map(JobResult::placement).filter(Objects::nonNull).toList(),
                e.reservations().stream().collect(Collectors.toMap(r -> r.offer().id(), ReservationResult::gpus)));
    }

    /** Each run at its earliest start on-demand: 4 × 18,971.40 USD. */
    private static Decisions fourOnDemand(List<JobOptions> options) {
        List<Placement> onDemand = new ArrayList<>();
        for (String job : List.of("v1", "v2", "v3", "v4")) {
            int earliest = options.stream().filter(jo -> jo.job().id().equals(job)).findFirst().orElseThrow().options()
                    .stream().filter(o -> o.offer().id().equals("od")).findFirst().orElseThrow().earliestStart();
            onDemand.add(new Placement(job, "od", 16, earliest));
        }
        return new Decisions(onDemand, Map.of("ri", 0));
    }

    @Test
    void theMarginIsACentPerPoolAndAMillionthOfTheBound() throws Exception {
        Problem p = ProblemReader.read(RelaxationTest.FOUR_RUNS).problem();
        Relaxation r = Relaxations.timeIndexed(p, OptionEnumerator.enumerate(p));
        assertEquals(1, r.pools(), "one reserved offer, ri");
        // 60,139.13 USD = 6,013,913 cents: 1 + 6.013913 cents.
        assertEquals(7.013913, RestrictedMip.margin(r, 6_013_913), 1e-9);
        assertEquals(7.013913, RestrictedMip.margin(r, -6_013_913), 1e-9, "a millionth of its size, whatever its sign");
    }

    @Test
    void fromEveryRunOnDemandItReservesSixteenGpusForAllFour() throws Exception {
        Problem p = ProblemReader.read(RelaxationTest.FOUR_RUNS).problem();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Decisions from = fourOnDemand(options);
        assertEquals(4 * RelaxationTest.ON_DEMAND, PlanEvaluator.evaluate(p, from).costCents());
        RestrictedMip.Replans replans = replans(p, options, from, RelaxationTest.ALL);
        // The four runs one after another (slots 0-17, 18-35, 36-53, 54-71 fit every window) on 16 reserved GPUs for
        // the quarter: 16 × 3,758.69592 = 60,139.13 USD; the re-plan over every column proves it (its bound, unrounded).
        Evaluation e = cheapest(p, replans);
        assertTrue(e.feasible());
        assertEquals(RelaxationTest.ALL, e.plannedPriority());
        assertEquals(Math.round(16 * RelaxationTest.GPU_QUARTER), e.costCents());
        assertEquals(Map.of("ri", 16), e.reservations().stream()
                .collect(Collectors.toMap(r -> r.offer().id(), ReservationResult::gpus)));
        assertEquals(16 * RelaxationTest.GPU_QUARTER, replans.bound(), 1);
        assertEquals(replans.plans(), replans(p, options, from, RelaxationTest.ALL).plans(), "the same plans again");
    }

    @Test
    void replansAskedAfterAStopDoNotRun() throws Exception {
        // OR-Tools drops an interrupt that comes before its solve starts: a re-plan queued behind the others ran its
        // whole node limit after a Ctrl-C. Stopped, neither the LP nor SCIP runs: no plan, no bound.
        Problem p = ProblemReader.read(RelaxationTest.FOUR_RUNS).problem();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Decisions from = fourOnDemand(options);
        Stopper stopped = new Stopper();
        stopped.stop();
        Relaxation r = Relaxations.timeIndexed(p, options);
        RestrictedMip.Replans replans = RestrictedMip.replans(p, r, from, RelaxationTest.ALL,
                PlanEvaluator.evaluate(p, from).costCents(), 1, 30, stopped);
        assertEquals(List.of(), replans.plans());
        assertTrue(Double.isNaN(replans.bound()));
        assertTrue(!LinearSolve.scip(r, RelaxationTest.ALL, r.hint(from), null, 30, stopped).hasSolution(),
                "SCIP did not start");
        assertTrue(LinearSolve.scip(r, RelaxationTest.ALL, r.hint(from), null, 30, new Stopper()).hasSolution(),
                "the premise: unstopped, SCIP finds a plan");
    }

    @Test
    void aPoolBoughtAboveTheLpsLevelIsCappedThereAndTheJobsRePacked() throws Exception {
        Problem p = ProblemReader.read(RelaxationTest.FOUR_RUNS).problem();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Relaxation r = Relaxations.timeIndexed(p, options);
        // All four runs on the pool, v1 at its latest start (slot 6, to 23) overlapping v2 (18-35): 32 GPUs, 4
        // instances, 32 × 3,758.69592 = 120,278.27 USD.
        Decisions overlapping = new Decisions(List.of(new Placement("v1", "ri", 16, 6), new Placement("v2", "ri", 16, 18),
                new Placement("v3", "ri", 16, 36), new Placement("v4", "ri", 16, 54)), Map.of("ri", 32));
        Evaluation from = PlanEvaluator.evaluate(p, overlapping);
        assertTrue(from.feasible());
        assertEquals(Math.round(32 * RelaxationTest.GPU_QUARTER), from.costCents());
        // The LP buys 1 instance (8 GPUs, 720 GPU-slots) and runs 2.5 of the runs' 288 GPU-slots each there, in halves
        // (RelaxationTest: the aggregated LP's t = 1/2).
        LinearSolve.Answer lp = LinearSolve.solve(r, LinearSolve.Objective.COST, RelaxationTest.ALL, false, 30, null,
                new Stopper());
        assertEquals(1, lp.values()[r.jobColumns()], 1e-6);
        // Capped at 1 instance no 16-GPU run fits the pool: the four runs on-demand, 4 × 18,971.40 USD, cheaper than
        // the plan (and dearer than the optimum's 2 instances: the cap is a move to try, not a bound).
        Decisions replanned = RestrictedMip.cappedReplan(p, r, overlapping, r.hint(overlapping), lp, RelaxationTest.ALL,
                from.costCents(), 1, inSeconds(30), new Stopper());
        Evaluation capped = PlanEvaluator.evaluate(p, replanned);
        assertTrue(capped.feasible());
        assertEquals(RelaxationTest.ALL, capped.plannedPriority());
        assertEquals(4 * RelaxationTest.ON_DEMAND, capped.costCents());
        assertTrue(replanned.reservations().getOrDefault("ri", 0) <= 8, replanned.reservations().toString());
        // Among the re-plans a solve runs, the one over the whole gap proves the optimum (2 instances): the capped one is
        // then dropped, however soon it ended.
        RestrictedMip.Replans all = RestrictedMip.replans(p, r, overlapping, RelaxationTest.ALL, from.costCents(), 1, 30,
                new Stopper());
        assertEquals(Math.round(16 * RelaxationTest.GPU_QUARTER), cheapest(p, all).costCents());
        assertTrue(all.plans().stream().noneMatch(d -> PlanEvaluator.evaluate(p, d).costCents() == capped.costCents()),
                "the capped re-plan's plan is dropped");
        // A plan that buys no more than the LP's level rounded up has no pool to cap.
        Decisions onePool = new Decisions(replanned.placements(), Map.of("ri", 8));
        assertNull(RestrictedMip.cappedReplan(p, r, onePool, r.hint(onePool), lp, RelaxationTest.ALL,
                PlanEvaluator.evaluate(p, onePool).costCents(), 1, inSeconds(30), new Stopper()));
        // Started once its cap has run out (queued behind the other two re-plans), it does not run at all.
        assertNull(RestrictedMip.cappedReplan(p, r, overlapping, r.hint(overlapping), lp, RelaxationTest.ALL,
                from.costCents(), 1, System.nanoTime() - 1, new Stopper()));
    }

    /** A deadline (System.nanoTime) that far ahead. */
    private static long inSeconds(long seconds) {
        return System.nanoTime() + seconds * 1_000_000_000L;
    }

    @Test
    void fromThePlanOfTheMostPriorityItBoundsAndReachesTheCheapestPlanOfEachLowerLevel() throws Exception {
        Random random = new Random(31);
        for (int i = 0; i < 8; i++) {
            String text = ExhaustiveSearch.randomInstance(random);
            Problem p = ProblemReader.parse("small.yaml", text, new ArrayList<>());
            List<JobOptions> options = OptionEnumerator.enumerate(p);
            if (ExhaustiveSearch.leaves(options) > ExhaustiveSearch.MOST_LEAVES) {
                i--; // too large to search exhaustively in seconds: the next draw takes its place
                continue;
            }
            // The MIP is the planning model where no provider overhead (R27), owned card (R28) or block (R30) is
            // priced: elsewhere it is a relaxation, so its bound holds but its plans need not be the model's best (a
            // solve takes one only when it scores better).
            boolean exact = !text.contains("\nproviders:") && !text.contains("purchase: owned")
                    && !text.contains("purchase: block");
            Evaluation top = ExhaustiveSearch.optimum(p, options);
            long total = p.jobs().stream().mapToLong(j -> j.priority()).sum();
            long most = total - top.unplannedPriority();
            // The MIP prices pools unrounded: a cent per pool's two lines at most.
            long pools = p.offers().stream().filter(o -> o.isCommitted()).count();
            for (long level = 0; level <= most; level += Math.max(1, most / 3)) {
                Evaluation cheapest = ExhaustiveSearch.cheapest(p, options, total - level);
                RestrictedMip.Replans replans = replans(p, options, decisions(top), level);
                String at = text + "\nat level " + level;
                assertTrue(replans.bound() - pools <= cheapest.costCents() + 1e-6, at + ": bound " + replans.bound());
                if (exact) {
                    Evaluation e = cheapest(p, replans);
                    assertTrue(e.feasible(), at);
                    assertTrue(e.plannedPriority() >= level, at);
                    assertEquals(cheapest.costCents(), e.costCents(), pools, at);
                }
            }
        }
    }
}
