package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.model.JobAssignment;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.Option;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.SolutionDecisions;
import io.gpuplan.solve.bounds.ExactRepair.Level;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * A re-plan of a set may start jobs outside it elsewhere in their windows on capped or reserved offers
 * ({@link ExactReplan#slides}). Job a must run on days 1–2; the cheap capped offer (8 GPUs) holds b there, which may run
 * any two days of ten. Re-planning a alone takes the cheap offer only if b starts later.
 */
class ExactReplanSlidesTest {
    private static final String JOB = "  - {id: %s, kind: batch, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, "
            + "earliest: 2027-01-01, deadline: 2027-01-%s}\n";
    private static final String YAML = """
            name: slide-to-make-room
            horizon: {start: 2027-01-01, end: 2027-01-11}
            budget: {total: 1_000_000}
            offers:
              - {id: cheap, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 1.0, gpusPerInstance: 8, maxGpus: 8}
              - {id: dear, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 3.0, gpusPerInstance: 8}
            jobs:
            """ + JOB.formatted("a", "03") + JOB.formatted("b", "11");

    private final Problem problem;
    private final GpuPlan plan;
    private final JobAssignment a;
    private final JobAssignment b;

    ExactReplanSlidesTest() throws Exception {
        problem = ProblemReader.parse("slide.yaml", YAML, new ArrayList<>());
        plan = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        a = plan.getAssignments().get(0);
        b = plan.getAssignments().get(1);
    }

    private static void place(JobAssignment a, String offer, int start) {
        a.setOption(a.getOptions().stream().filter(o -> o.offer().id().equals(offer)).findFirst().orElseThrow());
        a.setStart(start);
    }

    @Test
    void aJobOutsideTheSetStartsLaterToMakeRoomOnACappedOffer() {
        place(a, "dear", 0);
        place(b, "cheap", 0);
        Option bOption = b.getOption();
        long before = PlanEvaluator.evaluate(problem, SolutionDecisions.of(plan)).costCents();
        assertEquals(153_600, before, "R17: 3 USD x 8 GPUs x 48 h for a, 1 USD x 8 GPUs x 48 h for b");

        ExactReplan.Result r = ExactReplan.of(plan, new int[] {0}, Level.COST_AT_PRIORITY, 5, Double.POSITIVE_INFINITY, 1);

        assertNotNull(r.move(), "a moves to the cheap offer, b out of its way");
        r.move().applyOutsideSolver();
        Evaluation e = PlanEvaluator.evaluate(problem, SolutionDecisions.of(plan));
        assertTrue(e.feasible());
        assertEquals("cheap", a.getOption().offer().id());
        assertSame(bOption, b.getOption(), "b keeps its option: only its start may change");
        assertTrue(b.getStart() >= 2, "b starts after a: " + b.getStart());
        assertEquals(76_800, e.costCents(), "R17, both on the cheap offer: 2 x 1 USD x 8 GPUs x 48 h");
    }

    @Test
    void onlyJobsOnCappedOrReservedOffersWithRoomInTheirWindowsSlide() {
        place(b, "cheap", 0);
        assertTrue(ExactReplan.slides(b.getOption()), "capped, and b may start on any of days 1-9");
        place(b, "dear", 0);
        assertFalse(ExactReplan.slides(b.getOption()), "no cap: where it sits in time frees nothing");
        place(a, "cheap", 0);
        assertFalse(ExactReplan.slides(a.getOption()), "a's window holds it exactly");
    }
}
