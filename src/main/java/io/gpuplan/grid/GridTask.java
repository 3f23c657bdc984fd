package io.gpuplan.grid;

import io.gpuplan.previous.PreviousPlanText;
import java.io.Serializable;
import java.util.List;

/**
 * One grid point of {@code frontier} (a budget) or {@code compare} (a scenario): all a worker needs to solve it and
 * render its files, on any engine. The problem travels as text ({@code Problem} is not Serializable, and a Spark
 * executor cannot read the driver's files); what the plan records about its file is worked out where the command runs.
 *
 * @param base         the name its files get: BASE.plan.yaml, BASE.focus.csv, ...
 * @param fileName     what messages call the problem file
 * @param problemText  the problem as one document (an overlay resolved with its bases)
 * @param sha256       the problem file's fingerprint, as {@code ProblemReader.read} gives it
 * @param planName     the problem's file name, as the plan records it
 * @param storedPath   the path the plan records to its problem (null: the name alone finds it)
 * @param previous     R31: the previous plan it continues, or null
 * @param candidates   plans (their YAML text) to start from if they beat the warm start's own: the frontier's
 *                     smaller budgets' plans
 */
public record GridTask(String base, String fileName, String problemText, String sha256, String planName,
                       String storedPath, PreviousPlanText previous, GridSettings settings, List<String> candidates)
        implements Serializable {
    public GridTask {
        candidates = List.copyOf(candidates);
    }

    public GridTask withCandidates(List<String> plans) {
        return new GridTask(base, fileName, problemText, sha256, planName, storedPath, previous, settings, plans);
    }
}
