package io.gpuplan.engine;

/**
 * Makes a {@link TaskEngine} by its {@code --engine} name. Minimal version (sweep helper): only "local"; the Spark
 * helper's version adds "spark" (loaded by name, so Spark classes load only when asked for).
 */
public final class Engines {
    private Engines() {
    }

    /** @param master the Spark master (ignored by "local"); @param parallel tasks at once */
    public static TaskEngine create(String name, String master, int parallel) {
        if ("local".equals(name)) {
            return new LocalEngine(parallel);
        }
        throw new IllegalArgumentException("--engine: \"" + name + "\" is not an engine here; give local");
    }
}
