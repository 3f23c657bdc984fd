package io.gpuplan.solve.bounds;

import io.gpuplan.problem.Horizon;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.ProviderCharge;
import io.gpuplan.sizing.Reservations;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the two {@link Relaxation}s: time-indexed (a column per option and start, a capacity row per offer and slot:
 * tight, and what the exact MIP solves) where it is small enough, else aggregated (a column per option, rows for each
 * offer's GPU-slots over the horizon and for the slots an option occupies whatever its start: looser, but a fraction
 * of the size).
 */
final class Relaxations {
    /** Above this many matrix entries the time-indexed relaxation is not built (about 12 bytes each). */
    static final long MAX_TIME_INDEXED_ENTRIES = 6_000_000;

    private Relaxations() {
    }

    /** The matrix entries the time-indexed relaxation would have, to decide before building it. */
    static long timeIndexedEntries(List<JobOptions> options) {
        long entries = 0;
        for (JobOptions jo : options) {
            for (Option o : jo.options()) {
                if (o.offer().limitsGpusInUse()) {
                    entries += (long) (o.latestStart() - o.earliestStart() + 1) * (o.durationSlots() + 2);
                }
            }
        }
        return entries;
    }

    static final String TIME_INDEXED = "time-indexed";
    static final String AGGREGATED = "aggregated";

    /**
     * The time-indexed model. R29 is in both relaxations, linear (u by default: each job's share comes off its pool's
     * idle commitment; never clamped at 0, so never above the rule's figure): leaving it out would keep the bounds
     * valid but weak wherever reservations run past the horizon (a 60-job quarter's certificate said "within 33 %"
     * of a plan the referee proves optimal; with R29 in, 7 %).
     */
    static Relaxation timeIndexed(Problem problem, List<JobOptions> options) {
        return new Builder(problem, options, true).build();
    }

    static Relaxation aggregated(Problem problem, List<JobOptions> options) {
        return new Builder(problem, options, false).build();
    }

    private static final class Builder {
        final Problem problem;
        final List<JobOptions> jobs;
        final boolean timeIndexed;
        final int slots;
        final List<Double> rhs = new ArrayList<>();
        final List<Boolean> budgetRow = new ArrayList<>();
        /** Per tracked offer: the row of each slot (time-indexed), or of its horizon GPU-slots (aggregated). */
        final Map<Offer, int[]> slotRow = new HashMap<>();
        final Map<Offer, Integer> horizonRow = new HashMap<>();
        /** Aggregated: per offer, the rows of the slots each option occupies whatever its start. */
        final Map<Option, List<Integer>> mandatoryRows = new HashMap<>();
        final Map<Offer, List<Option>> onOffer = new HashMap<>();
        int totalRow = -1;
        final Map<String, Integer> providerRow = new LinkedHashMap<>();
        int[] entryRow = new int[1024];
        double[] entryCoef = new double[1024];
        int entries;
        int[] entryFirst = new int[256];
        double[] cost = new double[256];
        Option[] option = new Option[256];
        int[] start = new int[256];
        int columns;

        Builder(Problem problem, List<JobOptions> options, boolean timeIndexed) {
            this.problem = problem;
            this.jobs = options.stream().filter(jo -> !jo.options().isEmpty()).toList();
            this.timeIndexed = timeIndexed;
            this.slots = problem.horizon().slots();
        }

        private int row(double limit, boolean budget) {
            rhs.add(limit);
            budgetRow.add(budget);
            return rhs.size() - 1;
        }

