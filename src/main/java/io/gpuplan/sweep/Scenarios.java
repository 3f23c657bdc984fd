package io.gpuplan.sweep;

import io.gpuplan.problem.Demand;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.Range;
import io.gpuplan.problem.Uncertainty;
import io.gpuplan.problem.Work;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * R32.1: scenario {@code i} of a sweep with seed {@code S}, a pure function of (problem, S, i). Scenario 0 is the
 * median scenario (every factor at its median, every job with probability >= 0.5 present); scenario i >= 1 draws from
 * its own stream, {@code new SplittableRandom(S)} split i times, so it is the same on every engine and parallelism.
 * Draws come in a fixed order, one uniform per quantity whether it is uncertain or not: per job (in problem order) its
 * presence then its work factor, per offer its price factor then (spot) its interruption rate, per provider (sorted)
 * its price factor.
 */
public final class Scenarios {
    private static final NormalDistribution STANDARD = new NormalDistribution(null, 0, 1);

    private Scenarios() {
    }

    /** The random stream of scenario {@code index} (>= 1). */
    static SplittableRandom stream(long seed, int index) {
        SplittableRandom r = new SplittableRandom(seed);
        SplittableRandom s = r;
        for (int i = 0; i < index; i++) {
            s = r.split();
        }
        return s;
    }

    public static Problem of(Problem p, long seed, int index) {
        Uncertainty u = p.uncertainty();
        SplittableRandom r = index == 0 ? null : stream(seed, index);
        List<Job> jobs = new ArrayList<>();
        for (Job j : p.jobs()) {
            Demand d = u.demand().getOrDefault(j.id(), Demand.CERTAIN);
            double presence = r == null ? 0.5 : r.nextDouble();
            double work = factor(d.workFactor(), r);
            boolean present = r == null ? d.probability() >= 0.5 : presence < d.probability();
            if (present) {
                jobs.add(work == 1 ? j : scaled(j, work));
            }
        }
        List<Double> priceDraws = new ArrayList<>();
        List<Double> rateDraws = new ArrayList<>();
        for (Offer o : p.offers()) {
            priceDraws.add(factor(u.price().getOrDefault(o.id(), Range.ONE), r));
            Range rate = u.interruptions().get(o.id());
            double rateDraw = factor(rate == null ? Range.ONE : rate, r); // drawn either way: the order stays fixed
            rateDraws.add(rate == null ? null : rateDraw);
        }
        java.util.Map<String, Double> byProvider = new java.util.TreeMap<>();
        u.providerPrice().forEach((name, range) -> byProvider.put(name, factor(range, r)));
        List<Offer> offers = new ArrayList<>();
        for (int i = 0; i < p.offers().size(); i++) {
            Offer o = p.offers().get(i);
            double f = priceDraws.get(i) * byProvider.getOrDefault(o.provider(), 1.0);
            Double rate = rateDraws.get(i);
            offers.add(f == 1 && rate == null ? o : priced(o, f, rate));
        }
        return p.scenario(offers, jobs);
    }

    /** The factor at the scenario's draw: its median for the median scenario, else the log-normal's quantile. */
    static double factor(Range range, SplittableRandom r) {
        if (r == null) {
            return range.median();
        }
        double u = r.nextDouble();
        if (range.certain()) {
            return range.p10();
        }
        // 0 is not a quantile: nextDouble is in [0, 1), so the smallest draw is taken just above it.
        return range.at(STANDARD.inverseCumulativeProbability(Math.max(u, 1e-12)));
    }

    /** The job with its work multiplied by {@code f}; a serving job's window and replicas stay (no work to scale). */
    static Job scaled(Job j, double f) {
        Work w = switch (j.work()) {
            case Work.Flops x -> new Work.Flops(x.flops() * f);
            case Work.ReferenceHours x -> new Work.ReferenceHours(x.gpuHours() * f, x.reference());
            case Work.Throughput x -> new Work.Throughput(x.units() * f, x.unitsPerSecondPerGpu(), x.byOffer(), x.byProvider());
            case Work.Serving x -> x;
        };
        return new Job(j.id(), j.kind(), j.paramsB(), j.precision(), j.method(), j.memoryGb(), w, j.utilization(), j.gpus(),
                j.earliest(), j.deadline(), j.windowStart(), j.windowEnd(), j.interruptible(), j.checkpointHours(),
                j.restartHours(), j.deadlineConfidence(), j.residency(), j.vendors(), j.stack(), j.migration(), j.dataset(),
                j.priority());
    }

    /**
     * The offer at {@code f} times its price and, for spot, another interruption rate. Committed offers (reserved,
     * owned) keep their price: it is agreed when they are bought, before demand and prices move (R32.1).
     */
    static Offer priced(Offer o, double f, Double rate) {
        double k = o.isCommitted() || o.isCarried() ? 1 : f;
        // In the base currency as a problem file's reader converts a price (price / rate), so that the scenario file
        // (ScenarioFile) that states this price reads back to this offer exactly.
        double price = o.price() * k;
        return new Offer(o.id(), o.provider(), o.region(), o.jurisdiction(), o.accelerator(), o.purchase(), price,
                o.currency(), k == 1 ? o.priceInBase() : price / o.exchangeRate(), o.exchangeRate(), o.gpusPerInstance(),
                o.maxGpus(), o.crossNodeEfficiency(), rate == null ? o.interruptionsPerDay() : rate, o.termMonths(),
                o.priceSource(), o.owned(), o.expectedUse(), o.blockDays(), o.carried(), o.committedGpus());
    }
}
