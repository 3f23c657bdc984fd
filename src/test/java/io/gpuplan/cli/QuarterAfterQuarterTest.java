package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundled Q1 → Q2 pair (R31): problems/quarterly-mixed-2027q2.yaml continues the Q1 plan. Solved the way the
 * bundled examples are regenerated, {@code solve problems/Q1.yaml problems/Q2.yaml --out solutions/}, in a copy: Q2's
 * {@code previous.plan} (../solutions/quarterly-mixed-2027q1.plan.yaml) is the plan the same batch writes, so it is
 * solved after it. Figures from Q2's header, worked by hand there (91 days, 2,184 h).
 */
class QuarterAfterQuarterTest {
    static final String Q1 = "quarterly-mixed-2027q1";
    static final String Q2 = "quarterly-mixed-2027q2";

    @TempDir
    Path dir;

    @Test
    void q2ContinuesQ1CarriesTheReservationMovesOneFleetAndKeepsAnother() throws Exception {
        Path problems = Files.createDirectories(dir.resolve("problems"));
        for (String name : new String[] {Q1, Q2}) {
            Files.copy(Path.of("problems", name + ".yaml"), problems.resolve(name + ".yaml"));
        }
        Path solutions = dir.resolve("solutions");
        CliTest.Run solved = CliTest.run("solve", problems.resolve(Q2 + ".yaml").toString(),
                problems.resolve(Q1 + ".yaml").toString(), "--out", solutions.toString(), "--move-limit", "20000",
                "--parallel", "2");
        assertEquals(0, solved.code(), solved.err());
        PlanDocument plan = PlanReader.read(solutions.resolve(Q2 + ".plan.yaml"));

        assertEquals(Q1 + ".plan.yaml", plan.previous().plan());
        assertEquals(new PlanDocument.Horizon("2027-04-01", "2027-07-01", "1d"), plan.horizon());
        // R31.1: Q1 reserved 8 A100-40G for 12 months from 2027-01-01: 9 months left, all 8 used, nothing new to pay.
        PlanDocument.Carried carried = plan.carried().get(0);
        assertEquals("aws-use1-p4d-ri-1y (carried)", carried.offer());
        assertEquals(8, carried.gpus());
        assertEquals("2028-01-01", carried.termEnds());
        assertEquals(9, carried.monthsLeft());
        assertEquals(8, carried.peakGpus());
        // Information only: 8 × 2184 × 1.740137 = 30,403.67 here; 8 × (6600 − 2184) × 1.740137 = 61,475.56 after.
        assertEquals(new BigDecimal("30403.67"), carried.obligationInHorizon());
        assertEquals(new BigDecimal("61475.56"), carried.obligationPastHorizon());
        PlanDocument.Reservation pool = plan.reservations().stream()
                .filter(r -> r.offer().equals(carried.offer())).findFirst().orElseThrow();
        assertEquals(new BigDecimal("0.00"), pool.horizonCost());
        assertEquals(new BigDecimal("0.00"), pool.strandedCommitment());

        PlanDocument.Assignment support = assignment(plan, "support-chat-serving-13b");
        assertEquals("aws-use1-p4d-ri-1y (carried)", support.offer());
        assertEquals(new PlanDocument.Continuing("aws-use1-p4d-ri-1y", 8, true), support.continuing());
        assertEquals(new BigDecimal("0.00"), support.cost().total());

        // Moving saves 8 × 2184 × (2.79 − 2.60) = 3,319.68 > 1,000 churn: it moves, 45,427.20 + 1,000.00.
        PlanDocument.Assignment prod = assignment(plan, "prod-chat-serving-70b-int8");
        assertEquals("gcp-usc1-a100-80g-od", prod.offer());
        assertEquals(new PlanDocument.Continuing("lambda-use1-a100-80g", 8, false), prod.continuing());
        assertEquals(new BigDecimal("1000.00"), prod.cost().churn());
        assertEquals(new BigDecimal("46427.20"), prod.cost().total());

        // Moving would save 8 × 2184 × (2.42771 − 2.39) = 658.87 < 1,000: it stays, 8 × 2184 × 2.42771 = 42,416.95.
        PlanDocument.Assignment eu = assignment(plan, "eu-assistant-serving-13b");
        assertEquals("gcp-euw4-a100-od", eu.offer());
        assertEquals(new PlanDocument.Continuing("gcp-euw4-a100-od", 8, true), eu.continuing());
        assertNull(eu.cost().churn());
        assertEquals(new BigDecimal("42416.95"), eu.cost().total());

        assertEquals(new BigDecimal("1000.00"), plan.totals().byCategory().get("churn"));
        assertNull(assignment(plan, "q2-eval-harness").continuing(), "a new job");

        // The report's "Changes from the previous plan": each change with its cost and what it saves.
        String report = Files.readString(solutions.resolve(Q2 + ".report.md"));
        String section = report.substring(report.indexOf("## Changes from the previous plan"));
        section = section.substring(0, section.indexOf("\n## ", 5));
        assertTrue(section.contains("| aws-use1-p4d-ri-1y (carried) | 2028-01-01 | 8 | 9 | 8 |"), section);
        assertTrue(section.contains("| prod-chat-serving-70b-int8 | moved | lambda-use1-a100-80g × 8 | gcp-usc1-a100-80g-od × 8"
                + " | 48,746.88 | 46,427.20 | 1,000.00 | 0.00 | 0.00 | 1,000.00 | 2,319.68 | moving saves 3,319.68 before"
                + " its churn of 1,000.00, 2,319.68 net |"), section);
        assertTrue(section.contains("| eu-assistant-serving-13b | stayed | gcp-euw4-a100-od × 8 | gcp-euw4-a100-od × 8"
                + " | 42,416.95 | 42,416.95 | 0.00 | 0.00 | 0.00 | 0.00 | 658.87 | the best move (41,758.08 before churn)"
                + " would save 658.87, not more than the churn of 1,000.00 |"), section);
        assertTrue(section.contains("New jobs: q2-code-model-sft, q2-eu-medical-lora, q2-eval-harness."), section);
        assertTrue(Files.readString(solutions.resolve(Q2 + ".report.html")).contains("Changes from the previous plan"));
        // FOCUS: the churn is one internal row, like a migration.
        String focus = Files.readString(solutions.resolve(Q2 + ".focus.csv"));
        assertEquals(1, focus.lines().filter(l -> l.contains("(R31.2 churn)")).count(), focus);
        // The carried pool is not bought here: no Purchase row, its usage at 0 cost (3 months of Used rows).
        assertEquals(0, focus.lines().filter(l -> l.contains(",Purchase,") && l.contains("(carried)")).count(), focus);
        assertEquals(3, focus.lines().filter(l -> l.contains("covered by reservation/aws-use1-p4d-ri-1y (carried)")).count());

        // verify finds the previous plan beside the plan (the name it records) and recomputes everything.
        CliTest.Run verified = CliTest.run("verify", problems.resolve(Q2 + ".yaml").toString(),
                solutions.resolve(Q2 + ".plan.yaml").toString());
        assertEquals(0, verified.code(), verified.out() + verified.err());
        assertTrue(verified.out().contains("agrees with the rules"), verified.out());

        // Another version of the previous plan (its checksum differs from the one the plan records) is refused.
        Path edited = dir.resolve("edited.plan.yaml");
        Files.writeString(edited, Files.readString(solutions.resolve(Q1 + ".plan.yaml")).replace("moveLimit: 20000", "moveLimit: 20001"));
        CliTest.Run refused = CliTest.run("verify", problems.resolve(Q2 + ".yaml").toString(),
                solutions.resolve(Q2 + ".plan.yaml").toString(), "--previous", edited.toString());
        assertEquals(2, refused.code(), refused.out() + refused.err());
        assertTrue(refused.err().contains("continues a previous plan " + Q1 + ".plan.yaml with SHA-256 "), refused.err());

        // Same problem, previous plan, seed and move limit: the same plan, byte for byte.
        Path again = dir.resolve("again");
        CliTest.Run re = CliTest.run("solve", problems.resolve(Q2 + ".yaml").toString(), "--previous",
                solutions.resolve(Q1 + ".plan.yaml").toString(), "--out", again.toString(), "--move-limit", "20000");
        assertEquals(0, re.code(), re.err());
        assertEquals(Files.readString(solutions.resolve(Q2 + ".plan.yaml")), Files.readString(again.resolve(Q2 + ".plan.yaml")));

        // compare --previous: the same list, each change with its reason, on the console and in DIR/Q2.changes.md.
        CliTest.Run compared = CliTest.run("compare", problems.resolve(Q2 + ".yaml").toString(), "--previous",
                solutions.resolve(Q1 + ".plan.yaml").toString(), "--out", again.toString(), "--move-limit", "20000");
        assertEquals(0, compared.code(), compared.err());
        assertTrue(compared.out().contains("- moved: prod-chat-serving-70b-int8 from lambda-use1-a100-80g × 8 to"
                + " gcp-usc1-a100-80g-od × 8, change cost 1000.00 (churn 1000.00, migration 0.00, egress 0.00): moving"
                + " saves 3319.68 before its churn of 1000.00, 2319.68 net"), compared.out());
        assertTrue(compared.out().contains("- stayed: eu-assistant-serving-13b on gcp-euw4-a100-od × 8: the best move"
                + " (41758.08 before churn) would save 658.87, not more than the churn of 1000.00"), compared.out());
        assertTrue(Files.readString(again.resolve(Q2 + ".changes.md")).contains("- carried: aws-use1-p4d-ri-1y (carried),"
                + " 8 GPUs, 9 months left (term ends 2028-01-01), 8 used at peak: no new cost (R31.1)"));
    }

    private static PlanDocument.Assignment assignment(PlanDocument plan, String job) {
        return plan.assignments().stream().filter(a -> a.job().equals(job)).findFirst().orElseThrow();
    }
}
