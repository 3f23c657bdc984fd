package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The frontier's monotone pass: a plan that fits a smaller budget fits a larger one, so where it scores better there
 * (R23: priority first, then cost) than the larger budget's own plan, the larger budget is solved again from it. The
 * test's base problem at a total budget of 20,000 and of 100,000 (its own cap), each solved once.
 */
class FrontierPassTest {
    @TempDir
    static Path dir;

    static Problem small;
    static Problem large;
    static ScenarioRun.Outcome smallPlan;
    static ScenarioRun.Outcome largePlan;

    @BeforeAll
    static void solveBoth() throws Exception {
        small = problem(20_000);
        large = problem(100_000);
        smallPlan = outcome(20_000);
        largePlan = outcome(100_000);
        // What the cases below rest on, read from the two plans: 20,000 cannot buy every job 100,000 buys, so the
        // large budget's plan leaves less priority unplanned, and costs more than 20,000 (it breaks the small cap).
        assertTrue(largePlan.plan().summary().unplannedPriority() < smallPlan.plan().summary().unplannedPriority(),
                largePlan.plan().summary() + " vs " + smallPlan.plan().summary());
        assertTrue(largePlan.plan().totals().cost().doubleValue() > 20_000, largePlan.plan().totals().cost().toPlainString());
    }

    private static Path overlay(int budget) throws Exception {
        Path f = dir.resolve("base.budget-" + budget + ".yaml");
        if (!Files.exists(f)) {
            Files.writeString(f, "extends: " + Path.of(CompareTest.BASE).toAbsolutePath() + "\nbudget: {total: " + budget + "}\n");
        }
        return f;
    }

    private static Problem problem(int budget) throws Exception {
        return ProblemReader.read(overlay(budget)).problem();
    }

    private static ScenarioRun.Outcome outcome(int budget) throws Exception {
        CliTest.Run r = CliTest.run("solve", overlay(budget).toString(), "--move-limit", "3000", "--exact-effort", "1",
                "--out", dir.toString());
        assertTrue(r.code() <= 1, r.err());
        Path planFile = dir.resolve("base.budget-" + budget + ".plan.yaml");
        PlanDocument plan = PlanReader.read(planFile);
        return new ScenarioRun.Outcome("base.budget-" + budget, 0, plan, null, planFile, Duration.ZERO, 0, null);
    }

    @Test
    void anEarlierPlanThatPlansMorePriorityUnderThisBudgetIsTaken() {
        // Point 1 (100,000) holds the 20,000 plan; point 0 holds one planning more priority, feasible at 100,000.
        assertEquals(0, FrontierPass.betterEarlier(large, List.of(largePlan, smallPlan), 1));
    }

    @Test
    void anEarlierPlanThatBreaksThisBudgetIsNotTaken() {
        // Under 20,000 the 100,000 plan's cost breaks the total budget (R22, hard): infeasible, never taken.
        assertFalse(FrontierPass.evaluate(small, largePlan).feasible());
        assertEquals(-1, FrontierPass.betterEarlier(small, List.of(largePlan, smallPlan), 1));
    }

    @Test
    void anEqualPlanIsNotTakenAndNoPointIsComparedWithLaterOnes() {
        // Only strictly better counts: the same plan scores the same (the point keeps its own solve).
        assertEquals(-1, FrontierPass.betterEarlier(large, List.of(largePlan, largePlan), 1));
        // Point 0 has no smaller budget; the better plan at index 1 is a larger budget's, not looked at.
        assertEquals(-1, FrontierPass.betterEarlier(large, List.of(smallPlan, largePlan), 0));
    }

    @Test
    void theOrderIsPriorityFirstThenCost() {
        var e = FrontierPass.evaluate(large, smallPlan);
        var f = FrontierPass.evaluate(large, largePlan);
        // f leaves less priority unplanned, so it comes first even though it costs more.
        assertTrue(f.unplannedPriority() < e.unplannedPriority() && f.costCents() > e.costCents());
        assertTrue(FrontierPass.BETTER_FIRST.compare(f, e) < 0);
    }
}
