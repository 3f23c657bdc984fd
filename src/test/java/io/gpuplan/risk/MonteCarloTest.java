package io.gpuplan.risk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.CostLine;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.Placement;
import io.gpuplan.sizing.Money;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.PoissonDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.junit.jupiter.api.Test;

/**
 * The Monte Carlo prices each spot job once per interruption count instead of once per run (issue 11, point 8):
 * every number must stay what pricing every run afresh gives, or plans would no longer replay byte for byte.
 */
class MonteCarloTest {
    // Three spot jobs: about 12 interruptions (USD), about 55 (CNY, priced in yuan and converted; commons-math draws
    // means above 40 another way) and a small one with a deadline the next day; and one on-demand job.
    static final String PROBLEM = """
            name: mc
            horizon: {start: 2027-01-01, end: 2027-02-01}
            exchangeRates: {CNY: 7.1}
            offers:
              - {id: spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: spot, price: 1.25, gpusPerInstance: 8, interruptionsPerDay: 0.6}
              - {id: spot-cn, provider: aliyun, region: cn-beijing, jurisdiction: CN, accelerator: A100-40G, purchase: spot, price: 9.37, currency: CNY, gpusPerInstance: 8, interruptionsPerDay: 1.8}
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-40G, purchase: on-demand, price: 2.75, gpusPerInstance: 8}
            jobs:
              - {id: fraud, kind: training, memoryGb: 300, work: {gpuHours: 2880, accelerator: A100-40G}, gpus: 32, interruptible: true,
                 checkpointHours: 2, restartHours: 0.5, deadlineConfidence: 0.5, earliest: 2027-01-11, deadline: 2027-01-16}
              - {id: crawl, kind: training, memoryGb: 300, work: {gpuHours: 2880, accelerator: A100-40G}, gpus: 32, interruptible: true,
                 checkpointHours: 2, restartHours: 0.5}
              - {id: tight, kind: batch, memoryGb: 30, work: {gpuHours: 50, accelerator: A100-40G}, gpus: 8, interruptible: true,
                 checkpointHours: 1, restartHours: 0.25, deadline: 2027-01-05}
              - {id: steady, kind: training, memoryGb: 300, work: {gpuHours: 2880, accelerator: A100-40G}, gpus: 32}
            """;

    static Evaluation plan() throws Exception {
        Problem p = ProblemReader.parse("mc.yaml", PROBLEM, new ArrayList<>());
        return PlanEvaluator.evaluate(p, new Decisions(List.of(new Placement("fraud", "spot", 32, 10),
                new Placement("crawl", "spot-cn", 32, 0), new Placement("tight", "spot", 8, 3),
                new Placement("steady", "od", 32, 0)), Map.of()));
    }

    /** The simulation as it was before prices were kept per count: every run prices every spot job afresh. */
    static MonteCarlo.Result pricingEveryRun(Evaluation e, long seed, int runs) {
        List<SpotRisk> risks = e.jobs().stream().filter(SpotRisk::applies)
                .map(j -> SpotRisk.of(j, e.problem().horizon())).toList();
        long spot = e.costLines().stream().filter(l -> l.kind() == CostLine.Kind.COMPUTE
                        && risks.stream().anyMatch(r -> r.job().job().id().equals(l.source())))
                .mapToLong(CostLine::cents).sum();
        RandomGenerator rng = new Well19937c(seed);
        PoissonDistribution[] draws = risks.stream().map(r -> r.expectedInterruptions() > 0
                ? new PoissonDistribution(rng, r.expectedInterruptions(), PoissonDistribution.DEFAULT_EPSILON,
                PoissonDistribution.DEFAULT_MAX_ITERATIONS) : null).toArray(PoissonDistribution[]::new);
        double[] costs = new double[runs];
        long missed = 0;
        double sum = 0;
        for (int run = 0; run < runs; run++) {
            long cents = e.costCents() - spot;
            for (int i = 0; i < risks.size(); i++) {
                SpotRisk r = risks.get(i);
                int n = draws[i] == null ? 0 : draws[i].sample();
                JobResult j = r.job();
                cents += Money.baseCents(j.offer(), j.option().billedGpus(), j.option().computeHours() + r.loss() * n);
                missed += n > r.tolerated() ? 1 : 0;
            }
            costs[run] = cents;
            sum += cents;
        }
        Percentile p = new Percentile().withEstimationType(Percentile.EstimationType.R_1);
        return new MonteCarlo.Result(seed, runs, Math.round(sum / runs), (long) p.evaluate(costs, 50),
                (long) p.evaluate(costs, 90), (double) missed / runs, risks);
    }

    @Test
    void pricingOncePerInterruptionCountGivesTheNumbersOfPricingEveryRun() throws Exception {
        Evaluation e = plan();
        assertEquals(3, e.jobs().stream().filter(SpotRisk::applies).count(), "three planned spot jobs");
        List<SpotRisk> risks = e.jobs().stream().filter(SpotRisk::applies)
                .map(j -> SpotRisk.of(j, e.problem().horizon())).toList();
        assertTrue(risks.stream().anyMatch(r -> r.expectedInterruptions() > 40), "one job on the large-mean sampler");
        assertTrue(risks.stream().anyMatch(r -> r.expectedInterruptions() < 40), "one on the small-mean sampler");
        for (long seed : new long[] {42, 7, 1}) {
            assertEquals(pricingEveryRun(e, seed, 5_000), MonteCarlo.simulate(e, seed, 5_000), "seed " + seed);
        }
    }

    @Test
    void aCountPricesAsTheJobTakingThatManyInterruptions() throws Exception {
        Evaluation e = plan();
        SpotRisk crawl = e.jobs().stream().filter(SpotRisk::applies).filter(j -> j.job().id().equals("crawl"))
                .map(j -> SpotRisk.of(j, e.problem().horizon())).findFirst().orElseThrow();
        MonteCarlo.CentsByInterruptions priced = new MonteCarlo.CentsByInterruptions(crawl);
        JobResult j = crawl.job();
        for (int n : new int[] {0, 3, 1, 250, 3, 70_000, 0}) {
            double hours = j.option().computeHours() + crawl.loss() * n;
            assertEquals(Money.baseCents(j.offer(), j.option().billedGpus(), hours), priced.cents(n), "n = " + n);
        }
    }
}
