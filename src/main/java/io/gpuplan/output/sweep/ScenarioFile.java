package io.gpuplan.output.sweep;

import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.Work;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * R32.6: a sweep scenario as a problem file, an overlay of the swept problem: the jobs that do not happen removed,
 * the sampled work, prices and interruption rates written out, and the candidate's levels fixed
 * ({@code committedGpus}, R32.8). The plan written beside it is a plan of this file: {@code gpuplan verify}
 * re-derives every figure from it, {@code gpuplan solve} plans it as the sweep did.
 */
public final class ScenarioFile {
    private ScenarioFile() {
    }

    /**
     * @param base        the swept problem as read
     * @param scenario    the scenario with the levels fixed ({@code Commitments.commit} of {@code Scenarios.of})
     * @param extendsPath the swept problem's file, relative to where this file is written
     * @param previousPlan R31: the previous plan the swept problem continues, relative to where this file is written
     *                    (its own {@code previous.plan} is relative to the swept problem), or null
     * @param header      the comment lines on top (what the file is, without the leading "# ")
     */
    public static String text(Problem base, Problem scenario, String extendsPath, String previousPlan, String name,
                              List<String> header) {
        StringBuilder sb = new StringBuilder();
        header.forEach(h -> sb.append("# ").append(h).append('\n'));
        sb.append("extends: ").append(quote(extendsPath)).append('\n');
        sb.append("name: ").append(quote(name)).append('\n');
        if (previousPlan != null) {
            sb.append("previous: {plan: ").append(quote(previousPlan)).append("}\n");
        }
        List<String> offers = new ArrayList<>();
        for (Offer o : scenario.offers()) {
            Offer b = base.offer(o.id()).orElseThrow();
            List<String> fields = new ArrayList<>();
            if (Double.compare(o.price(), b.price()) != 0) {
                fields.add("price: " + number(o.price()));
                // A stated price replaces the catalog's (in its currency) and is multiplied by a priceFactor: state both.
                if (!o.currency().equals(base.currency()) || io.gpuplan.problem.PriceSource.CATALOG.equals(b.priceSource().origin())) {
                    fields.add("currency: " + quote(o.currency()));
                }
                if (b.priceSource().assumed().stream().anyMatch(a -> a.endsWith("(priceFactor)"))) {
                    fields.add("priceFactor: 1");
                }
            }
            if (Double.compare(o.interruptionsPerDay(), b.interruptionsPerDay()) != 0) {
                fields.add("interruptionsPerDay: " + number(o.interruptionsPerDay()));
            }
            if (o.isFixed()) {
                fields.add("committedGpus: " + o.committedGpus());
            }
            if (!fields.isEmpty()) {
                offers.add("{id: " + quote(o.id()) + ", " + String.join(", ", fields) + "}");
            }
        }
        if (!offers.isEmpty()) {
            sb.append("offers:\n  update:\n");
            offers.forEach(o -> sb.append("    - ").append(o).append('\n'));
        }
        List<String> removed = new ArrayList<>();
        List<String> updated = new ArrayList<>();
        for (Job j : base.jobs()) {
            Job s = scenario.job(j.id()).orElse(null);
            if (s == null) {
                removed.add(quote(j.id()));
            } else if (!s.work().equals(j.work())) {
                updated.add("{id: " + quote(j.id()) + ", " + work(s.work()) + "}");
            }
        }
        if (!removed.isEmpty() || !updated.isEmpty()) {
            sb.append("jobs:\n");
            if (!removed.isEmpty()) {
                sb.append("  remove: [").append(String.join(", ", removed)).append("]\n");
            }
            if (!updated.isEmpty()) {
                sb.append("  update:\n");
                updated.forEach(u -> sb.append("    - ").append(u).append('\n'));
            }
        }
        return sb.toString();
    }

    /** The scaled work in the form the job states it (R9); a FLOP count replaces a token count. */
    private static String work(Work w) {
        return switch (w) {
            // Tokens or FLOPs, at job level or under work: the FLOPs at job level replace them all (null unsets a field).
            case Work.Flops x -> "tokens: null, flops: " + number(x.flops()) + ", work: null";
            case Work.ReferenceHours x -> "work: {gpuHours: " + number(x.gpuHours()) + "}";
            case Work.Throughput x -> "work: {units: " + number(x.units()) + "}";
            case Work.Serving x -> throw new IllegalArgumentException("a serving job's work is not scaled");
        };
    }

    /** The shortest decimal that reads back to the same double, never in exponent form. */
    static String number(double d) {
        return new BigDecimal(Double.toString(d)).toPlainString();
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
