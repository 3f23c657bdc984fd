package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.problem.ProblemReader;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What a plan says stopped its solve: the move limit only when nothing after local search was cut by the clock. */
class TerminationTest {
    /** The default settings with a 60-s time limit. */
    private static final SolverSettings DEFAULTS = SolverSettings.defaults().withTimeLimit(Duration.ofSeconds(60));

    @Test
    void moveLimitWhenTheSolveEndsWithinItsTimeLimit() {
        assertEquals("move limit (500000 moves)",
                PlanSolver.termination(DEFAULTS, 500_000, Duration.ofSeconds(59)));
    }

    @Test
    void timeLimitWhenTheClockCutWhatRanAfterLocalSearch() {
        // A 120-job quarter: local search's 500,000 moves in 25 s, the exact search after it cut at 60 s.
        assertEquals("time limit (60 s), after local search's move limit (500000 moves): the clock cut what runs after "
                        + "it, so another run may differ",
                PlanSolver.termination(DEFAULTS, 500_000, Duration.ofSeconds(60)));
    }

    @Test
    void timeLimitWhenLocalSearchItselfWasCut() {
        assertEquals("time limit (60 s)",
                PlanSolver.termination(DEFAULTS, 300_000, Duration.ofSeconds(61)));
        assertEquals("time limit (60 s)", PlanSolver.termination(DEFAULTS.withMoveLimit(0), 900_000,
                Duration.ofSeconds(61)));
    }

    @Test
    void aSolveStopsAtItsMoveLimitWhenTimefoldsLimitsAreSetOnceItsSolverIsBuilt() throws Exception {
        // The time limit is read after the solver is built and handed to Timefold with the move limit: were the move
        // limit lost there, local search would run to the 60-s time limit and the plan would say so.
        PlanSolver.Result r = PlanSolver.solve(ProblemReader.read(Path.of("problems/reserved-pool-shared-by-training.yaml"))
                .problem(), DEFAULTS.withMoveLimit(2_000).withExactSeconds(0), x -> { });
        assertEquals("move limit (2000 moves)", r.termination());
    }
}