        Relaxation build() {
            Set<Offer> used = new LinkedHashSet<>();
            jobs.forEach(jo -> jo.options().forEach(o -> {
                used.add(o.offer());
                onOffer.computeIfAbsent(o.offer(), k -> new ArrayList<>()).add(o);
            }));
            for (Offer offer : used) {
                if (!offer.limitsGpusInUse()) {
                    continue;
                }
                double cap = offer.isCommitted() ? 0 : offer.maxGpus();
                if (timeIndexed) {
                    int[] rows = new int[slots];
                    for (int t = 0; t < slots; t++) {
                        rows[t] = row(cap, false);
                    }
                    slotRow.put(offer, rows);
                } else {
                    horizonRow.put(offer, row(cap * slots, false));
                    mandatory(offer, cap);
                }
            }
            if (problem.budget().total() != null) {
                totalRow = row(Money.cents(problem.budget().total()), true);
            }
            problem.budget().byProvider().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> providerRow.put(e.getKey(), row(Money.cents(e.getValue()), true)));
            int[] jobFirst = new int[jobs.size() + 1];
            long[] priority = new long[jobs.size()];
            for (int j = 0; j < jobs.size(); j++) {
                jobFirst[j] = columns;
                priority[j] = jobs.get(j).job().priority();
                for (Option o : undominated(jobs.get(j).options())) {
                    boolean perStart = timeIndexed && o.offer().limitsGpusInUse();
                    for (int s = o.earliestStart(); s <= (perStart ? o.latestStart() : o.earliestStart()); s++) {
                        jobColumn(o, perStart ? s : -1);
                    }
                }
            }
            jobFirst[jobs.size()] = columns;
            List<Double> limits = new ArrayList<>();
            List<Offer> pools = new ArrayList<>();
            for (Offer offer : used) {
                if (offer.isCommitted()) {
                    limits.add(poolColumn(offer));
                    pools.add(offer);
                }
            }
            int jobColumns = jobFirst[jobs.size()];
            grow(columns + 1);
            entryFirst[columns] = entries;
            return new Relaxation(jobs.size(), jobFirst, priority, Arrays.copyOf(option, jobColumns),
                    Arrays.copyOf(start, jobColumns), Arrays.copyOf(cost, columns), Arrays.copyOf(entryFirst, columns + 1),
                    Arrays.copyOf(entryRow, entries), Arrays.copyOf(entryCoef, entries), pools.toArray(new Offer[0]),
                    limits.stream().mapToDouble(Double::doubleValue).toArray(),
                    rhs.stream().mapToDouble(Double::doubleValue).toArray(), toArray(budgetRow),
                    timeIndexed ? TIME_INDEXED : AGGREGATED);
        }

        /**
         * The job's options less those on untracked offers that another such option dominates: it costs no less and
         * charges no less to every budgeted provider. Their columns only differ in cost and budget entries, so for
         * any multipliers {@code v >= 0} a dominated column prices no lower and the Lagrangian is the same without
         * it (as is the LP's optimum); at L this removes most columns.
         */
        private List<Option> undominated(List<Option> options) {
            List<Option> kept = new ArrayList<>();
            List<Option> free = new ArrayList<>();
            for (Option o : options) {
                (o.offer().limitsGpusInUse() ? kept : free).add(o);
            }
            free.sort(Comparator.comparingLong(Option::totalCents));
            List<long[]> frontier = new ArrayList<>();
            for (Option o : free) {
                long[] charges = budgetedCharges(o);
                if (frontier.stream().noneMatch(f -> atMost(f, charges))) {
                    frontier.add(charges);
                    kept.add(o);
                }
            }
            return kept;
        }

        /** Per budgeted provider (in row order), what the option charges it. */
        private long[] budgetedCharges(Option o) {
            long[] charges = new long[providerRow.size()];
            int i = 0;
            for (String provider : providerRow.keySet()) {
                for (ProviderCharge c : o.providerCharges()) {
                    if (c.provider().equals(provider)) {
                        charges[i] += c.cents();
                    }
                }
                i++;
            }
            return charges;
        }

        private static boolean atMost(long[] a, long[] b) {
            for (int i = 0; i < a.length; i++) {
                if (a[i] > b[i]) {
                    return false;
                }
            }
            return true;
        }

        private void grow(int n) {
            if (n > cost.length) {
                int size = Math.max(n, cost.length * 2);
                entryFirst = Arrays.copyOf(entryFirst, size);
                cost = Arrays.copyOf(cost, size);
                option = Arrays.copyOf(option, size);
                start = Arrays.copyOf(start, size);
            }
        }

        private void column(double price, Option o, int s) {
            grow(columns + 1);
            entryFirst[columns] = entries;
            cost[columns] = price;
            option[columns] = o;
            start[columns] = s;
            columns++;
        }

        /**
         * R29 with u by default, linear: the job's GPU-slots on a pool, at pastHours / slots × price, come off the
         * pool's idle commitment (whose instances pay all of it, see {@link #poolColumn}); 0 elsewhere.
         */
        private double strandedCredit(Option o) {
            return o.offer().isReserved()
                    ? (double) o.billedGpus() * o.durationSlots() * Reservations.strandedCentsPerIdleGpuSlot(o.offer(), problem.horizon())
                    : 0;
        }

