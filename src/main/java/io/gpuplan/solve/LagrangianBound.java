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
                          String[] providers, double[] charges) {
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
        List<Column> cols = new ArrayList<>();
        int[] firstOfJob = new int[jobs.size() + 1];
        for (int j = 0; j < jobs.size(); j++) {
            firstOfJob[j] = cols.size();
            for (Option o : jobs.get(j).options()) {
                List<ProviderCharge> ch = o.providerCharges();
                cols.add(new Column(j, o.totalCents(), offerIndex.get(o.offer()), o.billedGpus(),
                        (double) o.billedGpus() * o.durationSlots(), o.latestStart(),
                        Math.min(slots, o.earliestStart() + o.durationSlots()),
                        ch.stream().map(ProviderCharge::provider).toArray(String[]::new),
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
        Double total = problem.budget().total();
        List<String> capped = new ArrayList<>(problem.budget().byProvider().keySet().stream().sorted().toList());
        double[] caps = capped.stream().mapToDouble(p -> problem.budget().byProvider().get(p) * 100).toArray();

        double[] vTot = new double[offers.size()];
        double[][] vSlot = new double[offers.size()][slots];
        double uTotal = 0;
        double[] uProvider = new double[capped.size()];
        double best = Double.NEGATIVE_INFINITY;
        double theta = 2;
        int stale = 0;
        int iteration = 0;
        int[] choice = new int[jobs.size()];
        for (; iteration < maxIterations && theta > 1e-4; iteration++) {
            // Lagrangian minimizers: each job's option of least reduced cost; each pool at 0 or its cap.
            double value = 0;
            for (int j = 0; j < jobs.size(); j++) {
                double min = Double.MAX_VALUE;
                for (int i = firstOfJob[j]; i < firstOfJob[j + 1]; i++) {
                    Column c = cols.get(i);
                    double rc = c.cost() * (1 + uTotal);
                    for (int p = 0; p < c.providers().length; p++) {
                        int at = capped.indexOf(c.providers()[p]);
                        if (at >= 0) {
                            rc += uProvider[at] * c.charges()[p];
                        }
                    }
                    if (bounded[c.offer()]) {
                        rc += vTot[c.offer()] * c.gpuSlots();
                        double[] vs = vSlot[c.offer()];
                        for (int s = c.mandFrom(); s < c.mandTo(); s++) {
                            rc += vs[s] * c.billed();
                        }
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
            for (int j = 0; j < jobs.size(); j++) {
                Column c = cols.get(choice[j]);
                gTotal += c.cost();
                for (int p = 0; p < c.providers().length; p++) {
                    int at = capped.indexOf(c.providers()[p]);
                    if (at >= 0) {
                        gProvider[at] += c.charges()[p];
                    }
                }
                if (bounded[c.offer()]) {
                    gTot[c.offer()] += c.gpuSlots();
                    for (int s = c.mandFrom(); s < c.mandTo(); s++) {
                        gSlot[c.offer()][s] += c.billed();
                    }
                }
            }
            double norm = gTotal * gTotal * (total == null ? 0 : 1) + Arrays.stream(gProvider).map(g -> g * g).sum();
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
                uTotal = Math.max(0, uTotal + step * gTotal);
            }
            for (int p = 0; p < capped.size(); p++) {
                uProvider[p] = Math.max(0, uProvider[p] + step * gProvider[p]);
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
