package io.gpuplan.solve.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.bench.ScenarioGenerator;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.Placement;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.ExactPlans;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.WarmStart;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The certifier's steps: CP-SAT's second try at the most priority, its cheapest plan, and the exact search's bounds. */
class CertifierTest {
    @Test
    void whenTheFirstStepLeavesThePriorityUnprovenTheLevelsWholeBudgetBesideLocalSearchGoesOnFromIt() throws Exception {
        // The benchmark's 60-job quarter, seed 4 (25 priority unplanned is the least, proven by the referee): two
        // fifths of 1 deterministic second leave 28 unplanned, unproven; the level's whole second, from the same hint,
        // goes on to a plan leaving less (CP-SAT's path depends on its seed, and on 2 seconds the first step proves 25).
        Problem p = ProblemReader.parse("x60-4.yaml", ScenarioGenerator.generate(60, 24, 4, 90), new ArrayList<>());
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Certifier c = new Certifier(p, options, new Certifier.Limits(1, Duration.ofMinutes(5), 4), new Stopper());
        Evaluation first = PlanEvaluator.evaluate(p, c.mostPriority(warmStart(p, options)));
        assertTrue(first.unplannedPriority() > 25, "the premise: step 1 stops short, got " + first.unplannedPriority());

        c.run(c.exactPlan(), first.plannedPriority(), null);
        Evaluation after = PlanEvaluator.evaluate(p, c.exactPlan());
        assertTrue(after.feasible());
        assertTrue(after.unplannedPriority() < first.unplannedPriority(),
                "step 2 leaves " + after.unplannedPriority() + ", step 1 left " + first.unplannedPriority());
        assertTrue(after.unplannedPriority() >= 25, "no plan leaves less than the proven 25");
        Certificate proof = c.certificate(after.plannedPriority(), after.unplannedPriority(), after.costCents(), null);
        assertTrue(proof.unplannedAtLeast() <= 25, "a bound above the proven least: " + proof.unplannedAtLeast());
    }

    @Test
    void theSecondTryDoesNotRunOnceLocalSearchsPlanRunsTheMostPriorityProvenOrMoreThanStepOneFound() throws Exception {
        // The fixture above: step 1 stops short of the most priority, and the second try would go on from it.
        Problem p = ProblemReader.parse("x60-4.yaml", ScenarioGenerator.generate(60, 24, 4, 90), new ArrayList<>());
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        long all = p.jobs().stream().mapToLong(Job::priority).sum();
        for (String localSearch : new String[] {"at the bound", "a step past step 1", "as far as step 1"}) {
            Certifier c = new Certifier(p, options, new Certifier.Limits(1, Duration.ofMinutes(5), 4), new Stopper());
            Evaluation first = PlanEvaluator.evaluate(p, c.mostPriority(warmStart(p, options)));
            ExactPlans exchange = new ExactPlans();
            c.priorityBound(c.exactPlan(), first.plannedPriority(), exchange);
            long leastOut = all - c.mostPriorityBound();
            assertTrue(first.unplannedPriority() - 1 > leastOut, "the premise: a step past step 1 is short of the bound");
            long leftOut = switch (localSearch) {
                case "at the bound" -> leastOut;
                case "a step past step 1" -> first.unplannedPriority() - 1;
                default -> first.unplannedPriority();
            };
            GpuPlan local = new GpuPlan();
            // Only the score counts: local search's plan leaves out what no plan can run, or more.
            local.setScore(HardMediumSoftScore.of(0, -leftOut, -1));
            exchange.postLocal(local);
            c.mostPriorityAgain();
            long after = PlanEvaluator.evaluate(p, c.mostPriorityPlan()).unplannedPriority();
            if (localSearch.equals("as far as step 1")) {
                assertTrue(after < first.unplannedPriority(), "CP-SAT's plans may still lead: the second try runs, " + after);
            } else {
                assertEquals(first.unplannedPriority(), after, "local search " + localSearch + ": the second try does not run");
            }
        }
    }

