package io.gpuplan.bench;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.solve.PlanSolver;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.SolverSettings;
import io.gpuplan.solve.Stopper;
import io.gpuplan.solve.bounds.Prover;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One benchmark run: generate a scenario, then solve it as {@code gpuplan solve} does (warm start, CP-SAT where
 * small, local search, certificate, baselines, risk), stopping at the last checkpoint after launch; then, on small
 * sizes, a referee proves the optimum to measure the plan against. Times count from the moment the problem text is
 * read, so they include reading, sizing and the warm start.
 */
public final class Benchmark {
    private Benchmark() {
    }

    /**
     * A benchmark size: jobs × offers, with the seeds and checkpoints it runs by default (those of its targets in
     * issue 10: S and S60 30 s, M 60 s, L its first feasible plan).
     *
     * @param fixture a problem kept as a resource instead of a generated one (null: generated; seed = solver seed)
     */
    public record Size(String name, int jobs, int offers, int seeds, List<Duration> checkpoints, String fixture) {
        /** Issue 10's M quarter as generated when the issue was filed, with R29 off: the issue's figures apply to it. */
        public static final Size M_ISSUE10 = new Size("M-issue10", 200, 100, 1, seconds(10, 30, 60), "/io/gpuplan/bench/m-issue10.yaml");
        public static final List<Size> STANDARD = List.of(
                new Size("S", 20, 20, 5, seconds(10, 30)), new Size("S60", 60, 24, 3, seconds(10, 30)),
                new Size("M", 200, 100, 3, seconds(10, 30, 60)), M_ISSUE10, new Size("L", 2_000, 400, 3, seconds(15, 60)));

        public Size(String name, int jobs, int offers, int seeds, List<Duration> checkpoints) {
            this(name, jobs, offers, seeds, checkpoints, null);
        }

        /** The problem text of this size's run with {@code seed}. */
        String text(long seed, int days) {
            if (fixture == null) {
                return ScenarioGenerator.generate(jobs, offers, seed, days);
            }
            try (var in = Benchmark.class.getResourceAsStream(fixture)) {
                if (in == null) {
                    throw new IllegalStateException("benchmark fixture " + fixture + " missing from the jar");
                }
                return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("benchmark fixture " + fixture + " unreadable", e);
            }
        }

        /** S, S60, M, M-issue10, L or JOBSxOFFERS (e.g. 5x8: one seed, checkpoints 10 and 30 s). */
        public static Size parse(String text) {
            for (Size s : STANDARD) {
                if (s.name.equalsIgnoreCase(text)) {
                    return s;
                }
            }
            String[] parts = text.toLowerCase(java.util.Locale.ROOT).split("x", -1);
            try {
                if (parts.length == 2) {
                    return new Size(text, Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), 1, seconds(10, 30));
                }
            } catch (NumberFormatException e) {
                // falls through to the error below
            }
            throw new IllegalArgumentException("size '" + text + "' is not S, S60, M, M-issue10, L or JOBSxOFFERS (e.g. 5x8)");
        }

