package io.gpuplan.cli;

import io.gpuplan.problem.Job;
import io.gpuplan.rules.Evaluation;
import io.gpuplan.rules.JobExplanation;
import io.gpuplan.rules.JobResult;
import io.gpuplan.rules.PlanEvaluator;
import io.gpuplan.sizing.Money;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "explain", mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {ExitCodes.OK_TEXT, ExitCodes.BAD_INPUT_TEXT + " (also: an unknown job, or a plan made for another version of its problem)", ExitCodes.INTERNAL_TEXT},
        description = "Lists a job's options in a plan ranked by cost: each offer at its best GPU count (--all: every"
                + " count), with the rule that rules"
                + " it out, or its cost difference from the plan's choice and whether the rest of the plan leaves it"
                + " room (R21) and budget (R22).",
        footer = {"", "Example:", "  gpuplan explain solutions/quarterly-mixed-2027q1.plan.yaml q1-moe-exploration",
                "  gpuplan explain solutions/quarterly-mixed-2027q1.plan.yaml q1-moe-exploration --all",
                "", "Exit codes: 0 ok; 2 bad input (unknown job, stale plan)."})
final class ExplainCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLAN")
    Path planFile;

    @Parameters(index = "1", paramLabel = "JOB")
    String jobId;

    @Option(names = "--problem", paramLabel = "FILE", description = "the problem file the plan was solved for")
    Path problemFile;

    @Option(names = "--all", description = "every GPU count worth trying on each offer (default: each offer's best count)")
    boolean all;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        PlanFiles files = PlanFiles.load(planFile, problemFile, err);
        if (files == null) {
            return ExitCodes.BAD_INPUT;
        }
        var problem = files.problem().problem();
        Job job = problem.job(jobId).orElse(null);
        if (job == null) {
            List<String> ids = problem.jobs().stream().map(Job::id).toList();
            err.println(planFile + ": no job \"" + jobId + "\"" + io.gpuplan.problem.yaml.DidYouMean.suggest(jobId, ids)
                    .map(g -> " (did you mean \"" + g + "\"?)").orElse("") + " — one of: " + String.join(", ", ids));
            return ExitCodes.BAD_INPUT;
        }
        Evaluation e = PlanEvaluator.evaluate(problem, files.decisions());
        JobResult mine = e.jobs().stream().filter(j -> j.job().equals(job)).findFirst().orElseThrow();
        String currency = problem.currency();
        out.println(job.id() + " (priority " + job.priority() + "): " + (mine.planned()
                ? "planned on " + mine.offer().id() + " × " + mine.placement().gpus() + " GPUs, " + Money.format(mine.option().totalCents())
                + " " + currency : "unplanned: " + files.plan().assignments().stream().filter(a -> a.job().equals(job.id()))
                .map(a -> a.reason()).findFirst().orElse("")));
        if (mine.planned() && mine.option() != null && mine.option().storageCents() > 0) {
            // R26: what keeping the dataset adds to this option (in its cost above and in every option's below).
            var o = mine.option();
            out.println("  of which storage (R26): " + Money.format(o.storageCents()) + " " + currency + " = "
                    + Money.format(o.storageOriginCents()) + " at " + job.dataset().location()
                    + (o.storageDestinationCents() > 0 ? " + " + Money.format(o.storageDestinationCents()) + " for the copy at "
                    + mine.offer().location() : "") + " (" + job.dataset().tier().label() + ", W = "
                    + io.gpuplan.output.Numbers.measure(o.expectedHours()).stripTrailingZeros().toPlainString() + " h)");
        }
        out.println();
        out.println(String.format(Locale.ROOT, "%-4s %-28s %-10s %6s %14s %14s  %s", "rank", "offer", "purchase", "GPUs",
                "cost " + currency, "vs chosen", "verdict"));
        int rank = 0;
        List<JobExplanation.Line> lines = JobExplanation.explain(problem, e, job, all);
        for (JobExplanation.Line l : lines) {
            out.println(String.format(Locale.ROOT, "%-4s %-28s %-10s %6s %14s %14s  %s", l.cents() < 0 ? "-" : String.valueOf(++rank),
                    l.offer(), l.purchase(), l.gpus() == 0 ? "any" : String.valueOf(l.gpus()),
                    l.cents() < 0 ? "-" : Money.format(l.cents()),
                    l.deltaCents() == null ? "-" : (l.deltaCents() >= 0 ? "+" : "") + Money.format(l.deltaCents()), l.verdict()));
        }
        if (lines.stream().anyMatch(l -> l.purchase().equals("reserved") && l.cents() >= 0)) {
            // The cost column and "adds" differ on reserved offers; say why once, under the table.
            out.println();
            out.println("On a reserved offer the cost is the option's GPU-hours at the reserved price (R24); a reservation"
                    + " is paid whether used or not (R18), so what an option adds is the reservation's rise, not that cost.");
        }
        if (!all) {
            out.println();
            out.println("(each offer's best GPU count: the plan's choice, its cheapest option, or the count closest to"
                    + " one; --all lists every count)");
        }
        out.flush();
        return ExitCodes.OK;
    }
}
