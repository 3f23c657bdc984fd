package io.gpuplan.problem.overlay;

import io.gpuplan.problem.yaml.DidYouMean;
import io.gpuplan.problem.yaml.ErrorSink;
import io.gpuplan.problem.yaml.Location;
import io.gpuplan.problem.yaml.YNode;
import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YNode.YScalar;
import io.gpuplan.problem.yaml.YamlSyntaxException;
import io.gpuplan.problem.yaml.YamlTreeReader;
import io.gpuplan.problem.yaml.ProblemText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolves a scenario overlay ({@code extends: base.yaml}) into the full problem tree: its base (itself possibly an
 * overlay) with the overlay's changes applied. Nodes keep where they came from, so that every error about the merged
 * problem points into the file that wrote the value: the overlay, or the base.
 *
 * <p>An overlay may set any top-level field (maps are merged key by key, anything else replaced); change the
 * {@code offers}, {@code jobs} and {@code accelerators} lists with {@code {add: [...], update: [{id, ...}],
 * remove: [ids]}} (accelerators by {@code name}); and {@code scale} prices, capacities, budgets and deadlines
 * ({@link Scaling}).
 */
public final class OverlayResolver {
    static final Set<String> OVERLAY_ONLY = Set.of("extends", "scale");
    static final Map<String, String> KEYED = Map.of("offers", "id", "jobs", "id", "accelerators", "name");

    private final ErrorSink errors;

    private OverlayResolver(ErrorSink errors) {
        this.errors = errors;
    }

    /** The fields only an overlay has ({@code extends}, {@code scale}); for the JSON Schema, as the ones below. */
    public static Set<String> overlayOnlyFields() {
        return OVERLAY_ONLY;
    }

    /** The lists an overlay changes by key ({@code offers} and {@code jobs} by id, {@code accelerators} by name). */
    public static Map<String, String> keyedLists() {
        return KEYED;
    }

    /** The changes an overlay may make to a keyed list: add, update, remove. */
    public static List<String> listOperations() {
        return ListChanges.OPERATIONS;
    }

    /** What a {@code scale:} rule may scale, and the filters each takes. */
    public static Map<String, Set<String>> scaleFilters() {
        return Scaling.FILTERS;
    }

    /** How a {@code deadlines:} rule writes its shift ({@code -7d}, {@code 2w}). */
    public static java.util.regex.Pattern deadlineShift() {
        return Scaling.SHIFT;
    }

    /** Whether a parsed document is an overlay. */
    public static boolean isOverlay(YNode root) {
        return root instanceof YMap m && m.entries().containsKey("extends");
    }

    /**
     * The resolved tree of the overlay {@code file} whose parsed root is {@code overlay}, or null when its base
     * cannot be read (the errors say why).
     */
    public static YNode resolve(Path file, YMap overlay, ErrorSink errors) {
        return new OverlayResolver(errors).resolve(file, overlay, new ArrayList<>(List.of(real(file))));
    }

    private YNode resolve(Path file, YMap overlay, List<Path> chain) {
        Entry ext = overlay.entries().get("extends");
        if (!(ext.value() instanceof YScalar s) || s.kind() != YScalar.Kind.STRING || s.text().isBlank()) {
            errors.error(ext.value().location(), "extends", "expected the path of the base problem file",
                    "a file name relative to this file, e.g. extends: quarterly-base.yaml");
            return null;
        }
        Path basePath = (file.getParent() == null ? Path.of(s.text()) : file.getParent().resolve(s.text())).normalize();
        if (chain.contains(real(basePath))) {
            List<String> names = new ArrayList<>(chain.stream().map(Path::getFileName).map(Path::toString).toList());
            names.add(basePath.getFileName().toString());
            errors.error(s.location(), "extends", "extends cycle: " + String.join(" -> ", names),
                    "a chain of extends that ends in a problem file without extends");
            return null;
        }
        String text;
        String baseName = basePath.toString();
        try {
            text = ProblemText.read(basePath).text();
        } catch (ProblemText.Unreadable e) {
            if (e.location().isKnown()) { // a position inside the base (a byte that is not UTF-8)
                errors.error(e.location().in(baseName), "", e.what(), e.valid());
            } else {
                errors.error(s.location(), "extends", "cannot read the base file " + basePath + ": " + e.what(),
                        e.valid() + ", relative to this one");
            }
            return null;
        }
        ErrorSink inBase = (loc, path, what, valid) -> errors.error(loc.source() == null ? loc.in(baseName) : loc, path, what, valid);
        YNode base;
        try {
            base = YamlTreeReader.read(text, inBase);
        } catch (YamlSyntaxException e) {
            errors.error(e.location().in(baseName), e.path(), e.what(), e.valid());
            return null;
        }
        if (!(base instanceof YMap baseMap)) {
            errors.error(s.location(), "extends", baseName + " is not a problem file (not a mapping)", "a problem file");
            return null;
        }
        if (isOverlay(base)) {
            chain.add(real(basePath));
            // The base's own errors (a cycle its extends closes, its changes) stand in the base, not in this file.
            YNode deeper = new OverlayResolver(inBase).resolve(basePath, baseMap, chain);
            if (deeper == null) {
                return null;
            }
            baseMap = (YMap) retag(deeper, baseName);
        } else {
            baseMap = (YMap) retag(base, baseName);
        }
        return apply(baseMap, overlay, file);
    }

