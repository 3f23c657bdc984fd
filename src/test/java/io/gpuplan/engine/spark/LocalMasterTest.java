package io.gpuplan.engine.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LocalMasterTest {
    @Test
    void attemptsPerTaskOfALocalMaster() {
        // local[N,F]: F attempts; local and local[N]: Spark's local mode never retries, so 1.
        assertEquals(4, LocalMaster.attempts("local[2,4]"));
        assertEquals(3, LocalMaster.attempts("local[*, 3]"));
        assertEquals(1, LocalMaster.attempts("local[2]"));
        assertEquals(1, LocalMaster.attempts("local"));
    }
}
