package io.gpuplan.solve.moves;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpuplan.model.GpuPlan;
import io.gpuplan.model.GpuPlanFactory;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.sizing.OptionEnumerator;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * What a start found on a capped offer may rely on ({@link PlanState#unchangedSince(int, long, int, int)}): the
 * offer's use in the option's window, not elsewhere in time. EjectTest's offer of 32 GPUs over 6 days; "early" runs
 * on days 1-2 (slots 0-1), "late" on days 5-6 (slots 4-5).
 */
class OfferChangesTest {
    private final PlanState state;

    OfferChangesTest() throws Exception {
        Problem problem = ProblemReader.parse("changes.yaml", EjectTest.HEAD + EjectTest.job("early", 1, 8, "01", "03")
                + EjectTest.job("late", 1, 8, "05", "07"), new ArrayList<>());
        GpuPlan plan = GpuPlanFactory.create(problem, OptionEnumerator.enumerate(problem));
        state = new PlanState(plan);
        state.sync(plan);
    }

    private void place(int j, int start) {
        state.place(j, state.options[j][0], start);
    }

    @Test
    void aChangeCountsOnlyWhereItOverlapsTheSlotsAsked() {
        place(0, 0);
        long at = state.tick();
        assertTrue(state.unchangedSince(0, at, 0, 6));
        place(1, 4);
        assertFalse(state.unchangedSince(0, at), "the offer as a whole changed");
        assertTrue(state.unchangedSince(0, at, 0, 4), "slots 0-3: late took 4-5 only");
        assertFalse(state.unchangedSince(0, at, 3, 5));
        state.remove(0);
        assertFalse(state.unchangedSince(0, at, 0, 4), "early left slots 0-1");
        assertTrue(state.unchangedSince(0, at, 2, 4));
    }

    @Test
    void changesTooManyToRememberCountAsOverlappingOnlyWhenTheyMayHaveComeAfter() {
        place(0, 0);
        long at = state.tick();
        for (int k = 0; k < 4; k++) {
            place(1, 4);
            state.remove(1);
        }
        // Eight changes since, all on slots 4-5; the ring no longer holds early's, which came before.
        assertTrue(state.unchangedSince(0, at, 0, 4));
        place(1, 4);
        assertFalse(state.unchangedSince(0, at, 0, 4), "the first change since, now forgotten, may have been anywhere");
        assertTrue(state.unchangedSince(0, state.tick(), 0, 6), "nothing since a new tick");
    }
}
