package io.gpuplan.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** gpuplan's command line: one subcommand per job to do. */
@Command(name = "gpuplan", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Plans GPU procurement: what to reserve, where and when to run each job, at the lowest cost.",
        subcommands = {SolveCommand.class, ValidateCommand.class, VerifyCommand.class, ReportCommand.class, ResolveCommand.class, CompareCommand.class, FrontierCommand.class, ExplainCommand.class,
                CatalogCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Exit codes: 0 ok; 1 solved but some job unplanned or a rule broken (verify: plan disagrees);"
                + " 2 bad input; 3 internal error; 130 stopped by Ctrl-C (the best plans so far are written)."})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        Interrupts.install(System.err);
        System.exit(run(args));
    }

    public static int run(String... args) {
        return run(new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true), args);
    }

    /** Runs a command line with the given output streams and returns its exit code (tests call this). */
    public static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        return new CommandLine(new Main())
                .setOut(out)
                .setErr(err)
                .setExecutionExceptionHandler((e, cmd, parsed) -> {
                    cmd.getErr().println("gpuplan: internal error: " + e);
                    return ExitCodes.INTERNAL;
                })
                .setParameterExceptionHandler((e, args1) -> {
                    CommandLine cmd = e.getCommandLine();
                    cmd.getErr().println("gpuplan: " + e.getMessage());
                    cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help'.");
                    return ExitCodes.BAD_INPUT;
                })
                .execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
    }
}
