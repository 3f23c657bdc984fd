package io.gpuplan.model;

import static io.gpuplan.model.GpuPlanConstraintsTest.at;
import static io.gpuplan.model.GpuPlanConstraintsTest.eligible;
import static io.gpuplan.model.GpuPlanConstraintsTest.facts;
import static io.gpuplan.model.GpuPlanConstraintsTest.job1;
import static io.gpuplan.model.GpuPlanConstraintsTest.job8;
import static io.gpuplan.model.GpuPlanConstraintsTest.pools;
import static io.gpuplan.model.GpuPlanConstraintsTest.unplanned;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import ai.timefold.solver.core.api.score.stream.test.ConstraintVerifier;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.problem.ProviderOverhead;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.Option;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * R27 provider overhead, on {@link GpuPlanConstraintsTest}'s fixture (10 daily slots, 240 h) with
 * <pre>
 *   providers:
 *     aws: {fixedCost: 1000, support: {rate: 0.10, minimum: 30}}   minimum over 240 h: 30 × 240 / 730 = 9.863… → 9.86
 *     gcp: {fixedCost: 500, support: {rate: 0.05}}                  no minimum
 * </pre>
 * Jobs: x and y on od (aws), 1 GPU × 48 h × 2.00 = 96.00 each; g on od-gcp with a 1000 GB dataset at aws: compute
 * 120.00 billed by gcp, egress 1000 × 0.09 = 90.00 billed by aws; r on res (gcp, reserved): 8 × 240 × 1.00 = 1920.00;
 * m on ascend (huawei, no overhead stated), migrated: compute 48 × 1.50 = 72.00, migration 500.00 (internal).
 */
class ProviderOverheadConstraintsTest {
    private static final ConstraintVerifier<GpuPlanConstraints, GpuPlan> VERIFIER =
            ConstraintVerifier.build(new GpuPlanConstraints(), GpuPlan.class, JobAssignment.class);

    static final String OVERHEAD = """
            providers:
              aws: {fixedCost: 1000, support: {rate: 0.10, minimum: 30}}
              gcp: {fixedCost: 500, support: {rate: 0.05}}
            """;

    static Problem problem(String topLevel) {
        StringBuilder text = new StringBuilder(GpuPlanConstraintsTest.BASE);
        for (String job : List.of(job1("x", ""), job1("y", ""), job1("g", "dataset: {sizeGb: 1000, location: aws/us-east-1}"),
                job8("r", ""), job1("m", "migration: {to: cann, cost: 500}"))) {
            text.append("  ").append(job).append('\n');
        }
        text.append(topLevel);
        try {
            return ProblemReader.parse("overhead-test.yaml", text.toString(), new ArrayList<>());
        } catch (InputErrors e) {
            throw new AssertionError("fixture does not parse: " + e.getMessage(), e);
        }
    }

    final Problem p = problem(OVERHEAD);
    final Option x = eligible(p, "x", "od", 1);
    final Option y = eligible(p, "y", "od", 1);
    final Option g = eligible(p, "g", "od-gcp", 1);
    final Option r = eligible(p, "r", "res", 8);
    final Option m = eligible(p, "m", "ascend", 1);

    private Object[] given(Object... assignments) {
        return facts(facts(assignments), pools(p), GpuPlanFactory.providerOverheads(p), GpuPlanFactory.providerLimits(p));
    }

    @Test
    void fixture() {
        assertEquals(9_600, x.totalCents());
        assertEquals(12_000, g.computeCents());
        assertEquals(9_000, g.transferCents());
        assertEquals(57_200, m.totalCents());
        assertEquals(List.of(new ProviderOverheadFact("aws", 100_000, 0.10, 986), new ProviderOverheadFact("gcp", 50_000, 0.05, 0)),
                GpuPlanFactory.providerOverheads(p), "30 × 240 / 730 = 9.8630 → 986 cents");
    }

