package io.gpuplan.problem.file;

import io.gpuplan.problem.Accelerator;
import io.gpuplan.problem.AcceleratorTable;
import io.gpuplan.problem.Dataset;
import io.gpuplan.problem.FineTuneMethod;
import io.gpuplan.problem.GpuRange;
import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Limits;
import io.gpuplan.problem.JobKind;
import io.gpuplan.problem.Migration;
import io.gpuplan.problem.Precision;
import io.gpuplan.problem.Stack;
import io.gpuplan.problem.Work;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Checks and completes the {@code jobs:} list: work form (R9), memory (R7), dates (R2), eligibility lists. */
final class JobResolver {
    private final ProblemResolver.Checks c;
    private final AcceleratorTable table;
    private final Horizon horizon;
    private final LocalDate fileEnd;
    private final Map<String, Set<String>> groups;
    private final ThroughputKeys throughputKeys;
    private final io.gpuplan.problem.StorageTier defaultTier;

    /** @param defaultTier R26: the tier of a dataset that states none (hot with a storage: section, else null: none) */
    JobResolver(ProblemResolver.Checks c, AcceleratorTable table, Horizon horizon, LocalDate fileEnd,
                Map<String, Set<String>> groups, ThroughputKeys throughputKeys, io.gpuplan.problem.StorageTier defaultTier) {
        this.defaultTier = defaultTier;
        this.c = c;
        this.table = table;
        this.horizon = horizon;
        this.fileEnd = fileEnd;
        this.groups = groups;
        this.throughputKeys = throughputKeys;
    }