    @Test
    void pastItsCapStepOneGoesOnBesideLocalSearchAndTheLpWaitsForIt() throws Exception {
        // The fixture above with a cap already passed: step 1 returns at once (with the most priority found so far,
        // if any), one run goes on, and what it ends with is step 1's, as the plan local search may take up.
        Problem p = ProblemReader.parse("x60-4.yaml", ScenarioGenerator.generate(60, 24, 4, 90), new ArrayList<>());
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Certifier c = new Certifier(p, options, new Certifier.Limits(2.5, Duration.ofMinutes(5), 4), new Stopper());
        ExactPlans exchange = new ExactPlans();
        Decisions warm = warmStart(p, options);
        Decisions atCap = c.mostPriority(warm, exchange, System.nanoTime());
        long capped = atCap == null ? -1 : PlanEvaluator.evaluate(p, atCap).plannedPriority();

        c.priorityBound(warm, PlanEvaluator.evaluate(p, warm).plannedPriority(), exchange);
        Evaluation ended = PlanEvaluator.evaluate(p, c.exactPlan());
        assertTrue(ended.feasible());
        assertTrue(ended.plannedPriority() >= capped, ended.plannedPriority() + " below the plan at the cap, " + capped);
        assertEquals(25, ended.unplannedPriority(), "a run of 1 deterministic second on its own proves 25 here");
        assertNotNull(exchange.fromCertificate(), "step 1's plan is posted for local search");
        assertEquals(ended.score(), exchange.fromCertificate().score().toString());
    }

    @Test
    void theRunGoingOnAloneStopsOnceLocalSearchRunsEveryJobThatHasAnOption() throws Exception {
        Problem p = ProblemReader.parse("x60-4.yaml", ScenarioGenerator.generate(60, 24, 4, 90), new ArrayList<>());
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        long all = p.jobs().stream().mapToLong(Job::priority).sum();
        long plannable = options.stream().filter(jo -> !jo.options().isEmpty()).mapToLong(jo -> jo.job().priority()).sum();
        // On this budget the run left alone proves 25 unplanned (the test above) unless something stops it.
        Certifier c = new Certifier(p, options, new Certifier.Limits(2.5, Duration.ofMinutes(5), 4), new Stopper());
        ExactPlans exchange = new ExactPlans();
        GpuPlan local = new GpuPlan();
        // Only the score counts: local search's plan leaves out only jobs that have no option.
        local.setScore(HardMediumSoftScore.of(0, -(all - plannable), -1));
        exchange.postLocal(local);
        Decisions warm = warmStart(p, options);
        c.mostPriority(warm, exchange, System.nanoTime());
        c.priorityBound(warm, PlanEvaluator.evaluate(p, warm).plannedPriority(), exchange);
        Decisions plan = c.exactPlan();
        assertTrue(plan == null || PlanEvaluator.evaluate(p, plan).unplannedPriority() > 25,
                "stopped at once, step 1 does not get to the most priority");
    }

