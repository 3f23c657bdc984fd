package io.gpuplan.solve;

import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.ProviderCharge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A lower bound for instances too large for the LP: the Lagrangian relaxation of capacity (R21) and budgets (R22),
 * maximized over its multipliers by subgradient ascent. The relaxed rows are those of {@link LpBound} (GPU-slots
 * per offer over the horizon, GPUs per offer and slot for the part of each option occupied whatever its start, the
 * total and per-provider budgets), kept sparse. For any multipliers v >= 0 under which no reservation is free,
 * L(v) = sum over jobs of min over options of the reduced cost, minus v·b, is a valid lower bound (weak duality),
 * so every iterate is safe and the best one is kept.
 */
public final class LagrangianBound {
    public static final int DEFAULT_ITERATIONS = 300;

    private LagrangianBound() {
    }

    /** @param cents the bound in cents (0 when there is nothing to bound) */
    public record Result(long cents, int iterations, String note) {
    }

    /** One option: its cost, provider charges, GPUs, GPU-slots and the slots it occupies whatever its start. */
    private record Column(int job, double cost, int offer, double billed, double gpuSlots, int mandFrom, int mandTo,
                          int[] providers, double[] charges) {
    }

    public static Result compute(Problem problem, List<JobOptions> options, Set<String> jobIds, long upperBoundCents,
                                 int maxIterations) {
        List<JobOptions> jobs = options.stream().filter(jo -> jobIds.contains(jo.job().id()) && !jo.options().isEmpty()).toList();
        if (jobs.isEmpty()) {
            return new Result(0, 0, "no jobs to bound");
        }
        int slots = problem.horizon().slots();
        double hours = problem.horizon().hours();
        List<Offer> offers = problem.offers();
        Map<Offer, Integer> offerIndex = new HashMap<>();
        for (int i = 0; i < offers.size(); i++) {
            offerIndex.put(offers.get(i), i);
        }
        Double total = problem.budget().total();
        List<String> capped = new ArrayList<>(problem.budget().byProvider().keySet().stream().sorted().toList());
        double[] caps = capped.stream().mapToDouble(p -> problem.budget().byProvider().get(p) * 100).toArray();
        List<Column> cols = new ArrayList<>();
        int[] firstOfJob = new int[jobs.size() + 1];
        for (int j = 0; j < jobs.size(); j++) {
            firstOfJob[j] = cols.size();
            for (Option o : jobs.get(j).options()) {
                // Only the charges of capped providers matter to the budget rows.
                List<ProviderCharge> ch = o.providerCharges().stream().filter(c -> capped.contains(c.provider())).toList();
                cols.add(new Column(j, o.totalCents(), offerIndex.get(o.offer()), o.billedGpus(),
                        (double) o.billedGpus() * o.durationSlots(), o.latestStart(),
                        Math.max(o.latestStart(), Math.min(slots, o.earliestStart() + o.durationSlots())),
                        ch.stream().mapToInt(c -> capped.indexOf(c.provider())).toArray(),
                        ch.stream().mapToDouble(ProviderCharge::cents).toArray()));
            }
        }
        firstOfJob[jobs.size()] = cols.size();
        boolean[] bounded = new boolean[offers.size()];
        for (int k = 0; k < offers.size(); k++) {
            bounded[k] = offers.get(k).isReserved() || offers.get(k).isCapped();
        }
        double[] poolCost = new double[offers.size()];
        for (int k = 0; k < offers.size(); k++) {
            poolCost[k] = offers.get(k).isReserved() ? hours * offers.get(k).priceInBase() * 100 : 0;
        }
        double[] vTot = new double[offers.size()];
        double[][] vSlot = new double[offers.size()][slots];
        // Start where R24 stands: a reserved pool's GPU-slots priced at its own price, so a job on the pool is charged
        // its GPUs × slots at the reserved rate and the pool itself costs nothing more (its reduced cost is 0).
        for (int k = 0; k < offers.size(); k++) {
            if (offers.get(k).isReserved()) {
                vTot[k] = poolCost[k] / slots;
            }
        }
        // Budget rows are in cents, capacity rows in GPU-slots: scaled as they are, the budget rows' subgradients
        // (~1e8) would swamp the capacity rows' in the step size and the capacity multipliers would hardly move. So
        // the budget rows are measured in GPU-slots at the options' average cost per GPU-slot (any multipliers still
        // give a valid bound; the scale only changes the ascent path).
        double scale = cols.stream().mapToDouble(Column::gpuSlots).sum() / Math.max(1, cols.stream().mapToDouble(Column::cost).sum());
        double uTotal = 0;
        double[] uProvider = new double[capped.size()];
        double best = Double.NEGATIVE_INFINITY;
        double theta = 1;
        int stale = 0;
        int iteration = 0;
        int[] choice = new int[jobs.size()];
        for (; iteration < maxIterations && theta > 1e-4; iteration++) {
            // Lagrangian minimizers: each job's option of least reduced cost; each pool at 0 or its cap. A column's
            // price for the slots it surely occupies comes from prefix sums of the per-slot multipliers.
            double[][] prefix = new double[offers.size()][];
            for (int k = 0; k < offers.size(); k++) {
                if (bounded[k]) {
                    prefix[k] = new double[slots + 1];
                    for (int s = 0; s < slots; s++) {
                        prefix[k][s + 1] = prefix[k][s] + vSlot[k][s];
                    }
                }
            }
            double value = 0;
            for (int j = 0; j < jobs.size(); j++) {
                double min = Double.MAX_VALUE;
                for (int i = firstOfJob[j]; i < firstOfJob[j + 1]; i++) {
                    Column c = cols.get(i);
                    double rc = c.cost() * (1 + uTotal);
                    for (int p = 0; p < c.providers().length; p++) {
                        rc += uProvider[c.providers()[p]] * c.charges()[p];
                    }
                    if (bounded[c.offer()]) {
                        rc += vTot[c.offer()] * c.gpuSlots()
                                + (prefix[c.offer()][c.mandTo()] - prefix[c.offer()][c.mandFrom()]) * c.billed();
                    }
                    if (rc < min) {
                        min = rc;
                        choice[j] = i;
                    }
                }
                value += min;
            }
            double[] poolLevel = new double[offers.size()];
            for (int k = 0; k < offers.size(); k++) {
                Offer o = offers.get(k);
                if (o.isReserved()) {
                    double rc = poolCost[k] * (1 + uTotal + providerMultiplier(capped, uProvider, o.provider()))
                            - slots * vTot[k] - Arrays.stream(vSlot[k]).sum();
                    if (rc < 0) {
                        if (!o.isCapped()) {
                            // r could grow without end: scale the pool's multipliers back to a free-at-the-margin r.
                            double paid = poolCost[k] * (1 + uTotal + providerMultiplier(capped, uProvider, o.provider()));
                            double priced = slots * vTot[k] + Arrays.stream(vSlot[k]).sum();
                            double f = paid / priced;
                            vTot[k] *= f;
                            for (int s = 0; s < slots; s++) {
                                vSlot[k][s] *= f;
                            }
                            iteration--;
                            value = Double.NaN;
                            break;
                        }
                        poolLevel[k] = o.maxGpus();
                        value += rc * o.maxGpus();
                    }
                }
            }
            if (Double.isNaN(value)) {
                continue;
            }
            // Minus v·b.
            for (int k = 0; k < offers.size(); k++) {
                if (bounded[k] && !offers.get(k).isReserved()) {
                    value -= vTot[k] * (double) offers.get(k).maxGpus() * slots;
                    value -= Arrays.stream(vSlot[k]).sum() * offers.get(k).maxGpus();
                }
            }
            if (total != null) {
                value -= uTotal * total * 100;
            }
            for (int p = 0; p < capped.size(); p++) {
                value -= uProvider[p] * caps[p];
            }
            if (value > best + 1e-6) {
                best = value;
                stale = 0;
            } else if (++stale >= 10) {
                theta /= 2;
                stale = 0;
            }
            if (upperBoundCents - best <= 1) {
                break;
            }
            // Subgradients: how far the minimizers break each relaxed row.
            double[] gTot = new double[offers.size()];
            double[][] gSlot = new double[offers.size()][];
            double gTotal = -(total == null ? 0 : total * 100);
            double[] gProvider = Arrays.stream(caps).map(c -> -c).toArray();
            for (int k = 0; k < offers.size(); k++) {
                if (bounded[k]) {
                    double cap = offers.get(k).isReserved() ? poolLevel[k] : offers.get(k).maxGpus();
                    gTot[k] = -cap * slots;
                    gSlot[k] = new double[slots];
                    Arrays.fill(gSlot[k], -cap);
                }
                gTotal += poolCost[k] * poolLevel[k];
                int at = capped.indexOf(offers.get(k).provider());
                if (at >= 0) {
                    gProvider[at] += poolCost[k] * poolLevel[k];
                }
            }
            double[][] diff = new double[offers.size()][];
            for (int j = 0; j < jobs.size(); j++) {
                Column c = cols.get(choice[j]);
                gTotal += c.cost();
                for (int p = 0; p < c.providers().length; p++) {
                    gProvider[c.providers()[p]] += c.charges()[p];
                }
                if (bounded[c.offer()]) {
                    gTot[c.offer()] += c.gpuSlots();
                    if (c.mandTo() > c.mandFrom()) {
                        double[] d = diff[c.offer()] == null ? (diff[c.offer()] = new double[slots + 1]) : diff[c.offer()];
                        d[c.mandFrom()] += c.billed();
                        d[c.mandTo()] -= c.billed();
                    }
                }
            }
            for (int k = 0; k < offers.size(); k++) {
                if (diff[k] != null) {
                    double run = 0;
                    for (int s = 0; s < slots; s++) {
                        run += diff[k][s];
                        gSlot[k][s] += run;
                    }
                }
            }
            double norm = (total == null ? 0 : scale * scale * gTotal * gTotal)
                    + Arrays.stream(gProvider).map(g -> scale * scale * g * g).sum();
            for (int k = 0; k < offers.size(); k++) {
                if (bounded[k]) {
                    norm += gTot[k] * gTot[k];
                    for (int s = 0; s < slots; s++) {
                        // A slot whose multiplier is 0 and whose row holds only counts when it is broken.
                        if (gSlot[k][s] > 0 || vSlot[k][s] > 0) {
                            norm += gSlot[k][s] * gSlot[k][s];
                        }
                    }
                }
            }
            if (norm == 0) {
                break;
            }
            double step = theta * (upperBoundCents - value) / norm;
            for (int k = 0; k < offers.size(); k++) {
                if (bounded[k]) {
                    vTot[k] = Math.max(0, vTot[k] + step * gTot[k]);
                    for (int s = 0; s < slots; s++) {
                        vSlot[k][s] = Math.max(0, vSlot[k][s] + step * gSlot[k][s]);
                    }
                }
            }
            if (total != null) {
                uTotal = Math.max(0, uTotal + step * scale * scale * gTotal);
            }
            for (int p = 0; p < capped.size(); p++) {
                uProvider[p] = Math.max(0, uProvider[p] + step * scale * scale * gProvider[p]);
            }
        }
        long pools = offers.stream().filter(Offer::isReserved).count();
        long cents = (long) Math.floor(best - 0.5 * pools - 1e-6);
        return new Result(Math.max(0, cents), iteration, "Lagrangian relaxation of capacity and budgets over "
                + cols.size() + " options of " + jobs.size() + " jobs, " + iteration + " subgradient steps");
    }

    private static double providerMultiplier(List<String> capped, double[] u, String provider) {
        int at = capped.indexOf(provider);
        return at < 0 ? 0 : u[at];
    }
}
