package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Ejection ({@link Recreate#eject}): a job that fits nowhere takes the place of jobs of lower priority on a capped
 * offer of 32 GPUs, at the start where the least priority leaves, and only when that is at most its own. Every job
 * runs 2 days on its one GPU count (48 GPU-h per GPU, no loss across instances); the horizon is 6 days (slots 0-5).
 */
class EjectTest {
    static String job(String id, int priority, int gpus, String earliest, String deadline) {
        return "  - {id: " + id + ", kind: batch, priority: " + priority + ", memoryGb: 300, gpus: " + gpus
                + ", work: {gpuHours: " + 48 * gpus + ", accelerator: A100-80G}, earliest: 2027-01-" + earliest
                + ", deadline: 2027-01-" + deadline + "}\n";
    }

    static final String HEAD = """
            name: eject
            horizon: {start: 2027-01-01, end: 2027-01-07}
            offers:
              - {id: cap, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 32, crossNodeEfficiency: 1}
            jobs:
            """;

    private PlanState state;
    private GpuPlan plan;

    /** Places every job of {@code starts} at its slot, the others left out; returns the index of {@code job}. */
    private int setUp(String jobs, Map<String, Integer> starts, String job) throws Exception {
        Problem problem = ProblemReader.parse("eject.yaml", HEAD + jobs, new ArrayList<>());
        plan = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        int index = -1;
        for (int j = 0; j < plan.getAssignments().size(); j++) {
            JobAssignment a = plan.getAssignments().get(j);
            index = a.getId().equals(job) ? j : index;
            if (starts.containsKey(a.getId())) {
                assertEquals(1, a.getOptions().size(), a.getId() + ": one option, on the capped offer");
                a.setOption(a.getOptions().get(0));
                a.setStart(starts.get(a.getId()));
            }
        }
        state = new PlanState(plan);
        state.sync(plan);
        return index;
    }

    private int[] eject(int j) {
        return new Recreate(state, new Random(1), Recreate.StartRule.EARLIEST, 0).eject(j);
    }

    private String id(int j) {
        return plan.getAssignments().get(j).getId();
    }

    private String[] ids(int[] jobs) {
        return Arrays.stream(jobs).mapToObj(this::id).toArray(String[]::new);
    }

    @Test
    void theLeastPriorityLeavesFirstThenTheMostGpusUntilTheJobFits() throws Exception {
        // a (priority 1, 8 GPUs), b (1, 16) and c (2, 8) fill the 32 GPUs on days 1-2.
        String jobs = job("a", 1, 8, "01", "03") + job("b", 1, 16, "01", "03") + job("c", 2, 8, "01", "03");
        int high = setUp(jobs + job("high", 5, 16, "01", "03"), Map.of("a", 0, "b", 0, "c", 0), "high");
        assertArrayEquals(new String[] {"b"}, ids(eject(high)), "b alone frees 16 GPUs");
        assertEquals(0, state.start[high]);
        assertNull(state.current[indexOf("b")]);

        int wide = setUp(jobs + job("wide", 5, 24, "01", "03"), Map.of("a", 0, "b", 0, "c", 0), "wide");
        assertArrayEquals(new String[] {"b", "a"}, ids(eject(wide)), "24 GPUs: both of priority 1, c stays");
        assertEquals(indexOf("c"), state.onOffer.get(0).get(0));
    }

    @Test
    void theJobTakesTheStartWhereTheLeastPriorityLeaves() throws Exception {
        // "low" (priority 1) fills the offer on days 1-2, "mid" (3) on days 4-5; "high" may start on days 1-5.
        String jobs = job("low", 1, 32, "01", "03") + job("mid", 3, 32, "04", "06");
        int high = setUp(jobs + job("high", 5, 8, "01", "07"), Map.of("low", 0, "mid", 3), "high");
        assertArrayEquals(new String[] {"low"}, ids(eject(high)));
        assertEquals(indexOf("mid"), state.onOffer.get(0).get(0));
    }

    @Test
    void whatLeavesAddsUpToAtMostTheJobsOwnPriority() throws Exception {
        // Three jobs of priority 1 fill the offer: a job of all 32 GPUs takes their place only if its priority is 3 or
        // more (at 3 a trade of equal priority, which local search then judges by cost).
        String jobs = job("x", 1, 8, "01", "03") + job("y", 1, 8, "01", "03") + job("z", 1, 16, "01", "03");
        Map<String, Integer> starts = Map.of("x", 0, "y", 0, "z", 0);
        int two = setUp(jobs + job("two", 2, 32, "01", "03"), starts, "two");
        assertEquals(0, eject(two).length);
        assertNull(state.current[two]);
        assertEquals(3, state.onOffer.get(0).size(), "the plan as it was");

        int three = setUp(jobs + job("three", 3, 32, "01", "03"), starts, "three");
        assertArrayEquals(new String[] {"z", "x", "y"}, ids(eject(three)));
        assertEquals(0, state.start[three]);
    }

    @Test
    void jobsThatOutrankItNeverLeave() throws Exception {
        String jobs = job("big", 6, 32, "01", "03");
        int high = setUp(jobs + job("high", 5, 8, "01", "03"), Map.of("big", 0), "high");
        assertEquals(0, eject(high).length);
        assertNull(state.current[high]);
    }

    @Test
    void onlyTheJobsEightCheapestOptionsOnCappedOffersAreTried() throws Exception {
        // Ten offers of 8 GPUs, o1 the cheapest; jobs of priority 9 fill o1-o9, one of priority 1 fills o10. "high"
        // (priority 5) could take o10 by ejecting it, but o10 is its tenth option.
        // HEAD up to its offers' list: the name, the horizon, "offers:".
        StringBuilder yaml = new StringBuilder(HEAD.substring(0, HEAD.indexOf("  - {id: cap")));
        for (int k = 1; k <= 10; k++) {
            yaml.append("  - {id: o").append(k).append(", provider: aws, region: us-east-1, jurisdiction: US,")
                    .append(" accelerator: A100-80G, purchase: on-demand, price: ").append(k)
                    .append(", gpusPerInstance: 8, maxGpus: 8}\n");
        }
        yaml.append("jobs:\n");
        for (int k = 1; k <= 10; k++) {
            yaml.append(job("b" + k, k == 10 ? 1 : 9, 8, "01", "03"));
        }
        yaml.append(job("high", 5, 8, "01", "03"));
        Problem problem = ProblemReader.parse("eject-options.yaml", yaml.toString(), new ArrayList<>());
        plan = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        for (int k = 0; k < 10; k++) {
            JobAssignment a = plan.getAssignments().get(k);
            String offer = "o" + (k + 1);
            a.setOption(a.getOptions().stream().filter(o -> o.offer().id().equals(offer)).findFirst().orElseThrow());
            a.setStart(0);
        }
        state = new PlanState(plan);
        state.sync(plan);
        assertEquals(0, eject(10).length, "o10 is not among high's eight cheapest options");
        assertNull(state.current[10]);
    }

    private int indexOf(String id) {
        for (int j = 0; j < plan.getAssignments().size(); j++) {
            if (plan.getAssignments().get(j).getId().equals(id)) {
                return j;
            }
        }
        throw new IllegalArgumentException(id);
    }
}
