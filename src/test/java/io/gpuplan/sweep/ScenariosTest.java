package io.gpuplan.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.problem.Range;
import io.gpuplan.problem.Work;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** R32.1: scenarios are a pure function of (problem, seed, index); the median scenario; the distributions. */
class ScenariosTest {
    static final String TEXT = """
            name: t
            horizon: {start: 2027-01-01, end: 2027-04-01}
            offers:
              - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand,
                 price: 4, priceRange: {p10: 0.8, p90: 1.25}}
              - {id: ri, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: reserved,
                 price: 2, priceRange: {p10: 0.8, p90: 1.25}}
            jobs:
              - {id: sure, kind: training, memoryGb: 40, work: {gpuHours: 1000, accelerator: A100-80G},
                 demand: {workFactor: {p10: 0.7, p90: 1.4}}}
              - {id: coin, kind: training, memoryGb: 40, work: {gpuHours: 100, accelerator: A100-80G},
                 demand: {probability: 0.5}}
              - {id: likely, kind: training, memoryGb: 40, work: {gpuHours: 100, accelerator: A100-80G},
                 demand: {probability: 0.6}}
              - {id: unlikely, kind: training, memoryGb: 40, work: {gpuHours: 100, accelerator: A100-80G},
                 demand: {probability: 0.4}}
            """;

    static Problem problem() throws InputErrors {
        return ProblemReader.parse("t.yaml", TEXT, new ArrayList<>());
    }

    static double hours(Problem p, String job) {
        return ((Work.ReferenceHours) p.job(job).orElseThrow().work()).gpuHours();
    }

    /** What a scenario is, field by field (jobs and offers are equal by id alone). */
    static String fingerprint(Problem p) {
        StringBuilder sb = new StringBuilder();
        p.jobs().forEach(j -> sb.append(j.id()).append('=').append(j.work()).append(';'));
        p.offers().forEach(o -> sb.append(o.id()).append('=').append(o.priceInBase()).append(';'));
        return sb.toString();
    }

    @Test
    void logNormalThroughTheTwoQuantiles() {
        // ln X ~ N(mu, sigma): mu = (ln 0.7 + ln 1.4) / 2 = (-0.3566749 + 0.3364722) / 2 = -0.0101014;
        // sigma = (0.3364722 + 0.3566749) / (2 x 1.2815516) = 0.6931472 / 2.5631031 = 0.2704328; median sqrt(0.98) = 0.989949.
        Range r = new Range(0.7, 1.4);
        assertEquals(-0.0101014, r.mu(), 1e-7);
        assertEquals(0.2704328, r.sigma(), 1e-7);
        assertEquals(0.989949, r.median(), 1e-6);
        assertEquals(1.4, r.at(Range.Z90), 1e-12);
        assertEquals(0.7, r.at(-Range.Z90), 1e-12);
    }

    @Test
    void scenarioZeroIsTheMedianScenario() throws InputErrors {
        Problem m = Scenarios.of(problem(), 1, 0);
        // probability >= 0.5 present: sure, coin (0.5), likely (0.6); unlikely (0.4) absent.
        assertEquals(List.of("sure", "coin", "likely"), m.jobs().stream().map(Job::id).toList());
        assertEquals(1000 * Math.sqrt(0.7 * 1.4), hours(m, "sure"), 1e-9); // 989.949 GPU-hours
        assertEquals(100, hours(m, "coin"), 0);
        // on-demand at its median factor sqrt(0.8 x 1.25) = 1: 4; the reservation's price is agreed before: 2.
        assertEquals(4, m.offer("od").orElseThrow().priceInBase(), 1e-12);
        assertEquals(2, m.offer("ri").orElseThrow().priceInBase(), 0);
        assertTrue(m.uncertainty().none(), "a scenario is certain");
    }

    @Test
    void sameSeedSameScenariosOtherSeedOthers() throws InputErrors {
        Problem p = problem();
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        List<String> c = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            a.add(fingerprint(Scenarios.of(p, 7, i)));
            b.add(fingerprint(Scenarios.of(p, 7, i)));
            c.add(fingerprint(Scenarios.of(p, 8, i)));
        }
        assertEquals(a, b);
        assertNotEquals(a, c);
        assertEquals(20, a.stream().distinct().count(), "each scenario draws its own stream");
    }

    @Test
    void withoutUncertaintyEveryScenarioIsTheProblem() throws InputErrors {
        String certain = TEXT.replaceAll(",\\s*priceRange: \\{p10: 0.8, p90: 1.25}", "")
                .replaceAll(",\\s*demand: \\{[^\\n]*}}", "}");
        Problem p = ProblemReader.parse("t.yaml", certain, new ArrayList<>());
        assertTrue(p.uncertainty().none(), certain);
        for (int i = 0; i < 10; i++) {
            assertEquals(fingerprint(p), fingerprint(Scenarios.of(p, 5, i)));
        }
        // The uncertainty fields change nothing else: the same jobs and offers as read without them (solve ignores them).
        assertEquals(fingerprint(p), fingerprint(problem()));
    }

    @Test
    void drawsFollowTheDistributions() throws InputErrors {
        Problem p = problem();
        int n = 4000;
        int likely = 0;
        int belowP10 = 0;
        int belowMedian = 0;
        for (int i = 1; i <= n; i++) {
            Problem s = Scenarios.of(p, 3, i);
            likely += s.job("likely").isPresent() ? 1 : 0;
            double f = hours(s, "sure") / 1000;
            belowP10 += f < 0.7 ? 1 : 0;
            belowMedian += f < Math.sqrt(0.98) ? 1 : 0;
            double odFactor = s.offer("od").orElseThrow().priceInBase() / 4;
            assertTrue(odFactor > 0);
            assertEquals(2, s.offer("ri").orElseThrow().priceInBase(), 0);
        }
        // Bernoulli(0.6): 2400 of 4000 expected, sd sqrt(4000 x 0.6 x 0.4) = 31; 5 sd either way.
        assertTrue(Math.abs(likely - 2400) < 155, "present " + likely);
        // P(X < p10) = 0.1: 400 expected, sd 19; P(X < median) = 0.5: 2000, sd 32.
        assertTrue(Math.abs(belowP10 - 400) < 95, "below p10 " + belowP10);
        assertTrue(Math.abs(belowMedian - 2000) < 160, "below median " + belowMedian);
    }
}