    /**
     * @param fixedCommitment R32.8: the problem fixes a committed level, so a plan without jobs still pays it (a
     *                        sweep's scenario in which no job happens); then the list may be empty
     */
    List<Job> resolve(List<JobFile> files, boolean fixedCommitment) {
        c.require(!files.isEmpty() || fixedCommitment, "jobs", "is empty", "at least one job");
        c.require(files.size() <= Limits.MAX_JOBS, "jobs", files.size() + " jobs", "at most " + Limits.MAX_JOBS);
        List<Job> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < files.size(); i++) {
            JobFile f = files.get(i);
            String p = "jobs[" + i + "]";
            // Also for a job with binding errors (already reported), so that fixing them reveals no new error.
            String id = f != null ? f.id() : c.text(p + ".id");
            if (id != null && c.require(!id.isBlank(), p + ".id", "is empty", "an id such as llm-13b-pretrain")) {
                c.require(ids.add(id), p + ".id", "duplicate job id \"" + id + "\"", "a unique id");
            }
            if (f == null) {
                continue;
            }
            Job j = resolve(f, p);
            if (j != null) {
                out.add(j);
            }
        }
        return out;
    }

    private Job resolve(JobFile f, String p) {
        Work work = resolveWork(f, p);
        Double paramsB = f.model() == null ? null : f.model().paramsB();
        Precision precision = f.model() == null || f.model().precision() == null ? Precision.BF16 : f.model().precision();
        if (paramsB != null) {
            c.positive(paramsB, p + ".model.paramsB");
            c.atMost(paramsB, Limits.MAX_PARAMS_B, p + ".model.paramsB", "at most " + lim(Limits.MAX_PARAMS_B) + " billion parameters");
        }
        c.positiveIfGiven(f.memoryGb(), p + ".memoryGb");
        c.atMost(f.memoryGb(), Limits.MAX_MEMORY_GB, p + ".memoryGb", "at most " + lim(Limits.MAX_MEMORY_GB) + " GB");
        // A measured throughput (form c) was measured on those accelerators, so it fits there (MODEL.md R7/R8).
        c.require(f.memoryGb() != null || paramsB != null || work instanceof Work.Throughput, p,
                "the job states neither memoryGb nor model.paramsB",
                "memoryGb: <GB>, or model: {paramsB: <billions>} to derive it (R7); only a job with a measured "
                        + "throughput (work: {units, throughputPerGpu}) may state neither");
        FineTuneMethod method = f.method() == null ? FineTuneMethod.FULL : f.method();
        c.require(f.method() == null || f.kind() == JobKind.FINE_TUNING, p + ".method",
                "only fine-tuning jobs have a method", "remove it, or make the job kind: fine-tuning");

        GpuRange gpus = resolveGpus(f, p);
        boolean serving = work instanceof Work.Serving;
        Dates dates = resolveDates(f, p, serving);
        if (!serving) {
            c.require(f.replicas() == null, p + ".replicas", "only inference serving jobs have replicas", "remove it");
            c.require(f.maxGpusPerReplica() == null, p + ".maxGpusPerReplica", "only inference serving jobs have replicas", "remove it");
        }
        c.fraction(f.utilization(), p + ".utilization", false, true, "a fraction in (0, 1], default 0.40");
        if (f.utilization() != null && f.utilization() > 0 && f.utilization() <= 1) { // else reported just above
            c.within(f.utilization(), Limits.MIN_FRACTION, 1, p + ".utilization", "a fraction from 0.001 to 1, default 0.40");
        }
        c.fraction(f.deadlineConfidence(), p + ".deadlineConfidence", false, false, "a probability in (0, 1), default 0.95");
        String hours = "at most " + lim(Limits.MAX_JOB_HOURS) + " hours";
        if (f.checkpointHours() != null) {
            c.positive(f.checkpointHours(), p + ".checkpointHours");
            c.atMost(f.checkpointHours(), Limits.MAX_JOB_HOURS, p + ".checkpointHours", hours);
        }
        if (f.restartHours() != null) {
            c.nonNegative(f.restartHours(), p + ".restartHours");
            c.atMost(f.restartHours(), Limits.MAX_JOB_HOURS, p + ".restartHours", hours);
        }
        if (f.priority() != null) {
            c.nonNegative(f.priority(), p + ".priority");
            c.atMost(f.priority(), Limits.MAX_PRIORITY, p + ".priority", "a priority up to " + lim(Limits.MAX_PRIORITY));
        }
        Set<String> residency = resolveResidency(f.residency(), p);
        Set<String> vendors = resolveVendors(f.vendors(), p);
        Stack stack = f.stack() == null ? Stack.CUDA : f.stack();
        Migration migration = resolveMigration(f, stack, p);
        Dataset dataset = resolveDataset(f, p);
        if (work == null || gpus == null || dates == null) {
            return null;
        }
        return new Job(f.id(), f.kind(), paramsB, precision, method, f.memoryGb(), work,
                f.utilization() == null ? 0.40 : f.utilization(), gpus, dates.earliest(), dates.deadline(),
                dates.windowStart(), dates.windowEnd(),
                Boolean.TRUE.equals(f.interruptible()), f.checkpointHours() == null ? 1.0 : f.checkpointHours(),
                f.restartHours() == null ? 0.5 : f.restartHours(),
                f.deadlineConfidence() == null ? 0.95 : f.deadlineConfidence(), residency, vendors, stack, migration,
                dataset, f.priority() == null ? 1 : f.priority());
    }

    /** Start, deadline and serving window (R2), checked against the horizon; null when the horizon itself is wrong. */
    private Dates resolveDates(JobFile f, String p, boolean serving) {
        if (horizon == null) {
            return null;
        }
        LocalDate earliest = f.earliest() == null ? horizon.start() : f.earliest();
        LocalDate deadline = f.deadline() == null ? horizon.end() : f.deadline();
        if (f.earliest() != null) {
            c.require(!earliest.isBefore(horizon.start()) && earliest.isBefore(horizon.end()), p + ".earliest",
                    "is " + earliest + ", outside the horizon" + (horizon.end().equals(fileEnd) ? ""
                            : " (its last whole " + horizon.slot() + " slot ends " + horizon.end() + ")"),
                    "a date from " + horizon.start() + " to before " + horizon.end());
        }
        if (f.deadline() != null) {
            c.require(!deadline.isAfter(fileEnd), p + ".deadline", "is " + deadline + ", after the horizon end " + fileEnd,
                    "a date up to " + fileEnd + " (deadlines are exclusive: finished by 00:00 that day)");
            c.require(deadline.isAfter(earliest), p + ".deadline", "is " + deadline + ", not after earliest " + earliest,
                    "a date after " + earliest);
        }
        LocalDate windowStart = null;
        LocalDate windowEnd = null;
        if (f.window() != null) {
            c.require(serving, p + ".window", "only inference serving jobs (no work form) have a window",
                    "remove it, or drop the work form");
            windowStart = f.window().start();
            windowEnd = f.window().end();
            c.require(windowEnd.isAfter(windowStart), p + ".window.end", "is not after window.start", "a date after " + windowStart);
            c.require(!windowStart.isBefore(horizon.start()) && windowStart.isBefore(horizon.end()), p + ".window.start",
                    "is " + windowStart + ", outside the horizon" + (horizon.end().equals(fileEnd) ? ""
                            : " (its last whole " + horizon.slot() + " slot ends " + horizon.end() + ")"),
                    "a date from " + horizon.start() + " to before " + horizon.end());
            c.require(!windowEnd.isAfter(fileEnd), p + ".window.end", "is after the horizon end " + fileEnd, "a date up to " + fileEnd);
        } else if (serving) {
            windowStart = horizon.start();
            windowEnd = horizon.end();
        }
        return new Dates(earliest, deadline, windowStart, windowEnd);
    }

    private record Dates(LocalDate earliest, LocalDate deadline, LocalDate windowStart, LocalDate windowEnd) {
    }

    /** Exactly one work form (R9), except inference serving which has none. */
    private Work resolveWork(JobFile f, String p) {
        WorkFile w = f.work() == null ? new WorkFile(null, null, null, null, null, null) : f.work();
        List<String> forms = new ArrayList<>();
        Double tokens = first(f.tokens(), w.tokens(), forms, "tokens");
        Double flops = first(f.flops(), w.flops(), forms, "flops");
        if (w.gpuHours() != null || w.accelerator() != null) {
            forms.add("work.gpuHours");
        }
        if (w.units() != null || w.throughputPerGpu() != null) {
            forms.add("work.units");
        }
        if (f.tokens() != null && w.tokens() != null || f.flops() != null && w.flops() != null) {
            c.error(p + ".work", "tokens/flops are given both at job level and under work", "state them once");
            return null;
        }
        if (forms.size() > 1) {
            c.error(p, "states two work forms (" + String.join(" and ", forms) + ")",
                    "exactly one of: tokens (with model.paramsB), flops, work: {gpuHours, accelerator}, work: {units, throughputPerGpu}");
            return null;
        }
        if (forms.isEmpty()) {
            if (f.kind() == JobKind.INFERENCE) {
                int replicas = f.replicas() == null ? 1 : f.replicas();
                c.positive(replicas, p + ".replicas");
                c.require(replicas <= Limits.MAX_REPLICAS, p + ".replicas", "is " + replicas + ", more than gpuplan plans for",
                        "at most " + Limits.MAX_REPLICAS);
                if (f.maxGpusPerReplica() != null) {
                    c.positive(f.maxGpusPerReplica(), p + ".maxGpusPerReplica");
                    c.require(f.maxGpusPerReplica() <= Limits.MAX_GPUS_PER_REPLICA, p + ".maxGpusPerReplica",
                            "is " + f.maxGpusPerReplica(), "at most " + Limits.MAX_GPUS_PER_REPLICA);
                }
                return new Work.Serving(replicas, f.maxGpusPerReplica());
            }
            c.error(p, "states no work form", "one of: tokens (with model.paramsB), flops, work: {gpuHours, accelerator}, "
                    + "work: {units, throughputPerGpu}; only inference serving jobs may have none");
            return null;
        }
        String wp = f.tokens() != null || f.flops() != null ? p : p + ".work";
        if (tokens != null) {
            c.positive(tokens, wp + ".tokens");
            boolean inRange = c.atMost(tokens, Limits.MAX_TOKENS, wp + ".tokens", "at most " + lim(Limits.MAX_TOKENS) + " tokens");
            if (f.model() == null || f.model().paramsB() == null) {
                c.error(p + ".model", "tokens need the model size", "model: {paramsB: <billions of parameters>}");
                return null;
            }
            if (!inRange || f.model().paramsB() > Limits.MAX_PARAMS_B) {
                return null; // already reported
            }
            double perToken = f.kind() == JobKind.TRAINING || f.kind() == JobKind.FINE_TUNING ? 6 : 2;
            return new Work.Flops(perToken * f.model().paramsB() * 1e9 * tokens);
        }
        if (flops != null) {
            c.positive(flops, wp + ".flops");
            c.atMost(flops, Limits.MAX_FLOPS, wp + ".flops", "at most " + lim(Limits.MAX_FLOPS) + " FLOPs");
            return new Work.Flops(flops);
        }
        if (forms.get(0).equals("work.gpuHours")) {
            boolean ok = c.require(w.gpuHours() != null, p + ".work.gpuHours", "missing", "GPU-hours on the reference accelerator");
            ok &= c.require(w.accelerator() != null, p + ".work.accelerator", "missing", "the accelerator the GPU-hours refer to");
            if (!ok) {
                return null;
            }
            c.positive(w.gpuHours(), p + ".work.gpuHours");
            c.atMost(w.gpuHours(), Limits.MAX_GPU_HOURS, p + ".work.gpuHours", "at most " + lim(Limits.MAX_GPU_HOURS) + " GPU-hours");
            Accelerator ref = table.find(w.accelerator()).orElse(null);
            if (ref == null) {
                c.knownName(w.accelerator(), table.all().keySet(), p + ".work.accelerator", "accelerator");
                return null;
            }
            return new Work.ReferenceHours(w.gpuHours(), ref);
        }
        boolean ok = c.require(w.units() != null, p + ".work.units", "missing", "the number of units to process");
        ok &= c.require(w.throughputPerGpu() != null && !w.throughputPerGpu().isEmpty(), p + ".work.throughputPerGpu",
                "missing", "units/second per GPU by accelerator, provider or offer id, e.g. {A100-80G: 475}");
        if (!ok) {
            return null;
        }
        c.positive(w.units(), p + ".work.units");
        c.atMost(w.units(), Limits.MAX_UNITS, p + ".work.units", "at most " + lim(Limits.MAX_UNITS) + " units");
        return throughputKeys.resolve(w.units(), w.throughputPerGpu(), p + ".work.throughputPerGpu");
    }

    private static String lim(double max) {
        return ProblemResolver.Checks.limit(max);
    }

    private static Double first(Double jobLevel, Double workLevel, List<String> forms, String name) {
        Double v = jobLevel != null ? jobLevel : workLevel;
        if (v != null) {
            forms.add(name);
        }
        return v;
    }

    private GpuRange resolveGpus(JobFile f, String p) {
        if (f.gpus() == null) {
            return new GpuRange(1, 1);
        }
        int min = f.gpus().min() == null ? 1 : f.gpus().min();
        int max = f.gpus().max() == null ? min : f.gpus().max();
        boolean ok = c.require(min >= 1, p + ".gpus.min", "is " + min, "at least 1");
        ok &= c.require(max >= min, p + ".gpus", "min " + min + " > max " + max, "min <= max");
        ok &= c.require(max <= Limits.MAX_GPUS_PER_JOB, p + ".gpus.max", "is " + max + ", more than gpuplan plans for",
                "at most " + Limits.MAX_GPUS_PER_JOB + " GPUs per job");
        return ok ? new GpuRange(min, max) : null;
    }

    private Set<String> resolveResidency(List<String> list, String p) {
        Set<String> out = new LinkedHashSet<>();
        if (list == null) {
            return out;
        }
        Set<String> known = new TreeSet<>(groups.keySet());
        for (int i = 0; i < list.size(); i++) {
            String j = list.get(i);
            if (groups.containsKey(j)) {
                out.addAll(groups.get(j));
            } else if (Jurisdictions.ISO_COUNTRIES.contains(j)) {
                out.add(j);
            } else {
                // A country written another way (cn, China) first, else a group's name misspelt.
                String guess = Jurisdictions.meant(j).or(() -> io.gpuplan.problem.yaml.DidYouMean.suggest(j, known))
                        .map(g -> " (did you mean \"" + g + "\"?)").orElse("");
                c.error(p + ".residency[" + i + "]", "unknown jurisdiction \"" + j + "\"" + guess,
                        "an ISO 3166 alpha-2 country code such as US or CN"
                                + (known.isEmpty() ? ", or a group defined under jurisdictionGroups" : ", or one of the groups " + known));
            }
        }
        c.require(!list.isEmpty(), p + ".residency", "is empty, so no offer could serve the job", "at least one jurisdiction, or no residency field");
        return out;
    }

    private Set<String> resolveVendors(List<String> list, String p) {
        Set<String> out = new LinkedHashSet<>();
        if (list == null) {
            return out;
        }
        Set<String> known = new TreeSet<>();
        table.all().values().forEach(a -> known.add(a.vendor()));
        for (int i = 0; i < list.size(); i++) {
            String v = list.get(i).toLowerCase(Locale.ROOT);
            if (c.knownName(v, known, p + ".vendors[" + i + "]", "vendor")) {
                out.add(v);
            }
        }
        return out;
    }

    private Migration resolveMigration(JobFile f, Stack stack, String p) {
        MigrationFile m = f.migration();
        if (m == null) {
            return null;
        }
        c.require(m.to() != stack, p + ".migration.to", "is the job's own stack " + m.to().name().toLowerCase(Locale.ROOT),
                "another stack: " + String.join(", ", List.of("cuda", "cann", "rocm")));
        double cost = m.cost() == null ? 0 : m.cost();
        double weeks = m.weeks() == null ? 0 : m.weeks();
        double perf = m.performance() == null ? 1.0 : m.performance();
        c.nonNegative(cost, p + ".migration.cost");
        c.nonNegative(weeks, p + ".migration.weeks");
        c.atMost(cost, Limits.MAX_AMOUNT, p + ".migration.cost", "an amount up to " + lim(Limits.MAX_AMOUNT) + " in the base currency");
        c.atMost(weeks, Limits.MAX_MIGRATION_WEEKS, p + ".migration.weeks", "at most " + lim(Limits.MAX_MIGRATION_WEEKS) + " weeks");
        c.require(perf >= Limits.MIN_FRACTION && perf <= 2, p + ".migration.performance", "is " + ProblemResolver.Checks.fmt(perf),
                "a factor such as 0.85 (from 0.001 to 2)");
        return new Migration(m.to(), cost, weeks, perf);
    }

    private Dataset resolveDataset(JobFile f, String p) {
        DatasetFile d = f.dataset();
        if (d == null) {
            return null;
        }
        c.nonNegative(d.sizeGb(), p + ".dataset.sizeGb");
        c.atMost(d.sizeGb(), Limits.MAX_DATASET_GB, p + ".dataset.sizeGb", "at most " + lim(Limits.MAX_DATASET_GB) + " GB");
        String[] parts = d.location().split("/", -1);
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
            c.error(p + ".dataset.location", "\"" + d.location() + "\" is not provider/region", "e.g. aws/us-east-1");
            return null;
        }
        return new Dataset(d.sizeGb(), parts[0].trim(), parts[1].trim(), d.tier() != null ? d.tier() : defaultTier);
    }
}
