package io.gpuplan.solve.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.ortools.sat.CpSolver;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.OptionEnumerator;
import io.gpuplan.solve.Stopper;
import java.util.ArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Step 1's two CP-SAT runs: whose plan the certifier takes, and the bound it keeps. */
class StepOneTest {
    @BeforeAll
    static void loadOrTools() {
        LinearSolve.load();
    }

    @Test
    void bothRunsReachingTheMostPriorityGiveTheFirstRunsPlanProven() throws Exception {
        Problem p = oneOfTwo();
        StepOne one = StepOne.run(model(p), cpSat(1), model(p), cpSat(2), new Stopper());
        assertEquals(5, one.level(), "job b (priority 5) in place of a (3): only one fits");
        assertEquals(5, one.bound());
        assertTrue(!one.second() && one.by().startsWith("first run; OPTIMAL at 5"), one.by());
        Evaluation e = PlanEvaluator.evaluate(p, one.plan());
        assertTrue(e.feasible());
        assertEquals(5, e.plannedPriority());
    }

    @Test
    void aFirstRunThatFindsNoPlanLeavesTheSecondRunsPlanAndBound() throws Exception {
        Problem p = oneOfTwo();
        StepOne one = StepOne.run(noPlan(p), cpSat(1), model(p), cpSat(2), new Stopper());
        assertEquals(5, one.level());
        assertEquals(5, one.bound(), "only the run that found a plan bounds the priority");
        assertTrue(one.second() && one.by().startsWith("second run; INFEASIBLE"), one.by());
        assertEquals(5, PlanEvaluator.evaluate(p, one.plan()).plannedPriority());
    }

    @Test
    void neitherRunFindingAPlanGivesNone() throws Exception {
        Problem p = oneOfTwo();
        assertNull(StepOne.run(noPlan(p), cpSat(1), noPlan(p), cpSat(2), new Stopper()));
    }

    private static CpSolver cpSat(long seed) {
        return ExactModel.cpSat(1, 60, seed);
    }

    private static ExactModel model(Problem p) {
        ExactModel m = new ExactModel(p, OptionEnumerator.enumerate(p));
        m.model.maximize(m.plannedPriority);
        return m;
    }

    /** The model with a priority no plan reaches. */
    private static ExactModel noPlan(Problem p) {
        ExactModel m = model(p);
        m.model.addGreaterOrEqual(m.plannedPriority, 100);
        return m;
    }

    /** Two jobs of 8 GPUs for the same two days on an offer capped at 8 GPUs: one of them runs. */
    private static Problem oneOfTwo() throws Exception {
        return ProblemReader.parse("one-of-two.yaml", """
                name: one-of-two
                horizon: {start: 2027-01-01, end: 2027-01-11}
                offers:
                  - {id: od, provider: aws, region: us-east-1, jurisdiction: US, accelerator: A100-80G, purchase: on-demand, price: 2.0, gpusPerInstance: 8, maxGpus: 8}
                jobs:
                  - {id: a, kind: batch, priority: 3, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-01, deadline: 2027-01-03}
                  - {id: b, kind: batch, priority: 5, memoryGb: 300, gpus: 8, work: {gpuHours: 384, accelerator: A100-80G}, earliest: 2027-01-01, deadline: 2027-01-03}
                """, new ArrayList<>());
    }
}
