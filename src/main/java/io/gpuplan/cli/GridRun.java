package io.gpuplan.cli;

import io.gpuplan.previous.PreviousPlanText;
import io.gpuplan.engine.Outcome;
import io.gpuplan.engine.TaskEngine;
import io.gpuplan.grid.GridResult;
import io.gpuplan.grid.GridSettings;
import io.gpuplan.grid.GridTask;
import io.gpuplan.grid.GridWorker;
import io.gpuplan.output.Outputs;
import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.Yaml;
import io.gpuplan.previous.PreviousPlans;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.ProblemReader;
import io.gpuplan.solve.SolverSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The grid points of {@code frontier} and {@code compare} as engine tasks: each point's files checked and turned into
 * a {@link GridTask} here, solved by {@link GridWorker} wherever the engine runs it, and its files written here, as
 * one set each, from the texts the task gave back.
 */
final class GridRun {
    /** What solves a point: the worker, unless a test makes one point fail to see it reported. */
    static TaskEngine.Task<GridTask, GridResult> worker = GridWorker::run;

    private GridRun() {
    }

    /**
     * The task of one checked problem, or null after printing why it cannot be made (its previous plan unreadable).
     *
     * @param outDir where its plan goes (the plan records the path from there to its problem)
     */
    static GridTask task(ProblemReader.Loaded loaded, Path previous, String base, Path outDir, SolverSettings settings,
                         PrintWriter err) {
        String text;
        PreviousPlanText prev = null;
        try {
            text = ProblemReader.resolve(loaded.file());
            Path plan = PreviousPlans.planFile(loaded, previous);
            if (plan != null) {
                prev = PreviousPlanText.read(plan);
            }
        } catch (InputErrors | IOException e) {
            // The load that checked the file read it a moment ago: only a file changed or removed since gets here.
            err.println(loaded.file() + ": cannot read it again: " + e.getMessage());
            return null;
        }
        var refs = ScenarioRun.refs(loaded, outDir).problem();
        return new GridTask(base, loaded.file().toString(), text, loaded.sha256(), refs.file(), refs.path(), prev,
                GridSettings.of(settings), List.of());
    }

    /**
     * Runs the tasks on the engine (progress on {@code err} as a sweep's), prints each point's console lines and
     * writes each solved point's files into {@code outDir}; the outcomes come back in the tasks' order, a point that
     * failed (in the worker, or for good on the engine) as failed, never dropped.
     */
    static List<ScenarioRun.Outcome> run(TaskEngine engine, List<GridTask> tasks, Path outDir, String label, String stage,
                                         PrintWriter err) {
        GridWorker.stopWith(Interrupts.stopper());
        SweepProgress progress = new SweepProgress(err, label, false);
        List<Outcome<GridResult>> results = engine.map(tasks, worker, p -> progress.accept(stage, p));
        List<ScenarioRun.Outcome> out = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            out.add(outcome(tasks.get(i).base(), results.get(i), outDir, err));
        }
        return out;
    }

    private static ScenarioRun.Outcome outcome(String base, Outcome<GridResult> o, Path outDir, PrintWriter err) {
        if (o.failed()) {
            return ScenarioRun.Outcome.failed(base, ExitCodes.INTERNAL, "failed on the engine: " + o.error());
        }
        GridResult r = o.value();
        r.messages().forEach(err::println);
        err.flush();
        if (!r.solved()) {
            return ScenarioRun.Outcome.failed(base, r.code(), r.error());
        }
        try {
            Path planFile = Outputs.publish(outDir, base, r.files()).get(0);
            PlanDocument plan = Yaml.MAPPER.readValue(r.files().get(Outputs.SUFFIXES.get(0)), PlanDocument.class);
            return new ScenarioRun.Outcome(base, r.code(), plan, null, planFile, Duration.ofNanos(r.wallNanos()),
                    r.movesPerSecond(), null);
        } catch (IOException e) {
            return ScenarioRun.Outcome.failed(base, ExitCodes.BAD_INPUT, "cannot write the outputs: "
                    + io.gpuplan.problem.IoFailure.writing(e));
        }
    }
}
