package io.gpuplan.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** R12–R15: residency, hardware vendor, interruption and software stack. */
class EligibilityTest {

    private static String offer(String id, String jurisdiction, String accelerator, String purchase) {
        return "  - {id: " + id + ", provider: p, region: r-" + id + ", jurisdiction: " + jurisdiction
                + ", accelerator: " + accelerator + ", purchase: " + purchase + ", price: 2.0"
                + (purchase.equals("spot") ? ", interruptionsPerDay: 0.3" : "") + "}\n";
    }

    private static final Problem P = Fixtures.problem(Fixtures.QUARTER + "jurisdictionGroups: {EU: [DE, FR]}\noffers:\n"
            + offer("us", "US", "A100-80G", "on-demand")
            + offer("de", "DE", "A100-80G", "on-demand")
            + offer("cn-a100", "CN", "A100-80G", "on-demand")
            + offer("cn-ascend", "CN", "Ascend-910B", "on-demand")
            + offer("us-spot", "US", "A100-80G", "spot")
            + offer("us-mi300x", "US", "MI300X", "on-demand")
            + """
            jobs:
              - {id: anywhere, kind: training, memoryGb: 40, flops: 1e20}
              - {id: eu-only, kind: training, memoryGb: 40, flops: 1e20, residency: [EU]}
              - {id: us-or-eu, kind: training, memoryGb: 40, flops: 1e20, residency: [US, EU]}
              - {id: domestic, kind: training, memoryGb: 40, flops: 1e20, residency: [CN], vendors: [huawei], stack: cann}
              - {id: interruptible, kind: training, memoryGb: 40, flops: 1e20, interruptible: true}
              - {id: ported, kind: training, memoryGb: 40, flops: 1e20, migration: {to: cann, cost: 1000, weeks: 1, performance: 0.85}}
            """);

    private static boolean residency(String job, String offer) {
        return Eligibility.residencyOk(Fixtures.job(P, job), Fixtures.offer(P, offer));
    }

    private static boolean vendor(String job, String offer) {
        return Eligibility.vendorOk(Fixtures.job(P, job), Fixtures.offer(P, offer));
    }

    private static boolean interruption(String job, String offer) {
        return Eligibility.interruptionOk(Fixtures.job(P, job), Fixtures.offer(P, offer));
    }

    private static boolean stack(String job, String offer) {
        return Eligibility.stackOk(Fixtures.job(P, job), Fixtures.offer(P, offer));
    }

    private static List<Rule> breaches(String job, String offer) {
        return OptionSizer.offerBreaches(Fixtures.job(P, job), Fixtures.offer(P, offer)).stream().map(Breach::rule).toList();
    }

    @Test
    void r12_noResidencyListMeansAnywhere() {
        assertTrue(residency("anywhere", "us"));
        assertTrue(residency("anywhere", "cn-a100"));
    }

    @Test
    void r12_groupsExpandToTheirCountries() {
        assertTrue(residency("eu-only", "de"));
        assertFalse(residency("eu-only", "us"));
        assertFalse(residency("eu-only", "cn-a100"));
        assertTrue(residency("us-or-eu", "us"));
        assertTrue(residency("us-or-eu", "de"));
        assertFalse(residency("us-or-eu", "cn-a100"));
        assertEquals(List.of(Rule.R12), breaches("eu-only", "us"));
    }

    @Test
    void r13_vendorListRestrictsTheHardware() {
        assertTrue(vendor("domestic", "cn-ascend"));
        assertFalse(vendor("domestic", "cn-a100"));
        assertTrue(vendor("anywhere", "cn-ascend"));
        assertEquals(List.of(), breaches("domestic", "cn-ascend"));
        // nvidia hardware (R13) that also runs cuda, not the job's cann (R15)
        assertEquals(List.of(Rule.R13, Rule.R15), breaches("domestic", "cn-a100"));
    }

    @Test
    void r14_jobsAreNotInterruptibleByDefaultSoNeverOnSpot() {
        assertFalse(interruption("anywhere", "us-spot"));
        assertEquals(List.of(Rule.R14), breaches("anywhere", "us-spot"));
        assertTrue(interruption("interruptible", "us-spot"));
        assertTrue(interruption("anywhere", "us"));
    }

    @Test
    void r15_stackMustMatchWithoutMigration() {
        assertTrue(stack("anywhere", "us"));           // cuda on cuda
        assertFalse(stack("anywhere", "cn-ascend"));   // cuda job, cann hardware
        assertFalse(stack("anywhere", "us-mi300x"));   // cuda job, rocm hardware
        assertEquals(List.of(Rule.R15), breaches("anywhere", "cn-ascend"));
    }

    @Test
    void r15_migrationOpensOnlyItsTargetStack() {
        assertTrue(stack("ported", "cn-ascend"));  // migration to cann
        assertTrue(stack("ported", "us"));         // and still its own cuda
        assertFalse(stack("ported", "us-mi300x")); // not rocm
    }
}
