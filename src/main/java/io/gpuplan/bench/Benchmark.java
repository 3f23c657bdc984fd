package io.gpuplan.bench;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import io.gpuplan.solve.Stopper;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One benchmark run: generate a scenario, then solve it as {@code gpuplan solve} does (warm start, local search,
 * bounds, baselines, risk), stopping at the last checkpoint after launch. Times count from the moment the problem
 * text is read, so they include reading, sizing and the warm start.
 */
public final class Benchmark {
    private Benchmark() {
    }

    /** A benchmark size: jobs × offers. */
    public record Size(String name, int jobs, int offers) {
        public static final List<Size> STANDARD = List.of(new Size("S", 20, 20), new Size("M", 200, 100), new Size("L", 2_000, 400));

        /** S, M, L or JOBSxOFFERS (e.g. 5x8). */
        public static Size parse(String text) {
            for (Size s : STANDARD) {
                if (s.name.equalsIgnoreCase(text)) {
                    return s;
                }
            }
            String[] parts = text.toLowerCase(java.util.Locale.ROOT).split("x", -1);
            try {
                if (parts.length == 2) {
                    return new Size(text, Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
                }
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
            throw new IllegalArgumentException("size '" + text + "' is not S, M, L or JOBSxOFFERS (e.g. 5x8)");
        }
    }

    /** A best plan the solver reported, at this time after launch. */
    record Sample(Duration at, HardMediumSoftScore score) {
    }

    /**
     * What one run measured.
     *
     * @param firstFeasible      time to the first plan that breaks no hard rule; null if none came
     * @param costAtCheckpoint   plan cost at each checkpoint (cents); null where no feasible plan existed yet
     * @param worseAtCheckpoint  whether that plan left more priority unplanned than the final one
     * @param plan               the final plan, with its bounds, baselines and run figures
     * @param unplannedWithOptions unplanned jobs that had an eligible option (the others could never run)
     * @param peakHeapBytes      the sum of the heap pools' peak use during the run (an upper bound on the peak heap)
     */
    public record Result(Size size, long seed, int days, Duration firstFeasible, List<Duration> checkpoints,
                         List<Long> costAtCheckpoint, List<Boolean> worseAtCheckpoint, PlanDocument plan,
                         int unplannedWithOptions, long peakHeapBytes, long maxHeapBytes, Duration total) {
        public BigDecimal gap() {
            return plan.totals().lowerBound() == null ? null : plan.totals().lowerBound().gap();
        }

        /** Which bound is the best: LP, Lagrangian or R24. */
        public String boundKind() {
            PlanDocument.Bound b = plan.totals().lowerBound();
            if (b.lp() != null && b.lp().compareTo(b.best()) == 0) {
                return "LP";
            }
            return b.lagrangian() != null && b.lagrangian().compareTo(b.best()) == 0 ? "Lagrangian" : "R24";
        }
    }

    public static Result run(Size size, long seed, int days, List<Duration> checkpoints) {
        String text = ScenarioGenerator.generate(size.jobs(), size.offers(), seed, days);
        resetHeapPeaks();
        Duration last = checkpoints.get(checkpoints.size() - 1);
        long launch = System.nanoTime();
        List<Sample> samples = java.util.Collections.synchronizedList(new ArrayList<>());
        Stopper stopper = new Stopper();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bench-stop");
            t.setDaemon(true);
            return t;
        });
        try {
            Problem problem = ProblemReader.parse("generated.yaml", text, new ArrayList<>());
            timer.schedule(stopper::stop, last.toNanos() - (System.nanoTime() - launch), TimeUnit.NANOSECONDS);
            // No move limit: the run stops at the last checkpoint (the time limit is only a cap behind it).
            SolverSettings settings = new SolverSettings(seed, 0, last, null, SolverSettings.defaults().environmentMode(), true);
            PlanSolver.Result result = PlanSolver.solve(problem, settings,
                    p -> samples.add(new Sample(Duration.ofNanos(System.nanoTime() - launch), p.bestScore())), List.of(), stopper);
            Decisions decisions = SolutionDecisions.of(result.plan());
            PlanDocument plan = PlanDocumentBuilder.build(new PlanDocumentBuilder.Context(problem,
                    new PlanDocument.ProblemRef("generated.yaml", ProblemReader.sha256(text.getBytes(java.nio.charset.StandardCharsets.UTF_8))),
                    new PlanDocument.SolverRef(io.gpuplan.cli.Version.solverEngine(), seed, 0, last.toString(), null),
                    new PlanDocument.Run(result.termination(), result.moves(), result.moveSpeed(),
                            BigDecimal.valueOf(result.wallTime().toMillis(), 3), null), result.options()), decisions);
            Duration total = Duration.ofNanos(System.nanoTime() - launch);
            HardMediumSoftScore finalScore = result.score();
            List<Long> costs = new ArrayList<>();
            List<Boolean> worse = new ArrayList<>();
            for (Duration c : checkpoints) {
                Sample s = bestAt(samples, c);
                costs.add(s == null ? null : -s.score().softScore());
                worse.add(s != null && s.score().mediumScore() < finalScore.mediumScore());
            }
            java.util.Set<String> placed = decisions.placements().stream().map(p -> p.job()).collect(java.util.stream.Collectors.toSet());
            int unplannedWithOptions = (int) result.options().stream()
                    .filter(jo -> !jo.options().isEmpty() && !placed.contains(jo.job().id())).count();
            Sample first = samples.stream().filter(s -> s.score().hardScore() == 0).findFirst().orElse(null);
            return new Result(size, seed, days, first == null ? null : first.at(), checkpoints, costs, worse, plan,
                    unplannedWithOptions, peakHeap(), Runtime.getRuntime().maxMemory(), total);
        } catch (InputErrors e) {
            throw new IllegalStateException("the generator wrote an invalid problem:\n" + e.getMessage(), e);
        } finally {
            timer.shutdownNow();
        }
    }

    /** The last feasible best plan reported by {@code at}. */
    private static Sample bestAt(List<Sample> samples, Duration at) {
        Sample best = null;
        synchronized (samples) {
            for (Sample s : samples) {
                if (s.at().compareTo(at) <= 0 && s.score().hardScore() == 0) {
                    best = s;
                }
            }
        }
        return best;
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).toList();
    }

    private static void resetHeapPeaks() {
        System.gc();
        heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    private static long peakHeap() {
        return heapPools().stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }
}
