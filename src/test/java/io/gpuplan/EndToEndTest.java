package io.gpuplan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import io.gpuplan.output.PlanVerifier;
import io.gpuplan.problem.ProblemReader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every bundled problem solves to a feasible plan that {@code verify} agrees with, the rule checks and the solver
 * score it alike, and every committed plan under solutions/ still agrees with its problem to the cent.
 */
class EndToEndTest {

    @TestFactory
    Stream<DynamicTest> everyBundledProblemSolvesFeasiblyAndVerifies() {
        List<Path> problems = TestProblems.bundled();
        assertFalse(problems.isEmpty(), "problems/ holds no examples");
        return Stream.concat(problems.stream(), Stream.of(TestProblems.TINY)).map(file -> DynamicTest.dynamicTest(
                file.getFileName().toString(), () -> {
                    ProblemReader.Loaded loaded = TestProblems.load(file);
                    Solving.Solved s = Solving.solve(loaded, Solving.TEST_MOVES);
                    assertEquals(0, s.result().score().hardScore(), "hard score of " + file);
                    assertEquals(s.result().score().toString(), s.plan().score(), "solver and rule checks disagree");
                    assertTrue(s.plan().feasible());
                    PlanVerifier.Report report = PlanVerifier.verify(loaded.problem(), loaded.sha256(), s.plan(), s.context());
                    assertEquals(List.of(), report.differences());
                    assertCostsAddUp(s.plan());
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyCommittedPlanAgreesWithItsProblem() throws Exception {
        List<Path> plans;
        try (Stream<Path> files = Files.walk(Path.of("solutions"))) {
            // A sweep's plans (NAME.sweep-median/-p50/-p90) are plans of the scenario files beside them (R32.8).
            plans = files.filter(p -> p.toString().endsWith(".plan.yaml")).sorted().toList();
        }
        assertFalse(plans.isEmpty(), "solutions/ holds no plans");
        return plans.stream().map(planFile -> DynamicTest.dynamicTest(planFile.toString(), () -> {
            String base = planFile.getFileName().toString().replace(".plan.yaml", "");
            // Bundled problems live in problems/; a frontier's budget overlays and a sweep's scenarios beside their plans.
            Path problemFile = Files.exists(planFile.resolveSibling(base + ".yaml")) ? planFile.resolveSibling(base + ".yaml")
                    : Path.of("problems", base + ".yaml");
            assertTrue(Files.exists(problemFile), "no problem file for " + planFile);
            // R31: a plan continuing a previous one is checked with it (the problem's previous.plan, in solutions/).
            ProblemReader.Loaded loaded = io.gpuplan.previous.PreviousPlans.apply(TestProblems.load(problemFile), null);
            PlanDocument plan = PlanReader.read(planFile);
            // As `verify` does: the certificate and R27's "without it" re-solves taken as the plan states them.
            PlanVerifier.Report report = PlanVerifier.verify(loaded, plan);
            assertEquals(List.of(), report.differences());
            assertTrue(plan.feasible(), planFile + " is not feasible");
            for (String derived : List.of(".focus.csv", ".report.html", ".report.md")) {
                assertTrue(Files.exists(planFile.resolveSibling(base + derived)), base + derived + " is not committed");
            }
        }));
    }

    /**
     * Each breakdown of the totals sums to the total cost, which is the sum of the job, reservation (R18, and its
     * stranded commitment, R29) and owned lines and of R27's overhead of each opened provider.
     */
    static void assertCostsAddUp(PlanDocument plan) {
        var t = plan.totals();
        for (var breakdown : List.of(t.byCategory(), t.byProvider(), t.byPurchaseModel(), t.byMonth(), t.byAccelerator())) {
            assertEquals(0, t.cost().compareTo(breakdown.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add)),
                    "breakdown " + breakdown + " does not sum to " + t.cost());
        }
        BigDecimal lines = plan.assignments().stream().filter(a -> a.cost() != null).map(a -> a.cost().total())
                .reduce(BigDecimal.ZERO, BigDecimal::add)
                .add(plan.reservations().stream().map(PlanDocument.Reservation::horizonCost).reduce(BigDecimal.ZERO, BigDecimal::add))
                .add(plan.reservations().stream().map(PlanDocument.Reservation::strandedCommitment).reduce(BigDecimal.ZERO, BigDecimal::add))
                // R28: an owned pool's depreciation and operations (its power is in its jobs' lines).
                .add(plan.owned() == null ? BigDecimal.ZERO : plan.owned().stream().map(o -> o.depreciation().add(o.operations()))
                        .reduce(BigDecimal.ZERO, BigDecimal::add))
                .add(plan.providers() == null ? BigDecimal.ZERO
                        : plan.providers().stream().map(PlanDocument.Provider::overhead).reduce(BigDecimal.ZERO, BigDecimal::add));
        assertEquals(0, t.cost().compareTo(lines), "job, reservation, owned and provider overhead lines sum to " + lines + ", total " + t.cost());
        BigDecimal bound = t.lowerBound().r24PlannedJobs();
        assertTrue(bound.compareTo(t.cost()) <= 0, "R24 bound " + bound + " above the plan's cost " + t.cost());
        if (t.lowerBound().best() != null) {
            assertTrue(t.lowerBound().best().compareTo(t.cost()) <= 0, "proven bound " + t.lowerBound().best() + " above " + t.cost());
        }
        assertTrue(t.lowerBound().unplannedPriorityAtLeast() <= plan.summary().unplannedPriority(), "unplanned bound above the plan's");
        assertTrue(plan.risk() != null && plan.risk().p50Cost().compareTo(plan.risk().p90Cost()) <= 0);
    }
}