    @Test
    void supportShareIsRoundedHalfUpAndAtLeastTheMinimum() {
        assertEquals(1235, ProviderOverhead.supportCents(0.10, 0, 12_345), "0.10 × 123.45 = 12.345 → 12.35");
        assertEquals(1234, ProviderOverhead.supportCents(0.10, 0, 12_344), "12.344 → 12.34");
        assertEquals(2000, ProviderOverhead.supportCents(0.10, 2000, 12_345), "the minimum 20.00 is more");
        assertEquals(2000, ProviderOverhead.supportCents(0.0, 2000, 0), "an opened provider with no spend pays the minimum");
    }

    @Nested
    class FixedCost {
        @Test
        void oncePerOpenedProvider() {
            // x and y both on aws: aws opened once → 1000.00 (twice would be 2000.00).
            VERIFIER.verifyThat(GpuPlanConstraints::r27ProviderFixedCost).given(given(at(x, 0), at(y, 0)))
                    .penalizesBy("aws once", 100_000);
            // + g on gcp: 1000.00 + 500.00.
            VERIFIER.verifyThat(GpuPlanConstraints::r27ProviderFixedCost).given(given(at(x, 0), at(y, 0), at(g, 0)))
                    .penalizesBy("aws and gcp", 150_000);
        }

        @Test
        void egressAloneDoesNotOpenAProvider() {
            // g alone: gcp opened (500.00); aws bills its 90.00 egress but runs nothing → no fixed cost.
            VERIFIER.verifyThat(GpuPlanConstraints::r27ProviderFixedCost).given(given(at(g, 0)))
                    .penalizesBy("gcp only", 50_000);
        }

        @Test
        void aReservationOpensItsProvider() {
            VERIFIER.verifyThat(GpuPlanConstraints::r27ProviderFixedCost).given(given(at(r, 0))).penalizesBy("gcp", 50_000);
        }

        @Test
        void providersWithoutOverheadAndUnplannedJobsCostNothing() {
            VERIFIER.verifyThat(GpuPlanConstraints::r27ProviderFixedCost)
                    .given(given(at(m, 0), unplanned(p, "x"), unplanned(p, "g"))).hasNoImpact("huawei states no overhead");
        }
    }

    @Nested
    class Support {
        @Test
        void shareOfWhatTheProviderBills() {
            // aws bills 96.00 + 96.00 = 192.00 → 10 % = 19.20, above the minimum 9.86. (Deduplicated: 9.60 → 9.86.)
            VERIFIER.verifyThat(GpuPlanConstraints::r27SupportCost).given(given(at(x, 0), at(y, 0)))
                    .penalizesBy("0.10 × 192.00", 1_920);
        }

        @Test
        void minimumWhenTheShareIsLess() {
            // aws bills 96.00 → 9.60 < 9.86.
            VERIFIER.verifyThat(GpuPlanConstraints::r27SupportCost).given(given(at(x, 0))).penalizesBy("minimum", 986);
        }

        @Test
        void egressCountsInTheSpendOfAnOpenedProvider() {
            // x opens aws; aws bills 96.00 + g's egress 90.00 = 186.00 → 18.60. gcp bills 120.00 → 5 % = 6.00.
            VERIFIER.verifyThat(GpuPlanConstraints::r27SupportCost).given(given(at(x, 0), at(g, 0)))
                    .penalizesBy("18.60 + 6.00", 1_860 + 600);
        }

        @Test
        void noSupportForAProviderOnlyBillingEgress() {
            // g alone: aws not opened (its 90.00 egress would give max(9.00, 9.86)); gcp 6.00 only.
            VERIFIER.verifyThat(GpuPlanConstraints::r27SupportCost).given(given(at(g, 0))).penalizesBy("gcp", 600);
        }

        @Test
        void reservationsCountInTheSpend() {
            // gcp: 1920.00 × 0.05 = 96.00.
            VERIFIER.verifyThat(GpuPlanConstraints::r27SupportCost).given(given(at(r, 0))).penalizesBy("0.05 × 1920", 9_600);
        }
    }

    @Nested
    class MaxProviders {
        final Problem q = problem(OVERHEAD + "maxProviders: 1\n");

