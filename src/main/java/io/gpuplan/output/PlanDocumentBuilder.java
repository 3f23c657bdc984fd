package io.gpuplan.output;

import io.gpuplan.output.PlanDocument.Assignment;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Problem;
import io.gpuplan.rules.Decisions;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.rules.OwnedResult;
import io.gpuplan.rules.ReservationResult;
import io.gpuplan.rules.RuleReport;
import io.gpuplan.rules.Totals;
import io.gpuplan.rules.UnplannedReasons;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import io.gpuplan.solve.Baselines;
import io.gpuplan.solve.LowerBound;
import io.gpuplan.solve.bounds.Certificate;
import io.gpuplan.risk.MonteCarlo;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Builds the plan document from a plan's decisions; every number comes from the rule checks ({@link PlanEvaluator}). */
public final class PlanDocumentBuilder {
    private PlanDocumentBuilder() {
    }

    /** What the document needs besides the decisions: where the problem came from and how it was solved. */
    /** @param certificate what the solve proved about the plan (null: nothing; {@code verify} passes the plan's own) */
    /**
     * @param withoutIt R27: per opened provider, the best plan found without it (the solve's re-solves; {@code verify}
     *                  passes the plan's own, a search result it does not re-run)
     */
    public record Context(Problem problem, PlanDocument.ProblemRef problemRef, PlanDocument.SolverRef solver,
                          PlanDocument.Run run, List<JobOptions> options, Certificate certificate,
                          Map<String, PlanDocument.WithoutIt> withoutIt) {
        public Context(Problem problem, PlanDocument.ProblemRef problemRef, PlanDocument.SolverRef solver,
                       PlanDocument.Run run, List<JobOptions> options, Certificate certificate) {
            this(problem, problemRef, solver, run, options, certificate, Map.of());
        }

        public Context {
            withoutIt = withoutIt == null ? Map.of() : Map.copyOf(withoutIt);
        }
    }

    public static PlanDocument build(Context c, Decisions decisions) {
        return build(c, PlanEvaluator.evaluate(c.problem(), decisions));
    }

    /** The document of a plan already evaluated against {@code c.problem()} (verify has it at hand). */
    public static PlanDocument build(Context c, Evaluation e) {
        // The Monte Carlo is the longest single-threaded part (10,000 runs of every spot job, its own seeded
        // generator, nothing shared but the immutable evaluation): it runs beside the rest of the document.
        CompletableFuture<PlanDocument.Risk> risk = CompletableFuture.supplyAsync(() -> risk(c, e), PlanDocumentBuilder::besides);
        Map<String, String> reasons = UnplannedReasons.explain(e, c.options());
        List<Assignment> assignments = e.jobs().stream().map(j -> assignment(c.problem(), j, reasons)).toList();
        int planned = (int) e.jobs().stream().filter(JobResult::planned).count();
        long plannedPriority = e.plannedPriority();
        PlanDocument.Totals totals = totals(c, e);
        List<PlanDocument.ConstraintReport> constraints = RuleReport.build(e, c.options()).stream()
                .map(r -> new PlanDocument.ConstraintReport(r.constraint(), r.level(), r.matches(), r.impactText(),
                        r.binding().isEmpty() ? null : r.binding())).toList();
        return new PlanDocument(PlanDocument.FORMAT, c.problem().name(), c.problemRef(), c.solver(), e.score(),
                e.feasible(), c.problem().currency(),
                new PlanDocument.Summary(e.jobs().size(), planned, e.jobs().size() - planned, plannedPriority,
                        e.unplannedPriority()),
                e.reservations().stream().map(r -> reservation(r, c.problem().horizon().hours())).toList(),
                e.owned().isEmpty() ? null : e.owned().stream().map(r -> owned(r, c.problem().horizon())).toList(),
                blocks(c.problem(), e), providers(c, e), assignments, totals, joined(risk), constraints,
                PriceProvenance.of(c.problem(), e), c.run(), horizon(c.problem().horizon()), previousRef(c.problem()),
                CarriedPools.of(c.problem(), e));
    }

    /** The horizon the plan is for (R1), so a next quarter can continue it (R31). */
    static PlanDocument.Horizon horizon(Horizon h) {
        return new PlanDocument.Horizon(h.start().toString(), h.end().toString(), h.slot().toString());
    }

