package io.gpuplan.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

class EnginesTest {
    @Test
    void localIsTheLocalEngine() {
        try (TaskEngine engine = Engines.create("local", null, 2)) {
            assertTrue(engine instanceof LocalEngine);
            assertEquals("local", engine.name());
        }
    }

    @Test
    void anUnknownNameListsTheValidOnes() {
        UnavailableEngineException e = assertThrows(UnavailableEngineException.class, () -> Engines.create("dask", null, 0));
        assertEquals("unknown engine 'dask'; valid: local, spark", e.getMessage());
        assertEquals(e.getMessage(), assertThrows(UnavailableEngineException.class, () -> Engines.check("dask")).getMessage());
        Engines.check("spark");
        Engines.check("local");
    }

    @Test
    void sparkWithoutSparkOnTheClasspathSaysHowToRunIt() throws Exception {
        // gpuplan's own classes but not Spark's: what `java -jar target/gpuplan.jar` sees (Spark is provided scope).
        URL classes = Engines.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader withoutSpark = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            UnavailableEngineException e = assertThrows(UnavailableEngineException.class,
                    () -> Engines.spark(null, 1, withoutSpark));
            // ...while the local engine needs no Spark at all: made and run in that same class loader.
            Object local = Class.forName(Engines.class.getName(), true, withoutSpark)
                    .getMethod("create", String.class, String.class, int.class).invoke(null, "local", null, 1);
            assertEquals("local", local.getClass().getMethod("name").invoke(local));
            assertEquals(withoutSpark, local.getClass().getClassLoader());
            assertTrue(e.getMessage().contains("needs Apache Spark 4.2") && e.getMessage().contains("./gpuplan")
                    && e.getMessage().contains("spark-submit --class io.gpuplan.cli.Main"), e.getMessage());
        }
    }

    @Test
    void aSparkMasterItCannotUseIsBadInputInSparksWords() {
        UnavailableEngineException e = assertThrows(UnavailableEngineException.class,
                () -> Engines.create("spark", "nonsense://x", 1));
        assertTrue(e.getMessage().startsWith("the spark engine did not start on nonsense://x: "), e.getMessage());
    }
}
