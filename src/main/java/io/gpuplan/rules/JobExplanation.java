package io.gpuplan.rules;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.Breach;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Money;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.sizing.OptionSizer;
import io.gpuplan.sizing.CommittedPools;
import io.gpuplan.sizing.Reservations;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code explain}: every way a job could run (each offer at each GPU count worth trying), ranked by cost, each with
 * the rule that rules it out or, for the eligible ones, its cost difference from the plan's choice and whether the
 * rest of the plan leaves it room (R21) and money (R22).
 */
public final class JobExplanation {
    private JobExplanation() {
    }

    /**
     * @param cents   the option's own cost (on a reserved offer: its own hours at the reserved price, as R24 counts
     *                it), or -1 when it cannot be sized (no throughput, spot never finishes)
     * @param verdict "chosen", "eligible: ...", or the rule that excludes it
     */
    public record Line(String offer, String purchase, int gpus, long cents, Long deltaCents, String verdict) {
    }

    /** Every GPU count on every offer ({@code explain --all}). */
    public static List<Line> explain(Problem problem, Evaluation plan, Job job) {
        return explain(problem, plan, job, true);
    }

    /**
     * @param all every GPU count worth trying on each offer; else one line per offer: the plan's choice, or the
     *            offer's cheapest option, or (when it has none) the count closest to being one for each rule
     */
    public static List<Line> explain(Problem problem, Evaluation plan, Job job, boolean all) {
        JobResult mine = plan.jobs().stream().filter(j -> j.job().equals(job)).findFirst().orElseThrow();
        long chosenCents = mine.planned() && mine.option() != null ? mine.option().totalCents() : -1;
        JobOptions eligible = OptionEnumerator.enumerate(problem, job);
        List<Line> out = new ArrayList<>();
        for (Offer offer : problem.offers()) {
            List<Breach> offerBreaches = OptionSizer.offerBreaches(job, offer);
            if (!offerBreaches.isEmpty()) {
                out.add(new Line(offer.id(), offer.purchase().label(), 0, -1, null, describe(offerBreaches)));
                continue;
            }
            for (int g : all ? OptionEnumerator.gpuCounts(job, offer) : bestCounts(eligible, mine, offer)) {
                out.add(line(problem, plan, mine, eligible, offer, g, chosenCents));
            }
        }
        out.sort(Comparator.comparing((Line l) -> l.cents() < 0).thenComparingLong(Line::cents)
                .thenComparing(Line::offer).thenComparingInt(Line::gpus));
        return out;
    }

    /** The counts shown for an offer by default: the chosen one, else its cheapest option, else its closest misses. */
    private static List<Integer> bestCounts(JobOptions eligible, JobResult mine, Offer offer) {
        if (mine.planned() && offer.equals(mine.offer())) {
            return List.of(mine.placement().gpus());
        }
        var cheapest = eligible.options().stream().filter(o -> o.offer().equals(offer))
                .min(Comparator.comparingLong((Option o) -> offer.isCommitted() ? o.boundCents() : o.totalCents()));
        if (cheapest.isPresent()) {
            return List.of(cheapest.get().gpus());
        }
        return eligible.exclusions().stream().filter(x -> x.offer().equals(offer) && x.gpus() > 0)
                .map(JobOptions.Exclusion::gpus).distinct().toList();
    }

    private static Line line(Problem problem, Evaluation plan, JobResult mine, JobOptions eligible, Offer offer, int g,
                             long chosenCents) {
        OptionSizer.Sizing s = OptionSizer.size(problem, mine.job(), offer, g);
        Option o = s.option();
        long cents = o == null ? -1 : offer.isCommitted() ? o.boundCents() : o.totalCents();
        Long delta = o == null || chosenCents < 0 ? null : cents - chosenCents;
        String verdict;
        if (!s.eligible()) {
            verdict = describe(s.breaches());
        } else if (mine.planned() && mine.offer() != null && mine.offer().equals(offer) && mine.placement().gpus() == g) {
            verdict = "chosen";
        } else if (!eligible.options().contains(o)) {
            verdict = "dominated: another GPU count on this offer is no slower and no dearer";
        } else {
            verdict = "eligible" + room(problem, plan, mine, o);
        }
        return new Line(offer.id(), offer.purchase().label(), g, cents, delta, verdict);
    }

    private static String describe(List<Breach> breaches) {
        return breaches.stream().map(b -> b.rule() + " " + b.rule().title() + ": " + b.reason()).collect(Collectors.joining("; "));
    }