    /** R31: the previous plan this one continues, or null. */
    private static PlanDocument.PreviousRef previousRef(Problem p) {
        return p.previous().present() ? new PlanDocument.PreviousRef(p.previous().plan(), p.previous().sha256()) : null;
    }

    /** Runs a part of the document on a thread of its own (a daemon: it never keeps the command alive). */
    private static void besides(Runnable part) {
        Thread t = new Thread(part, "plan-document-risk");
        t.setDaemon(true);
        t.start();
    }

    /** The part's result, or what it threw, as if it had run here. */
    private static <T> T joined(CompletableFuture<T> part) {
        try {
            return part.join();
        } catch (CompletionException ex) {
            if (ex.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (ex.getCause() instanceof Error err) {
                throw err;
            }
            throw ex;
        }
    }

    private static Assignment assignment(Problem p, JobResult j, Map<String, String> reasons) {
        var job = j.job();
        String kind = job.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        if (!j.planned()) {
            return new Assignment(job.id(), kind, job.priority(), "unplanned", null, null, null, null, null, null, null,
                    null, null, null, null, null, null, null, null, null, null, null, reasons.get(job.id()));
        }
        var o = j.offer();
        Option opt = j.option();
        if (o == null || opt == null) {
            return new Assignment(job.id(), kind, job.priority(), "invalid", j.placement().offer(), null, null, null,
                    null, null, j.placement().gpus(), null, null, null, null, null, j.placement().startSlot(), null,
                    null, null, null, null, j.breaches().toString());
        }
        Horizon h = p.horizon();
        boolean stored = job.dataset() != null && job.dataset().stored();
        return new Assignment(job.id(), kind, job.priority(), "planned", o.id(), o.provider(), o.region(),
                o.jurisdiction(), o.accelerator().name(), o.purchase().label(), opt.gpus(), opt.billedGpus(),
                opt.instances(), opt.gpusPerReplica() > 0 ? opt.gpusPerReplica() : null,
                Numbers.slotTime(h, j.startSlot()), Numbers.slotTime(h, j.endSlot()), j.startSlot(), opt.durationSlots(),
                new PlanDocument.Hours(Numbers.measure(opt.computeHours()), Numbers.measure(opt.expectedHours()),
                        Numbers.measure(opt.confidenceHours()), Numbers.exact(o.isSpot() && !job.isServing()
                        ? job.deadlineConfidence() : 1.0), opt.interruptionsAtConfidence()),
                opt.migrated(),
                new PlanDocument.Price(Numbers.exact(o.price()), o.currency(), Numbers.measure(o.priceInBase())),
                new PlanDocument.Cost(Numbers.money(opt.computeCents()), Numbers.money(opt.transferCents()),
                        stored ? Numbers.money(opt.storageCents()) : null, Numbers.money(opt.migrationCents()),
                        o.isOwned() ? Numbers.money(opt.powerCents()) : null,
                        Numbers.money(opt.totalCents()), stored ? storedAt(job.dataset(), o) : null,
                        o.isBlock() ? Numbers.money(opt.blockCents()) : null,
                        opt.churnCents() > 0 ? Numbers.money(opt.churnCents()) : null),
                null, o.isBlock() ? block(h, j) : null, continuing(p, job, opt));
    }

    /** R30: the block a job on a block offer runs in, from its start for the option's length in days. */
    private static PlanDocument.Block block(Horizon h, JobResult j) {
        Option opt = j.option();
        return new PlanDocument.Block(opt.blockDays(), Numbers.slotTime(h, j.startSlot()), blockEnd(h, j),
                Numbers.measure(io.gpuplan.sizing.CapacityBlocks.hours(opt.blockDays())), opt.billedGpus());
    }

    /** When a job's block ends: its start plus the block's days (possibly after the horizon), written as slots are. */
    private static String blockEnd(Horizon h, JobResult j) {
        var t = h.slotStart(j.startSlot()).plusDays(j.option().blockDays());
        return h.slotHours() % 24 == 0 ? t.toLocalDate().toString() : t.toString();
    }

    /** R30: every capacity block the plan buys, in job order; null when the problem has no block offer. */
    private static List<PlanDocument.BlockPurchase> blocks(Problem p, Evaluation e) {
        if (p.offers().stream().noneMatch(io.gpuplan.problem.Offer::isBlock)) {
            return null;
        }
        Horizon h = p.horizon();
        return e.jobs().stream().filter(j -> j.planned() && j.option() != null && j.offer().isBlock()).map(j -> {
            var o = j.offer();
            Option opt = j.option();
            return new PlanDocument.BlockPurchase(j.job().id(), o.id(), o.provider(), o.region(), o.accelerator().name(),
                    opt.billedGpus(), opt.blockDays(), Numbers.slotTime(h, j.startSlot()), blockEnd(h, j),
                    Numbers.measure(io.gpuplan.sizing.CapacityBlocks.hours(opt.blockDays())), Numbers.exact(o.price()),
                    o.currency(), Numbers.money(opt.blockCents()));
        }).toList();
    }

    /** R31.2: where a job still running from the previous plan ran, and whether it stayed there; else null. */
    private static PlanDocument.Continuing continuing(Problem p, io.gpuplan.problem.Job job, Option opt) {
        var c = p.previous().continuation(job.id());
        return c == null ? null : new PlanDocument.Continuing(c.offer(), c.billedGpus(),
                io.gpuplan.sizing.Continuing.stays(c, opt.offer(), opt.billedGpus()));
    }

    /** R26: "tier at provider/region" for the dataset's own location, then for the offer's when elsewhere. */
    private static List<String> storedAt(io.gpuplan.problem.Dataset d, io.gpuplan.problem.Offer o) {
        String tier = d.tier().label() + " at ";
        return d.location().equals(o.location()) ? List.of(tier + d.location())
                : List.of(tier + d.location(), tier + o.location() + " (copy while it runs)");
    }

    private static PlanDocument.Reservation reservation(ReservationResult r, double horizonHours) {
        var o = r.offer();
        return new PlanDocument.Reservation(o.id(), o.provider(), o.region(), o.accelerator().name(), r.gpus(),
                r.peakGpus(), Numbers.exact(o.price()), o.currency(), Numbers.measure(horizonHours),
                Numbers.money(r.horizonCents()), Numbers.measure(r.utilization()), o.termMonths(),
                Numbers.measure(r.hoursPastHorizon()), Numbers.money(r.pastHorizonCents()),
                Numbers.measure(r.expectedUse()), r.expectedUseBy(), Numbers.money(r.strandedCents()));
    }

    private static PlanDocument.Owned owned(OwnedResult r, Horizon h) {
        var o = r.offer();
        return new PlanDocument.Owned(o.id(), o.provider(), o.region(), o.accelerator().name(), r.gpus(), r.peakGpus(),
                Numbers.exact(o.owned().purchasePrice()), o.currency(), o.owned().depreciationMonths(),
                Numbers.measure(o.priceInBase()), Numbers.measure(h.hours()), Numbers.money(r.outlayCents()),
                Numbers.money(r.depreciationCents()), Numbers.money(r.operationsCents()), Numbers.money(r.powerCents()),
                Numbers.money(r.horizonCents()), Numbers.measure(r.utilization()), Numbers.slotTime(h, r.firstSlot()),
                r.firstSlot());
    }

    private static PlanDocument.Totals totals(Context c, Evaluation e) {
        Totals t = e.totals();
        long pastHorizon = e.reservations().stream().mapToLong(ReservationResult::pastHorizonCents).sum();
        Long outlay = e.owned().isEmpty() ? null : e.owned().stream().mapToLong(OwnedResult::outlayCents).sum();
        return new PlanDocument.Totals(Numbers.money(t.cents()), money(t.byCategory(), k -> k),
                money(t.byProvider(), k -> k), money(t.byPurchaseModel(), k -> k), money(t.byMonth(), Object::toString),
                money(t.byAccelerator(), k -> k), Numbers.money(pastHorizon),
                // R29: only where the problem has reserved offers, so other plans stay as they were.
                e.reservations().isEmpty() ? null
                        : Numbers.money(e.reservations().stream().mapToLong(ReservationResult::strandedCents).sum()),
                outlay == null ? null : Numbers.money(outlay), budget(c.problem(), t),
                bound(c, e), baselines(c, e));
    }

    private static PlanDocument.Budget budget(Problem p, Totals t) {
        if (p.budget().isEmpty()) {
            return null;
        }
        PlanDocument.Cap total = p.budget().total() == null ? null : cap(Money.cents(p.budget().total()), t.cents());
        Map<String, PlanDocument.Cap> by = new TreeMap<>();
        p.budget().byProvider().forEach((provider, capValue) ->
                by.put(provider, cap(Money.cents(capValue), t.byProvider().getOrDefault(provider, 0L))));
        return new PlanDocument.Budget(total, by.isEmpty() ? null : by);
    }

    private static PlanDocument.Cap cap(long cap, long used) {
        return new PlanDocument.Cap(Numbers.money(cap), Numbers.money(used), Numbers.money(cap - used));
    }

    private static PlanDocument.Bound bound(Context c, Evaluation e) {
        Set<String> planned = e.jobs().stream().filter(JobResult::planned).map(j -> j.job().id()).collect(Collectors.toSet());
        Set<String> all = e.jobs().stream().map(j -> j.job().id()).collect(Collectors.toSet());
        Certificate cert = c.certificate() != null ? c.certificate() : Certificate.unavailable("no certificate for this plan");
        long unplanned = e.unplannedPriority();
        long cost = e.costCents();
        long slack = Certificate.slackCents(c.problem());
        return new PlanDocument.Bound(cert.statement(unplanned, cost, slack), cert.unplannedAtLeast(),
                cert.unplannedProven(unplanned), cert.unplannedBy(), cert.costBound() < 0 ? null : Numbers.money(cert.costBound()),
                cert.gap(unplanned, cost, slack), cert.costBy(), cert.provenOptimal(unplanned, cost, slack),
                Numbers.money(LowerBound.r24(c.options(), planned)), Numbers.money(LowerBound.r24(c.options(), all)),
                cert.startedFrom(), cert.note());
    }

    /**
     * R27: the providers the plan opens, each with what it bills before support, its fixed cost, its support (and by
     * month), and the best plan found without it; null when the problem states no provider overhead.
     */
    private static List<PlanDocument.Provider> providers(Context c, Evaluation e) {
        if (!c.problem().overheads().stated()) {
            return null;
        }
        List<PlanDocument.Provider> out = new java.util.ArrayList<>();
        for (String provider : e.openedProviders()) {
            long support = e.overheadCents(io.gpuplan.rules.CostLine.Kind.SUPPORT, provider);
            long fixed = e.overheadCents(io.gpuplan.rules.CostLine.Kind.PROVIDER_FIXED, provider);
            long bills = e.costLines().stream().filter(l -> provider.equals(l.provider())
                    && l.kind() != io.gpuplan.rules.CostLine.Kind.SUPPORT).mapToLong(io.gpuplan.rules.CostLine::cents).sum();
            Map<String, BigDecimal> byMonth = new TreeMap<>();
            e.costLines().stream().filter(l -> l.kind() == io.gpuplan.rules.CostLine.Kind.SUPPORT && l.source().equals(provider))
                    .forEach(l -> l.byMonth().forEach((m, cents) -> byMonth.put(m.toString(), Numbers.money(cents))));
            out.add(new PlanDocument.Provider(provider, Numbers.money(bills), Numbers.money(fixed), Numbers.money(support),
                    byMonth.isEmpty() ? null : byMonth, Numbers.money(fixed + support), c.withoutIt().get(provider)));
        }
        return out;
    }

    /** R27's "without it" figures a plan states ({@code verify} takes them as given: they are search results). */
    public static Map<String, PlanDocument.WithoutIt> withoutItOf(PlanDocument plan) {
        Map<String, PlanDocument.WithoutIt> out = new TreeMap<>();
        if (plan.providers() != null) {
            plan.providers().stream().filter(p -> p.provider() != null && p.withoutIt() != null)
                    .forEach(p -> out.put(p.provider(), p.withoutIt()));
        }
        return out;
    }

    /** The certificate a plan document states (what {@code verify} takes as given, and checks for consistency). */
    public static Certificate certificateOf(PlanDocument plan) {
        PlanDocument.Bound b = plan.totals() == null ? null : plan.totals().lowerBound();
        if (b == null || b.unplannedPriorityAtLeast() == null) {
            return null;
        }
        return new Certificate(b.unplannedPriorityAtLeast(), b.unplannedPriorityBy(),
                b.best() == null ? -1 : b.best().movePointRight(2).longValueExact(), b.bestBy(), b.startedFrom(), b.note());
    }

    private static PlanDocument.Risk risk(Context c, Evaluation e) {
        long seed = c.solver() == null ? 42 : c.solver().seed();
        MonteCarlo.Result mc = MonteCarlo.simulate(e, seed, MonteCarlo.DEFAULT_RUNS);
        List<PlanDocument.SpotJobRisk> jobs = mc.spotJobs().stream().map(r -> new PlanDocument.SpotJobRisk(
                r.job().job().id(), r.job().offer().id(), Numbers.measure(r.lambda()), Numbers.measure(r.loss()),
                Numbers.measure(r.expectedInterruptions()), Numbers.measure(r.hoursToDeadline()), r.tolerated(),
                Numbers.measure(r.missProbability()))).toList();
        return new PlanDocument.Risk("R10: each spot job has N ~ Poisson(lambda·W) interruptions, each losing L ="
                + " checkpointHours/2 + restartHours; it takes T + L·N hours, billed at that, and is late when they exceed"
                + " the hours from its start to its deadline; serving windows are not lengthened. Monte Carlo with the"
                + " solver's seed (Well19937c); P50 and P90 are sampled plan costs (inverse empirical CDF)",
                mc.seed(), mc.runs(), Numbers.money(mc.expectedCents()), Numbers.money(mc.p50Cents()),
                Numbers.money(mc.p90Cents()), Numbers.measure(mc.expectedMissed()), jobs);
    }

    /** R25 on the plan's own jobs: a saving is only stated between plans that run the same jobs. */
    private static Map<String, PlanDocument.Baseline> baselines(Context c, Evaluation plan) {
        Set<String> planned = plan.jobs().stream().filter(JobResult::planned).map(j -> j.job().id())
                .collect(Collectors.toSet());
        List<JobOptions> options = Baselines.ofJobs(c.options(), planned);
        Map<String, PlanDocument.Baseline> out = new LinkedHashMap<>();
        // R32.8: levels fixed before the horizon are paid by any plan, the baselines' too (they use no pool).
        out.put("greedy", baseline(c, plan, planned.size(), Baselines.greedy(c.problem(), options).withFixedLevels(c.problem()),
                "R25 on the plan's jobs: in deadline order, each on its cheapest on-demand or spot option that fits,"
                        + " earliest start"));
        out.put("allOnDemand", baseline(c, plan, planned.size(), Baselines.allOnDemand(options).withFixedLevels(c.problem()),
                "R25 on the plan's jobs: each on its cheapest on-demand option, capacity ignored"));
        return out;
    }

    private static PlanDocument.Baseline baseline(Context c, Evaluation plan, int planPlanned, Decisions d, String what) {
        Evaluation b = PlanEvaluator.evaluate(c.problem(), d);
        int planned = d.placements().size();
        int unplanned = b.jobs().size() - planned;
        if (planned != planPlanned) {
            // It cannot run some of the plan's jobs (no on-demand or spot option, or no capacity left): no figure.
            return new PlanDocument.Baseline(Numbers.money(b.costCents()), planned, unplanned, b.feasible(), null, null,
                    what + "; not comparable: it runs " + planned + " of the plan's " + planPlanned + " jobs");
        }
        long savings = b.costCents() - plan.costCents();
        BigDecimal percent = b.costCents() == 0 ? null
                : BigDecimal.valueOf(savings * 100).divide(BigDecimal.valueOf(b.costCents()), 2, RoundingMode.HALF_UP);
        return new PlanDocument.Baseline(Numbers.money(b.costCents()), planned, unplanned, b.feasible(),
                Numbers.money(savings), percent, what);
    }

    private static <K> Map<String, BigDecimal> money(Map<K, Long> in, Function<K, String> key) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        in.forEach((k, v) -> out.put(key.apply(k), Numbers.money(v)));
        return out;
    }
}
