package io.gpuplan.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** gpuplan's command line: one subcommand per job to do. */
@Command(name = "gpuplan", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Plans GPU procurement: what to reserve, where and when to run each job, at the lowest cost.",
        subcommands = {SolveCommand.class, ValidateCommand.class, VerifyCommand.class, ReportCommand.class, ResolveCommand.class, CompareCommand.class, FrontierCommand.class, SweepCommand.class, ExplainCommand.class,
                CatalogCommand.class, SchemaCommand.class, CompletionCommand.class, GenerateCommand.class, BenchCommand.class,
                CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes (each command's --help says what they mean for it):%n",
        exitCodeList = {ExitCodes.OK_TEXT, ExitCodes.PARTIAL_TEXT + " (verify: the plan disagrees)", ExitCodes.BAD_INPUT_TEXT,
                ExitCodes.INTERNAL_TEXT, ExitCodes.INTERRUPTED_TEXT},
        footer = {"", "Examples:", "  gpuplan catalog --accelerator H100 --max-price 3",
                "  gpuplan solve problems/catalog-multicloud-2027q2.yaml --out solutions/", "  gpuplan solve --help"})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        Interrupts.install(System.err);
        int code = run(args);
        System.exit(code == ExitCodes.INTERRUPTED ? Interrupts.exitCode() : code);
    }

    public static int run(String... args) {
        return run(new java.io.PrintWriter(System.out, true), new java.io.PrintWriter(System.err, true), args);
    }

    /** Runs a command line with the given output streams and returns its exit code (tests call this). */
    public static int run(java.io.PrintWriter out, java.io.PrintWriter err, String... args) {
        return new CommandLine(new Main())
                .setOut(ConsolePrintWriter.of(out))
                .setErr(ConsolePrintWriter.of(err))
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