    private YMap apply(YMap base, YMap overlay, Path file) {
        Map<String, Entry> out = new LinkedHashMap<>(base.entries());
        for (Entry e : overlay.entries().values()) {
            if (OVERLAY_ONLY.contains(e.key())) {
                continue;
            }
            if (KEYED.containsKey(e.key())) {
                Entry baseEntry = out.get(e.key());
                YList baseList = baseEntry != null && baseEntry.value() instanceof YList l ? l : new YList(List.of(), e.keyLocation());
                YList changed = new ListChanges(errors, e.key(), KEYED.get(e.key())).apply(baseList, e.value());
                out.put(e.key(), new Entry(e.key(), baseEntry != null ? baseEntry.keyLocation() : e.keyLocation(), changed));
            } else {
                Entry baseEntry = out.get(e.key());
                out.put(e.key(), baseEntry == null ? e : new Entry(e.key(), baseEntry.keyLocation(), merge(baseEntry.value(), e.value())));
            }
        }
        if (!overlay.entries().containsKey("name") && out.get("name") != null && out.get("name").value() instanceof YScalar n) {
            String stem = file.getFileName().toString().replaceAll("\\.ya?ml$", "");
            out.put("name", new Entry("name", out.get("name").keyLocation(),
                    new YScalar(n.text() + " (" + stem + ")", YScalar.Kind.STRING, n.location())));
        }
        YMap merged = new YMap(out, base.location());
        Entry scale = overlay.entries().get("scale");
        return scale == null ? merged : new Scaling(errors).apply(merged, scale.value());
    }

    /** Maps are merged key by key, recursively; anything else is replaced by the overlay's value. */
    static YNode merge(YNode base, YNode overlay) {
        if (base instanceof YMap b && overlay instanceof YMap o) {
            Map<String, Entry> out = new LinkedHashMap<>(b.entries());
            for (Entry e : o.entries().values()) {
                Entry old = out.get(e.key());
                out.put(e.key(), old == null ? e : new Entry(e.key(), old.keyLocation(), merge(old.value(), e.value())));
            }
            return new YMap(out, b.location());
        }
        return overlay;
    }

    /** Marks every location of a tree read from {@code file} (that has no file yet) as standing there. */
    static YNode retag(YNode node, String file) {
        return switch (node) {
            case YMap m -> {
                Map<String, Entry> out = new LinkedHashMap<>();
                m.entries().forEach((k, e) -> out.put(k, new Entry(k, tag(e.keyLocation(), file), retag(e.value(), file))));
                yield new YMap(out, tag(m.location(), file));
            }
            case YList l -> new YList(l.items().stream().map(i -> retag(i, file)).toList(), tag(l.location(), file));
            case YScalar s -> new YScalar(s.text(), s.kind(), tag(s.location(), file));
        };
    }

    private static Location tag(Location l, String file) {
        return l.source() == null && l.isKnown() ? l.in(file) : l;
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    static String suggestion(String wrong, java.util.Collection<String> known) {
        return DidYouMean.suggest(wrong, known).map(g -> " (did you mean \"" + g + "\"?)").orElse("");
    }
}
