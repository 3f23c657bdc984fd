package io.gpuplan.solve;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.timefold.solver.core.api.score.HardMediumSoftScore;
import io.gpuplan.rules.Decisions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which of two plans the searches keep: priority before cost (R23), and any plan over none. */
class FoundTest {
    private static ExactPlans.Found plan(String score) {
        return new ExactPlans.Found(new Decisions(List.of(), Map.of()), HardMediumSoftScore.parseScore(score));
    }

    @Test
    void morePriorityBeatsLessCostAndAnEqualScoreDoesNotBeat() {
        ExactPlans.Found dearer = plan("0hard/-8medium/-900soft");
        ExactPlans.Found cheaper = plan("0hard/-9medium/-100soft");
        assertTrue(dearer.beats(cheaper));
        assertFalse(cheaper.beats(dearer));
        assertFalse(dearer.beats(plan("0hard/-8medium/-900soft")));
        assertTrue(cheaper.beats(null));
    }
}