    @Test
    void cpSatsCheapestPlanBoundsTheCostOfAMoveLimitedSolveAndIsLeftToTheExactSearchInAClockStoppedOne() throws Exception {
        Problem p = twoOnAPool();
        Certifier c = afterTheFirstStep(p);
        Evaluation first = PlanEvaluator.evaluate(p, c.exactPlan());
        assertEquals(0, first.unplannedPriority());
        c.run(c.exactPlan(), first.plannedPriority(), null);

        Evaluation cheapest = PlanEvaluator.evaluate(p, c.exactPlan());
        assertEquals(TWO_ON_A_POOL_OPTIMUM, cheapest.costCents(), "CP-SAT's cheapest plan");
        Certificate proof = c.certificate(first.plannedPriority(), 0, TWO_ON_A_POOL_OPTIMUM, null);
        assertEquals(TWO_ON_A_POOL_OPTIMUM, proof.costBound());
        assertTrue(proof.costBy().startsWith("CP-SAT on the exact model"), proof.costBy());
        assertTrue(proof.provenOptimal(0, TWO_ON_A_POOL_OPTIMUM, 0));
        assertTrue(c.provesOptimal(cheapest));
        // Both jobs on the pool instead, at the same starts: 8 GPUs x 240 h x 1 USD = 1,920 USD, not proven.
        List<Placement> onPool = cheapest.jobs().stream().map(j -> j.placement())
                .map(x -> new Placement(x.job(), "ri", x.gpus(), x.startSlot())).toList();
        Evaluation pool = PlanEvaluator.evaluate(p, new Decisions(onPool, java.util.Map.of("ri", 8)));
        assertEquals(192_000, pool.costCents());
        assertEquals(cheapest.plannedPriority(), pool.plannedPriority());
        assertTrue(!c.provesOptimal(pool));

        // Stopped by its clock (an exchange with the searches beside it), the solve leaves the cost level to the exact
        // search: no cheapest plan of CP-SAT's is posted, and the cost bound is the LP's alone.
        Certifier beside = afterTheFirstStep(p);
        ExactPlans exchange = new ExactPlans();
        beside.run(beside.exactPlan(), first.plannedPriority(), exchange);
        assertNull(exchange.fromCertificate(), "no plan posted: no cheapest plan of CP-SAT's, a start at the LP's bound");
        Certificate lp = beside.certificate(first.plannedPriority(), 0, TWO_ON_A_POOL_OPTIMUM, null);
        assertFalse(lp.costBy().startsWith("CP-SAT"), lp.costBy());
        assertTrue(lp.costBound() <= TWO_ON_A_POOL_OPTIMUM);
    }

    @Test
    void aClockStoppedSolveStartingFarAboveTheLpsBoundIsPostedTheGreedyPlanThatFollowsTheLpsAndOneNearItIsNot()
            throws Exception {
        // One 48-h run on 8 GPUs: 384 USD on od, 1,152 USD on od3 (three times the LP's bound, the od plan).
        Problem p = ProblemReader.parse("dear-start.yaml", """
                name: dear-start
                horizon: {start: 2027-01-01, end: 2027-01-11}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 1.0, gpusPerInstance: 8, maxGpus: 8}
                  - {id: od3, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 3.0, gpusPerInstance: 8, maxGpus: 8}
                jobs:
                  - {id: a, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-01, deadline: 2027-01-03}
                """, new ArrayList<>());
        for (String startOn : List.of("od3", "od")) {
            Decisions start = new Decisions(List.of(new Placement("a", startOn, 8, 0)), java.util.Map.of());
            Evaluation e = PlanEvaluator.evaluate(p, start);
            assertEquals(startOn.equals("od3") ? 115_200 : 38_400, e.costCents());
            Certifier c = afterTheFirstStep(p);
            ExactPlans exchange = new ExactPlans();
            c.run(start, e.plannedPriority(), exchange);
            ExactPlans.Found following = exchange.fromCertificate();
            if (startOn.equals("od3")) {
                assertEquals(0, following.score().hardScore());
                assertEquals(-38_400, following.score().softScore(), "the LP's plan: a on od");
            } else {
                assertNull(following, "a start at the LP's bound: nothing posted");
            }
        }
    }