        private void jobColumn(Option o, int s) {
            double credit = strandedCredit(o);
            column(o.totalCents() - credit, o, s);
            if (s >= 0) {
                int[] rows = slotRow.get(o.offer());
                for (int t = s; t < s + o.durationSlots(); t++) {
                    entry(rows[t], o.billedGpus());
                }
            } else if (horizonRow.containsKey(o.offer())) {
                entry(horizonRow.get(o.offer()), (double) o.billedGpus() * o.durationSlots());
                mandatoryRows.getOrDefault(o, List.of()).forEach(r -> entry(r, o.billedGpus()));
            }
            if (totalRow >= 0) {
                entry(totalRow, o.totalCents() - credit);
            }
            // Compute and egress may be billed by the same provider: one entry per row.
            Map<Integer, Double> byRow = new LinkedHashMap<>();
            if (credit != 0 && providerRow.get(o.offer().provider()) != null) {
                byRow.put(providerRow.get(o.offer().provider()), -credit);
            }
            for (ProviderCharge c : o.providerCharges()) {
                Integer r = providerRow.get(c.provider());
                if (r != null) {
                    byRow.merge(r, (double) c.cents(), Double::sum);
                }
            }
            byRow.forEach((r, cents) -> entry(r, cents));
        }

        /**
         * Instances bought on a reserved offer: they cost their horizon price (R18) and R29's part by level (u stated:
         * {@code (1 − u) × pastHours × price} per GPU; by default all of it, the jobs' use taking its share off), and
         * give their GPUs to its rows.
         */
        private double poolColumn(Offer offer) {
            Horizon h = problem.horizon();
            double share = offer.expectedUse() != null ? 1 - offer.expectedUse().fraction() : 1;
            double perInstance = offer.gpusPerInstance() * (h.hours() + share * Reservations.hoursPastHorizon(offer, h))
                    * offer.priceInBase() * 100;
            column(perInstance, null, -1);
            if (timeIndexed) {
                for (int r : slotRow.get(offer)) {
                    entry(r, -offer.gpusPerInstance());
                }
            } else {
                entry(horizonRow.get(offer), -(double) offer.gpusPerInstance() * slots);
                for (int r : poolMandatory.getOrDefault(offer, List.of())) {
                    entry(r, -offer.gpusPerInstance());
                }
            }
            if (totalRow >= 0) {
                entry(totalRow, perInstance);
            }
            Integer r = providerRow.get(offer.provider());
            if (r != null) {
                entry(r, perInstance);
            }
            return offer.isCapped() ? Math.floor((double) offer.maxGpus() / offer.gpusPerInstance()) : Double.POSITIVE_INFINITY;
        }

        final Map<Offer, List<Integer>> poolMandatory = new HashMap<>();

        /** Per slot, the options that occupy it whatever their start: one row per distinct set of them. */
        private void mandatory(Offer offer, double cap) {
            List<Option> here = onOffer.getOrDefault(offer, List.of());
            Map<Set<Option>, Integer> seen = new LinkedHashMap<>();
            for (int t = 0; t < slots; t++) {
                Set<Option> covering = new LinkedHashSet<>();
                for (Option o : here) {
                    if (o.latestStart() <= t && t < o.earliestStart() + o.durationSlots()) {
                        covering.add(o);
                    }
                }
                // Alone, an option always fits maxGpus (eligibility); on a pool it still sets a floor under what is bought.
                if ((covering.size() > 1 || covering.size() == 1 && offer.isCommitted()) && !seen.containsKey(covering)) {
                    int r = row(cap, false);
                    seen.put(covering, r);
                    covering.forEach(o -> mandatoryRows.computeIfAbsent(o, k -> new ArrayList<>()).add(r));
                    if (offer.isCommitted()) {
                        poolMandatory.computeIfAbsent(offer, k -> new ArrayList<>()).add(r);
                    }
                }
            }
        }

        private void entry(int row, double coef) {
            if (entries == entryRow.length) {
                entryRow = Arrays.copyOf(entryRow, entries * 2);
                entryCoef = Arrays.copyOf(entryCoef, entries * 2);
            }
            entryRow[entries] = row;
            entryCoef[entries] = coef;
            entries++;
        }

        private static boolean[] toArray(List<Boolean> list) {
            boolean[] out = new boolean[list.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = list.get(i);
            }
            return out;
        }
    }
}
