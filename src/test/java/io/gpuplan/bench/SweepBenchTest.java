package io.gpuplan.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gpuplan.problem.Demand;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.problem.Range;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** The sweep bench's quarter: the generated one, every job's demand uncertain, nothing else changed. */
class SweepBenchTest {
    @Test
    void everyGeneratedJobGetsTheBenchDemand() throws Exception {
        Problem plain = ProblemReader.parse("g.yaml", ScenarioGenerator.generate(60, 24, 1, 90), new ArrayList<>());
        Problem p = ProblemReader.parse("g.yaml", SweepBench.problem(60, 24, 1, 90), new ArrayList<>());
        assertEquals(60, p.jobs().size());
        assertEquals(plain.jobs().stream().map(j -> j.id() + j.work()).toList(), p.jobs().stream().map(j -> j.id() + j.work()).toList());
        assertEquals(60, p.uncertainty().demand().size());
        p.uncertainty().demand().values().forEach(d -> assertEquals(new Demand(0.8, new Range(0.7, 1.4)), d));
    }
}