    /** The verdict on an eligible option: where it would fit and what it would add, or what stops it. */
    private static String room(Problem problem, Evaluation plan, JobResult mine, Option o) {
        Fit fit = fit(problem, plan, mine, o);
        return fit.obstacle() != null ? ", but " + fit.obstacle()
                : ", fits from " + problem.horizon().slotStart(fit.start()).toLocalDate() + " and adds " + Money.format(fit.added())
                + (o.offer().isCommitted() ? reservedAdds(mine, o, fit) : "")
                + (o.offer().isBlock() ? " (a " + o.blockDays() + "-day capacity block of " + o.billedGpus()
                + " GPUs from then, paid upfront: R30)" : "");
    }

    /**
     * Why a reserved option adds other than its cost: the reservation is paid whether used or not (R18), so the
     * option adds the reservation's rise and its own transfer and migration, less what the job's current place costs.
     */
    private static String reservedAdds(JobResult mine, Option o, Fit fit) {
        long current = mine.planned() && mine.option() != null ? mine.option().totalCents() : 0;
        boolean owned = o.offer().isOwned();
        long r18 = fit.rise().cents() - fit.rise().stranded();
        StringBuilder sb = new StringBuilder(" = +").append(Money.format(r18))
                .append(owned ? " owned cards' rise (" : " reservation rise (")
                .append(fit.rise().from()).append(" → ").append(fit.rise().to())
                .append(owned ? " GPUs bought: depreciation and operations for the horizon)" : " GPUs for the horizon)");
        if (fit.rise().stranded() != 0) {
            sb.append(fit.rise().stranded() > 0 ? " +" : " −").append(Money.format(Math.abs(fit.rise().stranded())))
                    .append(" stranded commitment (R29)");
        }
        if (o.powerCents() != 0) {
            sb.append(" +").append(Money.format(o.powerCents())).append(" power");
        }
        if (o.totalCents() - o.powerCents() != 0) {
            sb.append(" +").append(Money.format(o.totalCents() - o.powerCents()))
                    .append(o.churnCents() > 0 ? " transfer, storage, migration and churn (R31)" : " transfer, storage and migration");
        }
        if (current != 0) {
            sb.append(" −").append(Money.format(current)).append(" its current place");
        }
        // The GPU-hours alone (billed GPUs × W × price): transfer, storage and migration are listed above as added.
        return sb.append("; its own GPU-hours (").append(Money.format(o.listCents()))
                .append(owned ? " at the cards' hourly depreciation and operations) are paid by the owned cards, used or not (R28)"
                        : " at the reserved price) are paid by the reservation, used or not (R18)").toString();
    }

    /**
     * An option tried with the other jobs where the plan puts them.
     *
     * @param obstacle null when it fits capacity and budgets; else the rule (R21, R22) and the numbers that stop it
     * @param added    what it would add to the plan's cost (with any rise of a reservation), when it has room
     * @param rise     on a reserved offer, how the GPUs bought would change and what that costs in the horizon
     */
    record Fit(String obstacle, int start, long added, Rise rise) {
    }

    /** R18: GPUs bought now and with the option placed, and the horizon cost of the difference. */
    /**
     * @param cents    R18's rise plus {@code stranded}
     * @param stranded R29: how the pool's stranded commitment changes with the option there (a job filling a pool
     *                 lowers it)
     */
    record Rise(int from, int to, long cents, long stranded) {
        static final Rise NONE = new Rise(0, 0, 0, 0);
    }

    static Fit fit(Problem problem, Evaluation plan, JobResult mine, Option o) {
        int[] used = plan.usage().get(o.offer().id()).clone();
        boolean placed = mine.planned() && mine.option() != null;
        if (placed && mine.offer().equals(o.offer())) {
            CapacityFit.occupy(used, mine.option(), mine.startSlot(), -mine.option().billedGpus());
        }
        int start = CapacityFit.earliestStart(o, used, o.offer().maxGpus());
        if (start < 0) {
            return new Fit("R21 capacity: " + o.offer().id() + " has no room for " + o.billedGpus()
                    + " GPUs in its window with the other jobs where they are", -1, 0, Rise.NONE);
        }
        Rise r = o.offer().isCommitted() ? reservationRise(problem, plan, o, start, used) : Rise.NONE;
        long rise = r.cents();
        // Per provider: what this option bills each provider, less what the job's current place bills it.
        Map<String, Long> delta = new java.util.TreeMap<>();
        o.providerCharges().forEach(c -> delta.merge(c.provider(), c.cents(), Long::sum));
        delta.merge(o.offer().provider(), rise, Long::sum);
        if (placed) {
            mine.option().providerCharges().forEach(c -> delta.merge(c.provider(), -c.cents(), Long::sum));
        }
        String provider = o.offer().provider();
        java.util.SortedSet<String> opened = plan.openedProviders();
        Integer maxProviders = problem.overheads().maxProviders();
        if (!opened.contains(provider) && maxProviders != null && opened.size() >= maxProviders) {
            return new Fit("R27 max providers: it would open " + provider + ", with " + opened.size() + " of at most "
                    + maxProviders + " providers open (" + String.join(", ", opened) + ")", start, 0, r);
        }
        Map<String, Long> support = new java.util.TreeMap<>();
        long overhead = overheadDelta(problem, plan, provider, delta, support);
        long added = o.totalCents() + rise + overhead - (placed ? mine.option().totalCents() : 0);
        support.forEach((p, c) -> delta.merge(p, c, Long::sum)); // support is billed by its provider (R22)
        Double total = problem.budget().total();
        if (total != null && plan.costCents() + added > Money.cents(total)) {
            return new Fit("R22 budget: it would add " + Money.format(added) + " with "
                    + Money.format(Money.cents(total) - plan.costCents()) + " left", start, added, r);
        }
        for (Map.Entry<String, Long> d : delta.entrySet()) {
            Double capValue = problem.budget().byProvider().get(d.getKey());
            if (capValue != null && d.getValue() > 0) {
                long billed = plan.totals().byProvider().getOrDefault(d.getKey(), 0L);
                long cap = Money.cents(capValue);
                if (billed + d.getValue() > cap) {
                    return new Fit("R22 budget of " + d.getKey() + ": it would bill " + Money.format(d.getValue())
                            + " more there with " + Money.format(cap - billed) + " left", start, added, r);
                }
            }
        }
        return new Fit(null, start, added, r);
    }

