package io.gpuplan.cli;

import picocli.CommandLine;

/** {@code --version}: gpuplan's version and the solver it runs on. */
public final class Version implements CommandLine.IVersionProvider {
    public static final String GPUPLAN = "0.1.0";

    public static String solverEngine() {
        String v = ai.timefold.solver.core.api.solver.SolverFactory.class.getPackage().getImplementationVersion();
        return "Timefold Solver Community Edition " + (v == null ? "2.2.0" : v);
    }

    @Override
    public String[] getVersion() {
        return new String[] {"gpuplan " + GPUPLAN, solverEngine(), "Java " + System.getProperty("java.version")};
    }
}
