package io.gpuplan.problem;

import io.gpuplan.problem.file.GpusFile;
import io.gpuplan.problem.file.ProblemFile;
import io.gpuplan.problem.file.ProblemResolver;
import io.gpuplan.problem.overlay.OverlayResolver;
import io.gpuplan.problem.yaml.ErrorSink;
import io.gpuplan.problem.yaml.Locator;
import io.gpuplan.problem.yaml.ProblemText;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YamlTreeWriter;
import io.gpuplan.problem.yaml.RecordBinder;
import io.gpuplan.problem.yaml.YNode;
import io.gpuplan.problem.yaml.YamlSyntaxException;
import io.gpuplan.problem.yaml.YamlTreeReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** Reads a problem file: YAML with locations → file records → validated {@link Problem}, all errors at once. */
public final class ProblemReader {
    /** The records that may also be written as one scalar; the JSON Schema generator reads the same map. */
    public static final Map<Class<?>, io.gpuplan.problem.yaml.ScalarForm<?>> SCALAR_FORMS = Map.of(GpusFile.class, GpusFile.SCALAR);

    private ProblemReader() {
    }

    /** A problem as read from a file, with the file's checksum (the plan records it) and any warnings. */
    public record Loaded(Path file, String sha256, Problem problem, List<String> warnings) {
    }

    public static Loaded read(Path file) throws InputErrors {
        String name = file.toString();
        ProblemText text = text(file);
        List<InputError> errors = new ArrayList<>();
        YNode root = tree(name, text.text(), errors);
        String sha = sha256(text.bytes());
        if (OverlayResolver.isOverlay(root)) {
            root = resolved(file, root, errors);
            // An overlay's fingerprint is its resolved problem's, so a change to its base changes it too.
            sha = sha256(YamlTreeWriter.write(root).getBytes(StandardCharsets.UTF_8));
        }
        List<String> warnings = new ArrayList<>();
        Problem problem = fromTree(name, root, errors, warnings);
        return new Loaded(file, sha, problem, List.copyOf(warnings));
    }

    /** Parses problem text; {@code name} is what messages call the file. Overlays need {@link #read}. */
    public static Problem parse(String name, String text, List<String> warnings) throws InputErrors {
        List<InputError> errors = new ArrayList<>();
        return fromTree(name, tree(name, text, errors), errors, warnings);
    }

    /** The full problem an overlay resolves to (a plain problem file as it is), as YAML, after checking it reads. */
    public static String resolve(Path file) throws InputErrors {
        String name = file.toString();
        List<InputError> errors = new ArrayList<>();
        YNode root = tree(name, text(file).text(), errors);
        if (OverlayResolver.isOverlay(root)) {
            root = resolved(file, root, errors);
        }
        fromTree(name, root, errors, new ArrayList<>());
        return YamlTreeWriter.write(root);
    }

    private static ProblemText text(Path file) throws InputErrors {
        try {
            return ProblemText.read(file);
        } catch (ProblemText.Unreadable e) {
            throw new InputErrors(List.of(new InputError(file.toString(), e.location(), "",
                    e.location().isKnown() ? e.what() : "cannot read the file: " + e.what(), e.valid())));
        }
    }

    private static YNode tree(String name, String text, List<InputError> errors) throws InputErrors {
        try {
            return YamlTreeReader.read(text, sink(name, errors));
        } catch (YamlSyntaxException e) {
            throw new InputErrors(List.of(new InputError(name, e.location(), e.path(), e.what(), e.valid())));
        }
    }

    private static YNode resolved(Path file, YNode overlay, List<InputError> errors) throws InputErrors {
        YNode root = OverlayResolver.resolve(file, (YMap) overlay, sink(file.toString(), errors));
        if (root == null) {
            throw new InputErrors(sorted(errors));
        }
        return root; // with any errors of its changes still to come, together with those of the merged problem
    }

    private static ErrorSink sink(String name, List<InputError> errors) {
        return (loc, path, what, valid) -> errors.add(new InputError(name, loc, path, what, valid));
    }

    /** Binds and checks a document tree; every error found so far and here is thrown at once. */
    private static Problem fromTree(String name, YNode root, List<InputError> errors, List<String> warnings)
            throws InputErrors {
        RecordBinder binder = new RecordBinder(sink(name, errors), SCALAR_FORMS);
        ProblemFile file = binder.bindRoot(root, ProblemFile.class);
        if (file == null) {
            if (errors.isEmpty()) {
                errors.add(new InputError(name, root.location(), "", "the file is empty or not a mapping",
                        "a mapping with name, horizon, offers and jobs"));
            }
            throw new InputErrors(sorted(errors));
        }
        java.util.Set<String> reported = new java.util.HashSet<>();
        errors.forEach(e -> reported.add(e.path()));
        Problem problem = new ProblemResolver(new Locator(root), sink(name, errors),
                w -> warnings.add(name + ": " + w), reported).resolve(file);
        if (problem == null || !errors.isEmpty()) {
            throw new InputErrors(sorted(errors));
        }
        return problem;
    }

    /** In the order of the files (the one read first, then bases), so a reader can fix them top to bottom. */
    private static List<InputError> sorted(List<InputError> errors) {
        List<InputError> out = new ArrayList<>(errors);
        out.sort(java.util.Comparator.comparing((InputError e) -> e.location().source() == null ? "" : e.location().source())
                .thenComparingInt(e -> e.location().line()).thenComparingInt(e -> e.location().column()));
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
