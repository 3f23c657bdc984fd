package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.bench.ScenarioGenerator;
import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The warm start reports each start that beats the ones before as soon as it is built (at L the first comes seconds
 * before the last): each report is a plan a stop at that moment returns, and reporting changes no plan. The greedy
 * that follows a fractional plan takes what it leans to where it fits.
 */
class WarmStartTest {
    /** A generated quarter with reserved terms past the horizon: the warm start runs its orders twice (R29). */
    private static Problem generated() throws Exception {
        return ProblemReader.parse("generated.yaml", ScenarioGenerator.generate(60, 24, 1, 90), new ArrayList<>());
    }

    @Test
    void eachReportIsTheRulesScoreOfTheBestStartSoFarAndTheLastIsThePlans() throws Exception {
        Problem p = generated();
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        GpuPlan quiet = GpuPlanFactory.create(p, options);
        WarmStart.apply(quiet, options, List.of());
        GpuPlan reported = GpuPlanFactory.create(p, options);
        List<HardMediumSoftScore> reports = new ArrayList<>();
        WarmStart.apply(reported, options, List.of(), reports::add, new Stopper());
        assertEquals(SolutionDecisions.of(quiet), SolutionDecisions.of(reported), "reporting changes no plan");
        assertFalse(reports.isEmpty());
        for (int i = 1; i < reports.size(); i++) {
            assertTrue(reports.get(i).compareTo(reports.get(i - 1)) > 0, "each report beats the one before: " + reports);
        }
        assertEquals(PlanEvaluator.evaluate(p, SolutionDecisions.of(reported)).score(),
                reports.get(reports.size() - 1).toString(), "the last report is the plan's score");
    }

    @Test
    void aPlanThatFollowsAFractionalOneTakesTheFirstLeanedPlacementThatFitsAndTheGreedysOptionForTheRest() throws Exception {
        // Four 16-GPU runs of 18 daily slots; od holds one at a time, od2 any number at a higher price.
        Problem p = ProblemReader.parse("leaning.yaml", """
                name: leaning
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 16}
                  - {id: od2, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand, price: 3.0, gpusPerInstance: 8}
                jobs:
                  - {id: v1, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, deadline: 2027-01-25}
                  - {id: v2, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, earliest: 2027-01-19, deadline: 2027-02-08}
                  - {id: v3, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, earliest: 2027-02-06, deadline: 2027-03-08}
                  - {id: v4, kind: training, memoryGb: 200, work: {gpuHours: 6220.8, accelerator: A100-40G}, gpus: 16, earliest: 2027-02-24}
                """, new ArrayList<>());
        List<JobOptions> options = OptionEnumerator.enumerate(p);
        // v1 leans to od from slot 6 (it runs 6-23); v2 to od from slot 18, where it can start only up to slot 20, so
        // od never fits it, then to od2; v3 and v4 lean nowhere.
        List<List<PlacedOption>> leaning = List.of(
                List.of(new PlacedOption(option(options, "v1", "od"), 6)),
                List.of(new PlacedOption(option(options, "v2", "od"), 18), new PlacedOption(option(options, "v2", "od2"), 18)));
        Decisions plan = WarmStart.guided(p, options, leaning);
        // v3 and v4 as the greedy places them: on od, the cheapest, at their earliest starts (36, 54).
        assertEquals(java.util.Set.of(new Placement("v1", "od", 16, 6), new Placement("v2", "od2", 16, 18),
                new Placement("v3", "od", 16, 36), new Placement("v4", "od", 16, 54)), java.util.Set.copyOf(plan.placements()));
        assertTrue(PlanEvaluator.evaluate(p, plan).feasible());
    }

    private static Option option(List<JobOptions> options, String job, String offer) {
        return options.stream().filter(jo -> jo.job().id().equals(job)).flatMap(jo -> jo.options().stream())
                .filter(o -> o.offer().id().equals(offer)).findFirst().orElseThrow();
    }

    @Test
    void aSolveStoppedAtItsFirstFeasibleReportReturnsThatPlan() throws Exception {
        for (Problem p : List.of(generated(),
                ProblemReader.read(java.nio.file.Path.of("problems/stranded-36-month-commitment.yaml")).problem())) {
            Stopper stopper = new Stopper();
            List<HardMediumSoftScore> reports = new ArrayList<>();
            // CP-SAT off: with it, a stopped solve may still adopt CP-SAT's plan if it is better (never worse).
            SolverSettings settings = SolverSettings.defaults().withExactSeconds(0);
            PlanSolver.Result r = PlanSolver.solve(p, settings, progress -> {
                if (reports.isEmpty()) {
                    reports.add(progress.bestScore());
                    stopper.stop(); // a Ctrl-C at the first report
                }
            }, List.of(), stopper);
            HardMediumSoftScore first = reports.get(0);
            assertEquals(0, first.hardScore(), p.name() + ": the first report is feasible");
            assertTrue(r.terminatedEarly());
            assertEquals(first, r.score(), p.name() + ": the stopped solve returns the reported plan");
            assertEquals(PlanEvaluator.evaluate(p, SolutionDecisions.of(r.plan())).score(), first.toString(),
                    p.name() + ": the rules give the returned plan the reported score");
        }
    }
}
