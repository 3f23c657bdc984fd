package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.output.PlanVerifier;
import io.gpuplan.output.ProviderWorth;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.PlanEvaluator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * R27 changes a decision in the bundled {@code provider-overhead-fourth-provider} (its header works the figures out):
 * with a fixed cost per provider used the plan opens aws, gcp and azure (105,792.00); with the {@code providers:}
 * section removed it also opens lambda for its 2 % (14,947.20); with {@code maxProviders: 2} instead, only aws and
 * gcp fit 24 of the 32 GPUs and the lowest-priority run stays unplanned.
 */
class ProviderOverheadExampleTest {
    static final Path FILE = Path.of("problems/provider-overhead-fourth-provider.yaml");
    static final SolverSettings SETTINGS = SolverSettings.defaults().withMoveLimit(5_000);

    static Problem parse(String text) throws Exception {
        return ProblemReader.parse(FILE.getFileName().toString(), text, new ArrayList<>());
    }

    /** The example without its R27 section ({@code providers:} and the four lines under it). */
    static String withoutProviders() throws Exception {
        String text = Files.readString(FILE);
        String cut = text.replaceAll("(?m)^providers:\\n(  .*\\n)+", "");
        assertTrue(!cut.contains("\nproviders:") && !cut.contains("  aws: {fixedCost"), "the providers section is removed");
        return cut;
    }

    static Evaluation solve(Problem p) {
        PlanSolver.Result r = PlanSolver.solve(p, SETTINGS, x -> { });
        return PlanEvaluator.evaluate(p, SolutionDecisions.of(r.plan()));
    }

    static String providerOf(Evaluation e, String job) {
        return e.jobs().stream().filter(j -> j.job().id().equals(job)).findFirst().map(JobResult::offer)
                .map(o -> o.provider()).orElse(null);
    }

    @Test
    void aFixedCostPerProviderKeepsTheFourthProviderClosed() throws Exception {
        Evaluation with = solve(parse(Files.readString(FILE)));
        assertTrue(with.feasible());
        assertEquals(0, with.unplannedPriority());
        assertEquals(Set.of("aws", "gcp", "azure"), with.openedProviders());
        // 15024.00 compute + 3 × 30000.00 + aws support 0.10 × 7680.00 = 768.00.
        assertEquals(10_579_200, with.costCents());

        Evaluation without = solve(parse(withoutProviders()));
        assertEquals(Set.of("aws", "gcp", "azure", "lambda"), without.openedProviders(), "lambda opened for 76.80");
        // 3648.00 + 3696.00 + 3763.20 + 3840.00
        assertEquals(1_494_720, without.costCents());
    }

    @Test
    void maxProvidersBinds() throws Exception {
        Problem p = parse(withoutProviders().replace("offers:\n", "maxProviders: 2\noffers:\n"));
        Evaluation e = solve(p);
        assertTrue(e.feasible());
        assertEquals(Set.of("aws", "gcp"), e.openedProviders(), "aws (16 GPUs) and the cheapest other (gcp 8)");
        assertEquals(1, e.unplannedPriority(), "32 GPUs wanted at once, 24 fit: run-d (priority 1) stays out");
        assertEquals(null, providerOf(e, "run-d"));
        // 3648.00 + 2 × 3840.00
        assertEquals(1_132_800, e.costCents());
        String reason = io.gpuplan.rules.UnplannedReasons.explain(e, io.gpuplan.sizing.OptionEnumerator.enumerate(p)).get("run-d");
        assertTrue(reason.contains("R27 max providers: it would open azure, with 2 of at most 2 providers open (aws, gcp)"), reason);
    }

