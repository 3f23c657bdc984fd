package io.gpuplan.sizing;

import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Job;
import io.gpuplan.problem.Offer;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import java.util.ArrayList;

/** Small problems for sizing tests, written as YAML and read by the real reader (so defaults are the real ones). */
final class Fixtures {
    /** 2027-01-01 to 2027-04-01 in daily slots: H = 90 slots of 24 h. */
    static final String QUARTER = "horizon: {start: 2027-01-01, end: 2027-04-01, slot: 1d}\n";

    private Fixtures() {
    }

    /** Parses {@code name: t} + the given text (horizon, offers, jobs, ...); fails the test on any input error. */
    static Problem problem(String yaml) {
        try {
            return ProblemReader.parse("test.yaml", "name: t\n" + yaml, new ArrayList<>());
        } catch (InputErrors e) {
            throw new AssertionError("fixture does not parse:\n" + e.getMessage());
        }
    }

    /** A quarter-long problem with these offers and jobs (YAML list items, each starting with "  - "). */
    static Problem quarter(String offers, String jobs) {
        return problem(QUARTER + "offers:\n" + offers + "jobs:\n" + jobs);
    }

    static Job job(Problem p, String id) {
        return p.job(id).orElseThrow();
    }

    static Offer offer(Problem p, String id) {
        return p.offer(id).orElseThrow();
    }

    /** Sizes job on offer at g GPUs and asserts it is an eligible option. */
    static Option option(Problem p, String job, String offer, int g) {
        OptionSizer.Sizing s = OptionSizer.size(p, job(p, job), offer(p, offer), g);
        if (!s.eligible()) {
            throw new AssertionError(job + " on " + offer + " x" + g + " is not an option: " + s.breaches());
        }
        return s.option();
    }

    /** An on-demand A100-80G offer (312 TFLOPS, 80 GB) on 8-GPU instances at the given price. */
    static String a100(String id, double price) {
        return "  - {id: " + id + ", provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G,"
                + " purchase: on-demand, price: " + price + ", gpusPerInstance: 8}\n";
    }
}