    @Test
    void scipsReplanOverTheWholeGapBoundsTheCostAsTheCertificateStatesIt() throws Exception {
        // The four runs (RelaxationTest), all on-demand: 4 × 18,971.40 USD. CP-SAT off, so the LP's bound is the other. SCIP's bound over every column that can be in a cheaper plan is the optimum, 16 reserved
        // GPUs for the quarter, 16 × 2160 h × 1.740137 = 6,013,913.472 cents (R18; R29 charges nothing, the pool
        // is expected fully in use after the quarter); less a cent for the pool's rounding, a millionth (6.0139) for
        // SCIP's tolerances and a cent for floating point: 6,013,905.
        Problem p = ProblemReader.read(RelaxationTest.FOUR_RUNS).problem();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        List<Placement> onDemand = new ArrayList<>();
        for (JobOptions jo : options) {
            int earliest = jo.options().stream().filter(o -> o.offer().id().equals("od")).findFirst().orElseThrow()
                    .earliestStart();
            onDemand.add(new Placement(jo.job().id(), "od", 16, earliest));
        }
        Decisions plan = new Decisions(onDemand, java.util.Map.of("ri", 0));
        Evaluation e = PlanEvaluator.evaluate(p, plan);
        assertEquals(4 * RelaxationTest.ON_DEMAND, e.costCents());
        Certifier c = new Certifier(p, options, new Certifier.Limits(0, Duration.ofMinutes(5), 1), new Stopper());
        c.run(plan, e.plannedPriority(), null);
        long before = c.certificate(e.plannedPriority(), 0, e.costCents(), null).costBound();
        assertTrue(before < 6_013_905, "the LP's bound is below SCIP's: " + before);

        List<Decisions> replans = c.replansOfEveryJob(plan, e);
        assertEquals(Math.round(16 * RelaxationTest.GPU_QUARTER),
                replans.stream().mapToLong(d -> PlanEvaluator.evaluate(p, d).costCents()).min().orElseThrow());
        Certificate proof = c.certificate(e.plannedPriority(), 0, e.costCents(), null);
        assertEquals(6_013_905, proof.costBound());
        assertTrue(proof.costBy().startsWith("SCIP on the time-indexed MIP"), proof.costBy());
    }

    @Test
    void theExactSearchsBoundCountsAtThePlansPriorityOnly() throws Exception {
        Problem p = twoOnAPool();
        Certifier c = afterTheFirstStep(p);
        Evaluation first = PlanEvaluator.evaluate(p, c.exactPlan());
        c.priorityBound(c.exactPlan(), first.plannedPriority(), new ExactPlans()); // the exact search starts after this step

        c.exactSearchBound(first.plannedPriority() + 1, TWO_ON_A_POOL_OPTIMUM + 50_000); // plans of more priority than any: says nothing here
        c.exactSearchBound(first.plannedPriority(), TWO_ON_A_POOL_OPTIMUM);
        Certificate after = c.certificate(first.plannedPriority(), 0, TWO_ON_A_POOL_OPTIMUM, null);
        assertEquals(TWO_ON_A_POOL_OPTIMUM, after.costBound());
        assertTrue(after.costBy().contains("exact search"), after.costBy());
        assertTrue(after.provenOptimal(0, TWO_ON_A_POOL_OPTIMUM, 0));
    }

    @Test
    void theMostPriorityPlanIsKeptAsItWasOnceSettled() throws Exception {
        Problem p = twoOnAPool();
        Certifier c = afterTheFirstStep(p);
        Evaluation first = PlanEvaluator.evaluate(p, c.exactPlan());
        c.priorityBound(c.exactPlan(), first.plannedPriority(), new ExactPlans());
        c.mostPriorityAgain(); // a move-limited solve's exact search starts from its plan, with its bound
        Decisions settled = c.mostPriorityPlan();
        assertSame(c.exactPlan(), settled);
        assertEquals(first.plannedPriority(), c.mostPriorityBound(), "both jobs run: no plan runs more");

        c.costBounds(first.plannedPriority());
        assertSame(settled, c.mostPriorityPlan(), "the cheapest-plan step changes the exact plan only");
        assertEquals(TWO_ON_A_POOL_OPTIMUM, PlanEvaluator.evaluate(p, c.exactPlan()).costCents());
        assertEquals(first.plannedPriority(), c.mostPriorityBound());
    }

    @Test
    void aboveTwoThousandOptionsCpSatIsNotAskedForTheCheapestPlanAndTheLpBoundsTheCost() throws Exception {
        // A generated 100 x 25 quarter: 2,502 options. On a small budget, so the test is quick.
        Problem p = ProblemReader.parse("x100-1.yaml", ScenarioGenerator.generate(100, 25, 1, 90), new ArrayList<>());
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        int count = JobOptions.count(options);
        assertTrue(count > Certifier.FULL_EFFORT_OPTIONS, "the premise: " + count + " options");
        Certifier c = new Certifier(p, options, new Certifier.Limits(1, Duration.ofMinutes(5), 1), new Stopper());
        Decisions mostPriority = c.mostPriority(warmStart(p, options));
        Evaluation first = PlanEvaluator.evaluate(p, mostPriority);

        c.run(mostPriority, first.plannedPriority(), null);
        assertSame(c.mostPriorityPlan(), c.exactPlan(), "no cheapest plan replaces the most priority's");
        Certificate proof = c.certificate(first.plannedPriority(), first.unplannedPriority(), first.costCents(), null);
        assertTrue(proof.note().endsWith(", cost not tried (" + count + " options, more than the 2000 it is tried on)"),
                proof.note());
        assertTrue(proof.costBy().contains("LP relaxation"), proof.costBy());
        assertTrue(proof.costBound() > 0 && proof.costBound() <= first.costCents());
    }