        private Object[] givenQ(Object... assignments) {
            return facts(facts(assignments), pools(q), GpuPlanFactory.providerOverheads(q), GpuPlanFactory.providerLimits(q));
        }

        @Test
        void providersOverTheLimitCountOneEach() {
            Option qx = eligible(q, "x", "od", 1);
            Option qg = eligible(q, "g", "od-gcp", 1);
            Option qm = eligible(q, "m", "ascend", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r27MaxProviders).given(givenQ(at(qx, 0), at(eligible(q, "y", "od", 1), 0)))
                    .hasNoImpact("one provider, twice");
            VERIFIER.verifyThat(GpuPlanConstraints::r27MaxProviders).given(givenQ(at(qx, 0), at(qg, 0)))
                    .penalizesBy("aws + gcp = 2, limit 1", 1);
            VERIFIER.verifyThat(GpuPlanConstraints::r27MaxProviders).given(givenQ(at(qx, 0), at(qg, 0), at(qm, 0)))
                    .penalizesBy("aws + gcp + huawei (no overhead stated, still counts) = 3", 2);
        }

        @Test
        void egressDoesNotCountAsUsingAProvider() {
            VERIFIER.verifyThat(GpuPlanConstraints::r27MaxProviders).given(givenQ(at(eligible(q, "g", "od-gcp", 1), 0)))
                    .hasNoImpact("gcp runs g; aws only bills egress");
        }

        @Test
        void noLimitStated() {
            VERIFIER.verifyThat(GpuPlanConstraints::r27MaxProviders).given(given(at(x, 0), at(g, 0), at(m, 0))).hasNoImpact();
        }
    }

    @Nested
    class Budgets {
        @Test
        void overheadCountsInTheTotal() {
            // x: 96.00 + aws fixed 1000.00 + support 9.86 = 1105.86.
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget).given(facts(given(at(x, 0)), new TotalBudget(110_586)))
                    .hasNoImpact("at the cap");
            VERIFIER.verifyThat(GpuPlanConstraints::r22TotalBudget).given(facts(given(at(x, 0)), new TotalBudget(110_585)))
                    .penalizesBy("one cent over", 1);
        }

        @Test
        void supportCountsInTheProvidersCapButTheFixedCostDoesNot() {
            // aws bills 96.00 + support 9.86 = 105.86; the 1000.00 fixed cost is internal.
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(facts(given(at(x, 0)), new ProviderBudget("aws", 10_586))).hasNoImpact();
            VERIFIER.verifyThat(GpuPlanConstraints::r22ProviderBudget)
                    .given(facts(given(at(x, 0)), new ProviderBudget("aws", 10_585))).penalizesBy("one cent over", 1);
        }
    }

    @Test
    void wholePlanScoresLikeThePlainLoopChecks() {
        // x, g, r planned, m too, y unplanned (priority 1). Soft: 96.00 + 120.00 + 90.00 + 1920.00 + 72.00 + 500.00
        // = 2798.00 + fixed aws 1000.00 + gcp 500.00 + support aws max(0.10 × (96 + 90), 9.86) = 18.60,
        // gcp 0.05 × (120 + 1920) = 102.00 → 4418.60. Hard: none (no limit).
        List<JobAssignment> plan = List.of(at(x, 0), unplanned(p, "y"), at(g, 0), at(r, 0), at(m, 0));
        GpuPlan solution = new GpuPlan(p, pools(p), List.of(), List.of(), plan);
        VERIFIER.verifyThat().givenSolution(solution).scores(HardMediumSoftScore.of(0, -1, -441_860));
        Evaluation e = PlanEvaluator.evaluate(p, new Decisions(List.of(
                new io.gpuplan.rules.Placement("x", "od", 1, 0), new io.gpuplan.rules.Placement("g", "od-gcp", 1, 0),
                new io.gpuplan.rules.Placement("r", "res", 8, 0), new io.gpuplan.rules.Placement("m", "ascend", 1, 0)),
                java.util.Map.of("res", 8)));
        assertEquals("0hard/-1medium/-441860soft", e.score());
    }
}