        private static List<Duration> seconds(int... at) {
            return java.util.Arrays.stream(at).mapToObj(Duration::ofSeconds).toList();
        }
    }

    /** Sizes up to this many jobs get a referee ({@link Prover}): the proven optimum at both levels, where it ends. */
    public static final int REFEREE_MAX_JOBS = 80;

    /**
     * What the referee proved: the least unplanned priority (null if not proven) and the least cost at it (null if
     * not proven), and how long it took.
     */
    public record Reference(Long unplannedPriority, Long costCents, Duration took) {
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
     * @param peakHeapBytes      the most heap in use during the run, sampled every 20 ms
     * @param reference          the referee's proof (null where none ran)
     * @param movesPerSecond     the search's speed (the plan file does not keep it: it differs per run)
     */
    public record Result(Size size, long seed, int days, Duration firstFeasible, List<Duration> checkpoints,
                         List<Long> costAtCheckpoint, List<Boolean> worseAtCheckpoint, PlanDocument plan,
                         int unplannedWithOptions, long peakHeapBytes, long maxHeapBytes, Duration total,
                         Reference reference, long movesPerSecond) {
        public long unplannedPriority() {
            return plan.summary().unplannedPriority();
        }

        public long costCents() {
            return plan.totals().cost().movePointRight(2).longValueExact();
        }

        /** The plan's own certificate: its cost bound's gap (null if none). */
        public BigDecimal certifiedGap() {
            return plan.totals().lowerBound() == null ? null : plan.totals().lowerBound().gap();
        }

        /** Whether the plan's own certificate proves it optimal at both levels. */
        public boolean provenOptimal() {
            return plan.totals().lowerBound() != null && Boolean.TRUE.equals(plan.totals().lowerBound().provenOptimal());
        }

        /** Whether the plan leaves the referee's proven least priority unplanned (null: nothing proven). */
        public Boolean atLeastPriority() {
            return reference == null || reference.unplannedPriority() == null ? null
                    : unplannedPriority() == reference.unplannedPriority();
        }

        /** (cost − proven optimum) / proven optimum, where the plan is at the optimum's priority and it was proven. */
        public BigDecimal gapToOptimum() {
            if (!Boolean.TRUE.equals(atLeastPriority()) || reference.costCents() == null) {
                return null;
            }
            return reference.costCents() == 0 ? BigDecimal.ZERO : BigDecimal.valueOf(costCents() - reference.costCents())
                    .divide(BigDecimal.valueOf(reference.costCents()), 6, java.math.RoundingMode.HALF_UP);
        }
    }

    /** @param refereeCap the referee's wall-clock cap per level (zero: no referee) */
    public static Result run(Size size, long seed, int days, List<Duration> checkpoints, Duration refereeCap) {
        String text = size.text(seed, days);
        System.gc();
        Duration last = checkpoints.get(checkpoints.size() - 1);
        long launch = System.nanoTime();
        List<Sample> samples = java.util.Collections.synchronizedList(new ArrayList<>());
        Stopper stopper = new Stopper();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bench-stop");
            t.setDaemon(true);
            return t;
        });
        java.util.concurrent.atomic.AtomicLong peakHeap = new java.util.concurrent.atomic.AtomicLong();
        java.lang.management.MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        timer.scheduleAtFixedRate(() -> peakHeap.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max),
                0, 20, TimeUnit.MILLISECONDS);
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
                    new PlanDocument.Run(result.termination(), result.moves(), null), result.options(), result.certificate()), decisions);
            Duration total = Duration.ofNanos(System.nanoTime() - launch);
            HardMediumSoftScore finalScore = result.score();
            List<Long> costs = new ArrayList<>();
            List<Boolean> worse = new ArrayList<>();
            for (Duration c : checkpoints) {
                // The run ends at the last checkpoint with the solve's final plan (which may be CP-SAT's, adopted as
                // the solve ends).
                Sample s = c.equals(last) ? new Sample(c, finalScore) : bestAt(samples, c);
                costs.add(s == null || s.score().hardScore() != 0 ? null : -s.score().softScore());
                worse.add(s != null && s.score().mediumScore() < finalScore.mediumScore());
            }
            java.util.Set<String> placed = decisions.placements().stream().map(p -> p.job()).collect(java.util.stream.Collectors.toSet());
            int unplannedWithOptions = (int) result.options().stream()
                    .filter(jo -> !jo.options().isEmpty() && !placed.contains(jo.job().id())).count();
            Sample first = samples.stream().filter(s -> s.score().hardScore() == 0).findFirst().orElse(null);
            long peak = peakHeap.get();
            Reference reference = size.jobs() <= REFEREE_MAX_JOBS && !refereeCap.isZero()
                    ? referee(problem, result.options(), refereeCap) : null;
            return new Result(size, seed, days, first == null ? null : first.at(), checkpoints, costs, worse, plan,
                    unplannedWithOptions, peak, Runtime.getRuntime().maxMemory(), total, reference, result.moveSpeed());
        } catch (InputErrors e) {
            throw new IllegalStateException("the generator wrote an invalid problem:\n" + e.getMessage(), e);
        } finally {
            timer.shutdownNow();
        }
    }

    private static Reference referee(Problem problem, List<JobOptions> options, Duration cap) {
        long started = System.nanoTime();
        Prover.Proof proof = Prover.prove(problem, options, cap);
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        if (!proof.priorityProven()) {
            return new Reference(null, null, took);
        }
        Evaluation e = PlanEvaluator.evaluate(problem, proof.plan());
        return new Reference(e.unplannedPriority(), proof.costProven() ? e.costCents() : null, took);
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
}