    @Test
    void cpSatAskedAfterAStopDoesNotRun() throws Exception {
        // CP-SAT drops a stop that comes before its solve starts: stopped by then, it ran its whole budget.
        Problem p = twoOnAPool();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Stopper stopped = new Stopper();
        stopped.stop();
        Certifier c = new Certifier(p, options, new Certifier.Limits(10, Duration.ofMinutes(5), 4), stopped);
        Decisions warm = warmStart(p, options);
        assertNull(c.mostPriority(warm), "no plan: CP-SAT did not run");
        c.priorityBound(warm, PlanEvaluator.evaluate(p, warm).plannedPriority(), null);
        assertEquals("CP-SAT stopped before it found a plan", c.certificate(0, 0, 0, null).note(),
                "the plan says why, not that CP-SAT found none");
        assertNotNull(afterTheFirstStep(p).exactPlan(), "the premise: unstopped, CP-SAT finds a plan");
    }

    /** Both jobs on-demand: cheaper than the pool's 1,920 USD. */
    private static final long TWO_ON_A_POOL_OPTIMUM = 153_600;

    /**
     * Two jobs that fit on a reserved pool of 8 GPUs one after the other (10 days at 1 USD per GPU-hour: 1,920) or
     * on-demand at 2 USD per GPU-hour (768 each).
     */
    @Test
    void cpSatsCheckThatNoPlanRunsMorePriorityProvesWhatTheLpCannot() throws Exception {
        // Two jobs of priority 10, each 8 GPUs for the whole horizon, on an offer capped at 12: the LP runs one and a
        // half (bound 15, so at least 5 unplanned); no plan runs both. From the empty plan the check (run here since
        // CP-SAT's most priority did not run) finds a plan of 10 and proves that none runs more: the bound drops to 10,
        // and a plan leaving 10 out is proven minimal.
        Problem p = twoInTwelve();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Decisions none = new Decisions(List.of(), java.util.Map.of());
        Certifier c = new Certifier(p, options, new Certifier.Limits(1, Duration.ofMinutes(5), 1), new Stopper());
        c.run(none, 0, null);
        assertEquals(5, c.certificate(0, 20, 0, null).unplannedAtLeast(), "the LP's bound");

        c.noMorePriority(() -> none);
        Evaluation found = PlanEvaluator.evaluate(p, c.exactPlan());
        assertTrue(found.feasible());
        assertEquals(10, found.unplannedPriority(), "the check's plan runs one job");
        Certificate proof = c.certificate(found.plannedPriority(), 10, found.costCents(), null);
        assertEquals(10, proof.unplannedAtLeast());
        assertTrue(proof.unplannedProven(10), proof.unplannedBy());
        assertTrue(proof.unplannedBy().startsWith("CP-SAT on the exact model, which has no plan running more than 10"),
                proof.unplannedBy());
    }

