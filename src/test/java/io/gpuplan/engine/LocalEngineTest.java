package io.gpuplan.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class LocalEngineTest {
    @Test
    void resultsComeBackInTaskOrderAndAFailureIsReportedNotDropped() {
        List<Progress> seen = new CopyOnWriteArrayList<>();
        List<Outcome<Integer>> out;
        try (LocalEngine engine = new LocalEngine(2)) {
            assertEquals("2 threads", engine.where());
            out = engine.map(List.of(3, 1, 0, 2), x -> 12 / x, seen::add);
        }
        assertEquals(4, out.size());
        assertEquals(4, out.get(0).value());
        assertEquals(12, out.get(1).value());
        assertTrue(out.get(2).failed() && out.get(2).error().contains("ArithmeticException"), out.get(2).toString());
        assertEquals(6, out.get(3).value());
        assertEquals(4, seen.size());
        assertTrue(seen.stream().anyMatch(p -> p.done() == 4 && p.total() == 4));
    }
}
