package io.gpuplan.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.JobOptions;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Before solving, a job that no option can serve is explained by the rules that rule out each offer. */
class InfeasibilityTest {
    static final String OFFERS = """
            name: t
            horizon: {start: 2027-01-01, end: 2027-04-01}
            offers:
              - {id: us-a100, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.0, gpusPerInstance: 8, maxGpus: 64}
              - {id: us-spot, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: spot, price: 2.0, gpusPerInstance: 8, maxGpus: 64, interruptionsPerDay: 0.1}
            jobs:
            """;

    static String reason(String job) throws Exception {
        Problem p = ProblemReader.parse("t.yaml", OFFERS + "  - " + job + "\n", new ArrayList<>());
        JobOptions jo = OptionEnumerator.enumerate(p, p.jobs().get(0));
        assertEquals(0, jo.options().size(), "the job should have no option: " + jo.options());
        return UnplannedReasons.noOption(jo);
    }

    @Test
    void noAcceleratorFitsTheMemoryEvenAtGpusMax() throws Exception {
        // 175B full training: 3500 GB; 16 × 80 GB × 0.85 = 1088 GB at most.
        String r = reason("{id: gpt3, kind: training, model: {paramsB: 175}, flops: 1e20, gpus: {min: 8, max: 16}, interruptible: true}");
        assertTrue(r.contains("R8 memory fit rules out us-a100, us-spot (e.g. us-a100 at 16 GPUs: needs 3500 GB, 16 × 80 GB × 0.85 headroom holds 1088 GB)"), r);
    }

    /** Issue 11 point 13: a binding cap is named as such, with the GPUs each accelerator would need. */
    @Test
    void aCapThatBindsIsNamedWithTheGpusTheJobWouldNeed() throws Exception {
        String capped = """
                name: t
                horizon: {start: 2027-01-01, end: 2027-04-01}
                offers:
                  - {id: a100, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 4.0, gpusPerInstance: 8, maxGpus: 256}
                  - {id: h100, provider: aws, region: us-east-1, jurisdiction: US, accelerator: H100-80G, purchase: on-demand, price: 6.0, gpusPerInstance: 8, maxGpus: 64}
                jobs:
                  - {id: big, kind: training, memoryGb: 40, flops: 1e23, gpus: {max: 100000}, deadline: 2027-01-11}
                """;
        Problem p = ProblemReader.parse("t.yaml", capped, new ArrayList<>());
        JobOptions jo = OptionEnumerator.enumerate(p, p.jobs().get(0));
        assertEquals(0, jo.options().size(), "the job should have no option: " + jo.options());
        String r = UnplannedReasons.noOption(jo);
        assertTrue(r.contains("e.g. a100 at its 256-GPU cap: needs"), r);
        assertTrue(!r.contains("264"), "no count beyond the cap: " + r);
        // What the accelerators would need: the fewest GPUs that fit the window on uncapped copies of the offers.
        Problem open = ProblemReader.parse("t.yaml", capped.replace(", maxGpus: 256", "").replace(", maxGpus: 64", ""), new ArrayList<>());
        int a100 = fewestThatFit(open, "a100");
        int h100 = fewestThatFit(open, "h100");
        assertTrue(h100 < a100 && a100 > 256 && h100 > 64, a100 + " " + h100);
        assertTrue(r.contains("it would need ≥ " + h100 + " H100-80G or ≥ " + a100 + " A100-80G"), r);
    }

    private static int fewestThatFit(Problem p, String offer) {
        for (int g = 1; ; g++) {
            if (io.gpuplan.sizing.OptionSizer.size(p, p.jobs().get(0), p.offer(offer).orElseThrow(), g).eligible()) {
                return g;
            }
        }
    }

    @Test
    void residencyRulesOutEveryOffer() throws Exception {
        String r = reason("{id: cn, kind: training, memoryGb: 40, flops: 1e19, residency: [CN]}");
        assertTrue(r.contains("R12 residency rules out us-a100, us-spot"), r);
    }

    @Test
    void vendorRulesOutEveryOffer() throws Exception {
        String r = reason("{id: domestic, kind: training, memoryGb: 40, flops: 1e19, vendors: [huawei]}");
        assertTrue(r.contains("R13 hardware vendor rules out us-a100, us-spot"), r);
    }

    @Test
    void theDeadlineIsTooTightEvenAtGpusMaxOnTheFastestOffer() throws Exception {
        // 1e23 FLOPs on 64 H100 at 40 %: 1e23 / (64 × 989.4e12 × 0.4 × 0.9) / 3600 = 1219 h; 3 days allowed.
        String r = reason("{id: rush, kind: training, memoryGb: 40, flops: 1e23, gpus: {min: 8, max: 64}, interruptible: true, deadline: 2027-01-04}");
        assertTrue(r.contains("R2 time window rules out us-a100, us-spot (e.g. us-a100 at the job's most, 64 GPUs: needs"), r);
        assertTrue(r.contains("only 3 fit between 2027-01-01 and the deadline 2027-01-04"), r);
    }

    @Test
    void onlySpotFitsButTheJobIsNotInterruptible() throws Exception {
        // 170 GB needs 3 × 80 GB × 0.85: no 8-GPU A100 box is the problem, time is: 1e22 FLOPs on 8 A100 take
        // 1e22 / (8 × 312e12 × 0.4) / 3600 = 2782 h > the quarter, while 8 H100 on spot would do it in 878 h.
        String r = reason("{id: firm, kind: training, memoryGb: 170, flops: 1e22, gpus: 8}");
        assertTrue(r.contains("R2 time window rules out us-a100"), r);
        assertTrue(r.contains("R14 interruption rules out us-spot (e.g. us-spot: offer is spot, job is not interruptible)"), r);
    }
}