    @Test
    void inAMoveLimitedSolveTheCheckRunsWhereStepOneFoundLessThanThePlan() throws Exception {
        // As above, but step 1's CP-SAT ran: it found the empty plan only (as on 120-job quarters, where local search
        // runs far more than step 1 finds), so the check runs from the best plan, job a alone, and proves it the most.
        Problem p = twoInTwelve();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Decisions none = new Decisions(List.of(), java.util.Map.of());
        Decisions oneJob = new Decisions(List.of(new Placement("a", "od", 8, 0)), java.util.Map.of());
        assertTrue(PlanEvaluator.evaluate(p, oneJob).feasible());
        assertEquals(10, PlanEvaluator.evaluate(p, oneJob).plannedPriority());

        Certifier behind = new Certifier(p, options, new Certifier.Limits(1, Duration.ofMinutes(5), 1), new Stopper());
        behind.stepOneEnded(new StepOne(none, 0, 20, false, "a test's"));
        behind.priorityBound(none, 0, null);
        assertEquals(5, behind.certificate(10, 10, 0, null).unplannedAtLeast(), "the LP's bound");
        behind.noMorePriority(() -> oneJob);
        Certificate proof = behind.certificate(10, 10, PlanEvaluator.evaluate(p, oneJob).costCents(), null);
        assertTrue(proof.unplannedProven(10), proof.unplannedBy());
        assertTrue(proof.unplannedBy().startsWith("CP-SAT on the exact model, which has no plan running more than 10"),
                proof.unplannedBy());

        // Step 1 found as much as the plan runs: CP-SAT's own search had its go, no check.
        Certifier even = new Certifier(p, options, new Certifier.Limits(1, Duration.ofMinutes(5), 1), new Stopper());
        even.stepOneEnded(new StepOne(oneJob, 10, 20, false, "a test's"));
        even.priorityBound(none, 0, null);
        even.noMorePriority(() -> oneJob);
        assertEquals(5, even.certificate(10, 10, 0, null).unplannedAtLeast(), "still the LP's bound");

        // A clock-stopped solve (an exchange) with step 1 behind: no check beside its searches either.
        Certifier clocked = new Certifier(p, options, new Certifier.Limits(1, Duration.ofMinutes(5), 1), new Stopper());
        clocked.stepOneEnded(new StepOne(none, 0, 20, false, "a test's"));
        clocked.priorityBound(none, 0, new ExactPlans());
        clocked.noMorePriority(() -> oneJob);
        assertEquals(5, clocked.certificate(10, 10, 0, null).unplannedAtLeast(), "the LP's bound, unchecked");
    }

    /** Two jobs of priority 10, each 8 GPUs for the whole horizon, on an offer capped at 12 GPUs: one runs. */
    private static Problem twoInTwelve() throws Exception {
        return ProblemReader.parse("two-in-twelve.yaml", """
                name: two-in-twelve
                horizon: {start: 2027-01-01, end: 2027-01-11}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 4, maxGpus: 12}
                jobs:
                  - {id: a, kind: batch, priority: 10, memoryGb: 300, gpus: 8, work: {gpuHours: 1600, accelerator: A100-80G}, earliest: 2027-01-01, deadline: 2027-01-11}
                  - {id: b, kind: batch, priority: 10, memoryGb: 300, gpus: 8, work: {gpuHours: 1600, accelerator: A100-80G}, earliest: 2027-01-01, deadline: 2027-01-11}
                """, new ArrayList<>());
    }

    private static Problem twoOnAPool() throws Exception {
        return ProblemReader.parse("two-on-a-pool.yaml", """
                name: two-on-a-pool
                horizon: {start: 2027-01-01, end: 2027-01-11}
                reservations: {expectedUseAfterHorizon: 1}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 8}
                  - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: reserved, price: 1.0, gpusPerInstance: 8, maxGpus: 8}
                jobs:
                  - {id: a, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-01, deadline: 2027-01-03}
                  - {id: b, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-03, deadline: 2027-01-05}
                """, new ArrayList<>());
    }

    /** A certifier on its default effort after its first step (CP-SAT's most priority) from the warm start. */
    private static Certifier afterTheFirstStep(Problem p) {
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        Certifier c = new Certifier(p, options, new Certifier.Limits(10, Duration.ofMinutes(5), 4), new Stopper());
        c.mostPriority(warmStart(p, options));
        return c;
    }

    private static Decisions warmStart(Problem p, List<JobOptions> options) {
        GpuPlan warm = GpuPlanFactory.create(p, options);
        WarmStart.apply(warm, options, List.of());
        return SolutionDecisions.of(warm);
    }
}
