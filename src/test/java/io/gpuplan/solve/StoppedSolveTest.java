package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.PlanEvaluator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A solve stopped before it starts (Ctrl-C, the benchmark's checkpoint) still ends with a scored, certified plan. */
class StoppedSolveTest {
    @Test
    void aSolveStoppedAtOnceReturnsTheScoredStartPlanAndWhatWasProven() throws Exception {
        Problem p = ProblemReader.read(Path.of("problems/reserved-pool-shared-by-training.yaml")).problem();
        Stopper stopper = new Stopper();
        stopper.stop();
        PlanSolver.Result r = PlanSolver.solve(p, SolverSettings.defaults(), x -> { }, List.of(), stopper);
        assertNotNull(r.score(), "the plan is scored");
        Evaluation e = PlanEvaluator.evaluate(p, SolutionDecisions.of(r.plan()));
        assertEquals(e.score(), r.score().toString());
        assertTrue(r.terminatedEarly());
        assertNotNull(r.certificate());
    }
}
