package io.gpuplan.problem;

import io.gpuplan.problem.file.GpusFile;
import io.gpuplan.problem.file.ProblemFile;
import io.gpuplan.problem.file.ProblemResolver;
import io.gpuplan.problem.yaml.Locator;
import io.gpuplan.problem.yaml.RecordBinder;
import io.gpuplan.problem.yaml.YNode;
import io.gpuplan.problem.yaml.YamlSyntaxException;
import io.gpuplan.problem.yaml.YamlTreeReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** Reads a problem file: YAML with locations → file records → validated {@link Problem}, all errors at once. */
public final class ProblemReader {
    private ProblemReader() {
    }

    /** A problem as read from a file, with the file's checksum (the plan records it) and any warnings. */
    public record Loaded(Path file, String sha256, Problem problem, List<String> warnings) {
    }

    public static Loaded read(Path file) throws InputErrors {
        String name = file.toString();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new InputErrors(List.of(new InputError(name, io.gpuplan.problem.yaml.Location.UNKNOWN, "",
                    "cannot read the file (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")",
                    "a readable YAML problem file")));
        }
        List<String> warnings = new ArrayList<>();
        Problem problem = parse(name, new String(bytes, StandardCharsets.UTF_8), warnings);
        return new Loaded(file, sha256(bytes), problem, List.copyOf(warnings));
    }

    /** Parses problem text; {@code name} is what messages call the file. */
    public static Problem parse(String name, String text, List<String> warnings) throws InputErrors {
        List<InputError> errors = new ArrayList<>();
        YNode root;
        try {
            root = YamlTreeReader.read(text, (loc, path, what, valid) -> errors.add(new InputError(name, loc, path, what, valid)));
        } catch (YamlSyntaxException e) {
            throw new InputErrors(List.of(new InputError(name, e.location(), "", "not valid YAML: " + e.getMessage(),
                    "fix the YAML syntax at this position")));
        }
        RecordBinder binder = new RecordBinder((loc, path, what, valid) -> errors.add(new InputError(name, loc, path, what, valid)),
                Map.of(GpusFile.class, GpusFile.SCALAR));
        ProblemFile file = binder.bindRoot(root, ProblemFile.class);
        if (file == null) {
            if (errors.isEmpty()) {
                errors.add(new InputError(name, root.location(), "", "the file is empty or not a mapping",
                        "a mapping with name, horizon, offers and jobs"));
            }
            throw new InputErrors(sorted(errors));
        }
        Problem problem = new ProblemResolver(new Locator(root),
                (loc, path, what, valid) -> errors.add(new InputError(name, loc, path, what, valid)),
                w -> warnings.add(name + ": " + w)).resolve(file);
        if (problem == null || !errors.isEmpty()) {
            throw new InputErrors(sorted(errors));
        }
        return problem;
    }

    /** In the order of the file, so a reader can fix them top to bottom. */
    private static List<InputError> sorted(List<InputError> errors) {
        List<InputError> out = new ArrayList<>(errors);
        out.sort(java.util.Comparator.comparingInt((InputError e) -> e.location().line())
                .thenComparingInt(e -> e.location().column()));
        return out;
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
