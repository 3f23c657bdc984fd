package io.gpuplan.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.Solving;
import io.gpuplan.TestProblems;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanDocumentBuilder;
import io.gpuplan.rules.Decisions;
import io.gpuplan.solve.SolutionDecisions;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The console line of a solve: a plan that leaves jobs out says so first, before "feasible". */
class ScenarioSummaryTest {
    @Test
    void unplannedJobsLeadTheLine() {
        Solving.Solved s = Solving.solve(TestProblems.load(TestProblems.TINY), Solving.TEST_MOVES);
        Decisions solved = SolutionDecisions.of(s.result().plan());
        Decisions without = new Decisions(solved.placements().stream().filter(p -> !p.job().equals("finetune-13b")).toList(),
                solved.reservations());
        PlanDocument doc = PlanDocumentBuilder.build(s.context(), without);
        int priority = doc.assignments().stream().filter(a -> a.job().equals("finetune-13b")).findFirst().orElseThrow().priority();
        String line = ScenarioRun.summary(new ScenarioRun.Outcome("tiny", ExitCodes.PARTIAL, doc, without,
                Path.of("tiny.plan.yaml"), Duration.ZERO, 0, null));
        assertTrue(line.startsWith("tiny: 1 of 4 jobs UNPLANNED (priority " + priority + "; top: finetune-13b, priority "
                + priority + "), feasible, 3/4 jobs planned"), line);
    }
}
