package io.gpuplan.cli;

import io.gpuplan.output.OutputStamp;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.PlanReader;
import io.gpuplan.output.PlanVerifier;
import io.gpuplan.problem.InputError;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "verify", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the plan agrees with the rules to the cent", "1:the plan differs from what the rules give, or breaks a rule", ExitCodes.BAD_INPUT_TEXT, ExitCodes.INTERNAL_TEXT},
        description = "Recomputes a plan from the rules with plain loops (no solver) and lists every number the plan"
                + " states that the rules do not give, and every rule it breaks.",
        footer = {"", "Example:", "  gpuplan verify problems/reserved-vs-on-demand.yaml solutions/reserved-vs-on-demand.plan.yaml"})
final class VerifyCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PROBLEM")
    Path problemFile;

    @Parameters(index = "1", paramLabel = "PLAN")
    Path planFile;

    @picocli.CommandLine.Option(names = "--previous", paramLabel = "PLAN", description = "R31: the previous plan the"
            + " plan continues (default: the one it records, beside it, else the problem's previous.plan)")
    Path previous;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // The two files are independent: the plan is read on a thread of its own while the problem is read (a
        // large quarter's plan takes about as long as a second of sizing). Errors are still reported problem first.
        FutureTask<PlanDocument> planRead = new FutureTask<>(() -> PlanReader.read(planFile));
        Thread reader = new Thread(planRead, "verify-read-plan");
        reader.setDaemon(true);
        reader.start();
        ProblemReader.Loaded loaded = Problems.loadWithoutPrevious(problemFile, err);
        if (loaded == null) {
            return ExitCodes.BAD_INPUT;
        }
        PlanDocument plan;
        try {
            plan = readPlan(planRead);
        } catch (InputErrors e) {
            e.errors().stream().map(InputError::format).forEach(err::println);
            return ExitCodes.BAD_INPUT;
        }
        // R31: the previous plan it continues, checked against the checksum the plan records.
        loaded = Problems.withPrevious(loaded, previous != null ? previous : Problems.previousBeside(planFile, plan), err);
        if (loaded == null) {
            return ExitCodes.BAD_INPUT;
        }
        var recorded = plan.previous();
        var used = loaded.problem().previous();
        if (recorded != null && used.present() && !recorded.sha256().equals(used.sha256())) {
            err.println(planFile + ": continues a previous plan " + recorded.plan() + " with SHA-256 " + recorded.sha256()
                    + ", but the previous plan read (" + used.plan() + ") has " + used.sha256()
                    + " — give the plan it continued with --previous PLAN");
            return ExitCodes.BAD_INPUT;
        }
        // The certificate is what the solve proved; verify takes it as stated and checks it against the plan.
        PlanVerifier.Report report = PlanVerifier.verify(loaded, plan);
        java.util.List<String> mixed = otherRunsBeside(planFile, err);
        mixed.forEach(m -> out.println(planFile + ": " + m));
        if (report.agrees() && mixed.isEmpty()) {
            out.println(planFile + ": agrees with the rules: " + (report.evaluation().feasible() ? "feasible" : "INFEASIBLE")
                    + ", score " + report.evaluation().score() + ", cost " + io.gpuplan.sizing.Money.format(report.evaluation().costCents())
                    + " " + loaded.problem().currency());
            out.flush();
            return ExitCodes.OK;
        }
        report.differences().forEach(d -> out.println(planFile + ": " + d));
        int n = report.differences().size() + mixed.size();
        out.println(planFile + ": " + n + " difference" + (n == 1 ? "" : "s")
                + (mixed.isEmpty() ? "" : " (" + mixed.size() + " in the files beside it)"));
        out.flush();
        return ExitCodes.PARTIAL;
    }

    /** What {@link OutputStamp#otherPlansBeside} finds; a folder it cannot read is said, not judged. */
    private static java.util.List<String> otherRunsBeside(Path planFile, PrintWriter err) {
        try {
            return OutputStamp.otherPlansBeside(planFile);
        } catch (java.io.IOException e) {
            err.println(planFile + ": cannot read the files beside it: " + io.gpuplan.problem.IoFailure.writing(e));
            return java.util.List.of();
        }
    }

    /** The plan read on the other thread, or what reading it threw, as if it had been read here. */
    private static PlanDocument readPlan(FutureTask<PlanDocument> planRead) throws InputErrors {
        try {
            return planRead.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the plan", e);
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case InputErrors errors -> throw errors;
                case RuntimeException r -> throw r;
                case Error r -> throw r;
                default -> throw new IllegalStateException(e.getCause());
            }
        }
    }
}