    /**
     * R27: how much more the plan's overhead is with the option: the fixed cost of {@code provider} if it opens it,
     * and the change of support of every opened provider whose bill changes by {@code delta} (the job's current
     * provider is taken as staying open); each provider's support change goes into {@code supportChange}.
     */
    private static long overheadDelta(Problem problem, Evaluation plan, String provider, Map<String, Long> delta,
                                      Map<String, Long> supportChange) {
        long out = openingFixed(problem, plan, provider);
        java.util.Set<String> opened = new java.util.TreeSet<>(plan.openedProviders());
        opened.add(provider);
        for (String p : opened) {
            io.gpuplan.problem.ProviderOverhead o = problem.overheads().byProvider().get(p);
            if (o == null) {
                continue;
            }
            long before = plan.overheadCents(CostLine.Kind.SUPPORT, p);
            long bills = plan.totals().byProvider().getOrDefault(p, 0L) - before;
            long after = io.gpuplan.problem.ProviderOverhead.supportCents(o.supportRate(),
                    o.supportMinimumCents(problem.horizon()), bills + delta.getOrDefault(p, 0L));
            out += after - before;
            supportChange.put(p, after - before);
        }
        return out;
    }

    /** R27: the fixed cost of opening {@code provider} (0 when the plan already opens it). */
    private static long openingFixed(Problem problem, Evaluation plan, String provider) {
        io.gpuplan.problem.ProviderOverhead o = problem.overheads().byProvider().get(provider);
        return o == null || plan.openedProviders().contains(provider) ? 0 : o.fixedCents();
    }

    /** R18/R28: how much more the reservation (or the owned cards) costs with the option placed at {@code start} than it does now. */
    private static Rise reservationRise(Problem problem, Evaluation plan, Option o, int start, int[] used) {
        int newPeak = java.util.Arrays.stream(used).max().orElse(0);
        for (int s = start; s < start + o.durationSlots(); s++) {
            newPeak = Math.max(newPeak, used[s] + o.billedGpus());
        }
        int bought = o.offer().isOwned()
                ? plan.owned().stream().filter(r -> r.offer().equals(o.offer())).mapToInt(OwnedResult::gpus).findFirst().orElse(0)
                : plan.reservations().stream().filter(r -> r.offer().equals(o.offer()))
                .mapToInt(ReservationResult::gpus).findFirst().orElse(0);
        int level = Math.max(newPeak, bought);
        long r18 = Math.max(0, CommittedPools.horizonCents(o.offer(), level, problem.horizon())
                - CommittedPools.horizonCents(o.offer(), bought, problem.horizon()));
        if (o.offer().isOwned()) {
            return new Rise(bought, level, r18, 0); // R29 is about reservations only
        }
        // R29: the pool's use with the option at its start (the others where they are), against the plan's figure.
        long usedSlots = (long) o.billedGpus() * Math.max(0, Math.min(problem.horizon().slots(), start + o.durationSlots()) - start);
        for (int u : used) {
            usedSlots += u;
        }
        long before = plan.reservations().stream().filter(r -> r.offer().equals(o.offer()))
                .mapToLong(ReservationResult::strandedCents).findFirst().orElse(0);
        long stranded = Reservations.strandedCents(o.offer(), level, usedSlots, problem.horizon()) - before;
        return new Rise(bought, level, r18 + stranded, stranded);
    }
}
