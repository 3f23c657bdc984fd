package io.gpuplan.previous;

import io.gpuplan.output.PlanDocument;
import io.gpuplan.output.Yaml;
import io.gpuplan.problem.InputErrors;
import io.gpuplan.problem.Problem;
import io.gpuplan.problem.ProblemReader;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * R31 on an engine: the previous plan a problem continues, as text, so a task carries it to a worker that cannot read
 * the driver's files (a sweep's scenario solve, a grid point).
 *
 * @param name   the plan's file name (what the new plan records and messages call it)
 * @param path   where it was read, as the command named it (for errors located in it)
 * @param sha256 the file's fingerprint, as the new plan records it
 */
public record PreviousPlanText(String name, String path, String sha256, String text) implements Serializable {
    public static PreviousPlanText read(Path plan) throws IOException {
        byte[] bytes = Files.readAllBytes(plan);
        return new PreviousPlanText(plan.getFileName().toString(), plan.toString(), ProblemReader.sha256(bytes),
                new String(bytes, StandardCharsets.UTF_8));
    }

    /** {@code problem} continuing this plan ({@link PreviousPlans#apply}); its warnings were shown when it was read. */
    public Problem applyTo(Problem problem, String problemFile) throws InputErrors {
        PlanDocument doc = Yaml.MAPPER.readValue(text, PlanDocument.class);
        return PreviousPlans.apply(problem, name, sha256, doc, text, path, problemFile, w -> {
        });
    }
}