    @Test
    void thePlanSaysWhyEachOpenedProviderIsWorthItsFixedCostAndVerifyAgrees() throws Exception {
        ProblemReader.Loaded loaded = io.gpuplan.TestProblems.load(FILE);
        Problem p = loaded.problem();
        PlanSolver.Result r = PlanSolver.solve(p, SETTINGS, x -> { });
        Evaluation e = PlanEvaluator.evaluate(p, SolutionDecisions.of(r.plan()));
        Map<String, PlanDocument.WithoutIt> worth = ProviderWorth.of(p, SETTINGS, e, new Stopper());
        assertEquals(Set.of("aws", "gcp", "azure"), worth.keySet());
        // Without aws only 24 GPUs are left: run-d out, and aws's fixed cost and support saved.
        assertEquals(1L, worth.get("aws").unplannedPriorityMore());
        // Without azure: lambda instead, 3763.20 - 3696.00 = +67.20; without gcp: 3763.20 - 3648.00 = +115.20.
        assertEquals("67.20", worth.get("azure").extraCost().toPlainString());
        assertEquals("115.20", worth.get("gcp").extraCost().toPlainString());
        assertTrue(worth.get("gcp").statement().startsWith("best plan found without gcp: 105907.20 (+115.20), 0 priority"
                + " more unplanned (a search result"), worth.get("gcp").statement());

        var context = new PlanDocumentBuilder.Context(p, new PlanDocument.ProblemRef(FILE.getFileName().toString(),
                loaded.sha256()), new PlanDocument.SolverRef("test", 42, 5_000, "PT60S", null), null, r.options(),
                r.certificate(), worth);
        PlanDocument plan = PlanDocumentBuilder.build(context, e);
        assertEquals(List.of("aws", "azure", "gcp"), plan.providers().stream().map(PlanDocument.Provider::provider).toList());
        PlanDocument.Provider aws = plan.providers().get(0);
        assertEquals("7680.00", aws.bills().toPlainString());
        assertEquals("30000.00", aws.fixedCost().toPlainString());
        assertEquals("768.00", aws.support().toPlainString());
        assertEquals("30768.00", aws.overhead().toPlainString());
        assertEquals(Map.of("aws", new java.math.BigDecimal("8448.00"), "azure", new java.math.BigDecimal("3696.00"),
                "gcp", new java.math.BigDecimal("3648.00"), "internal", new java.math.BigDecimal("90000.00")),
                plan.totals().byProvider(), "support billed by aws, fixed costs internal");
        assertTrue(PlanVerifier.verify(loaded, plan).agrees());

        // An edited support figure is caught.
        PlanDocument.Provider edited = new PlanDocument.Provider(aws.provider(), aws.bills(), aws.fixedCost(),
                new java.math.BigDecimal("700.00"), aws.supportByMonth(), aws.overhead(), aws.withoutIt());
        List<PlanDocument.Provider> providers = new ArrayList<>(plan.providers());
        providers.set(0, edited);
        PlanDocument tampered = new PlanDocument(plan.format(), plan.name(), plan.problem(), plan.solver(), plan.score(),
                plan.feasible(), plan.currency(), plan.summary(), plan.reservations(), plan.owned(), providers, plan.assignments(),
                plan.totals(), plan.risk(), plan.constraints(), plan.prices(), plan.run());
        PlanVerifier.Report report = PlanVerifier.verify(loaded, tampered);
        assertTrue(report.mismatches().stream().anyMatch(m -> m.contains("providers[0].support")), report.mismatches().toString());

        // The "without it" figure is taken as stated, but its arithmetic is checked: 105907.20 − 105792.00 ≠ 100.00.
        PlanDocument.Provider gcp = plan.providers().get(2);
        PlanDocument.WithoutIt w = gcp.withoutIt();
        providers = new ArrayList<>(plan.providers());
        providers.set(2, new PlanDocument.Provider(gcp.provider(), gcp.bills(), gcp.fixedCost(), gcp.support(),
                gcp.supportByMonth(), gcp.overhead(), new PlanDocument.WithoutIt(w.statement(), w.cost(),
                new java.math.BigDecimal("100.00"), w.unplannedPriorityMore(), w.moveLimit())));
        tampered = new PlanDocument(plan.format(), plan.name(), plan.problem(), plan.solver(), plan.score(),
                plan.feasible(), plan.currency(), plan.summary(), plan.reservations(), plan.owned(), providers, plan.assignments(),
                plan.totals(), plan.risk(), plan.constraints(), plan.prices(), plan.run());
        report = PlanVerifier.verify(loaded, tampered);
        assertEquals(List.of("providers[2].withoutIt.extraCost: the plan states 100.00, but its cost 105907.20 less the"
                + " plan's 105792.00 is 115.20"), report.mismatches());
    }
    /**
     * A support rate with more decimals than a long's fraction holds (found by FuzzTest: CP-SAT's exact model failed on
     * it with an internal error). aws's support is then its minimum, 100 × 240 / 730 = 32.88, instead of 768.00:
     * 105,792.00 − 768.00 + 32.88 = 105,056.88.
     */
    @Test
    void aSupportRateOfManyDecimalsStillSolves() throws Exception {
        String text = Files.readString(FILE).replace("support: {rate: 0.10, minimum: 100}", "support: {rate: 1e-300, minimum: 100}");
        assertTrue(text.contains("rate: 1e-300"));
        Evaluation e = solve(parse(text));
        assertTrue(e.feasible());
        assertEquals(Set.of("aws", "gcp", "azure"), e.openedProviders());
        assertEquals(10_505_688, e.costCents());
    }
}
