package io.gpuplan.problem.yaml;

import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds where a field path such as {@code jobs[2].gpus.min} stands in a {@link YNode} tree. */
public final class Locator {
    private static final Pattern SEGMENT = Pattern.compile("([^.\\[\\]]+)|\\[(\\d+)]");

    private final YNode root;

    public Locator(YNode root) {
        this.root = root;
    }

    /**
     * The location of the value at {@code path}; for a path that does not exist, that of its deepest existing
     * ancestor (where a missing field would have to be added).
     */
    public Location locate(String path) {
        YNode node = root;
        Location best = root.location();
        Matcher m = SEGMENT.matcher(path);
        while (m.find()) {
            if (m.group(1) != null && node instanceof YMap map) {
                Entry e = map.entries().get(m.group(1));
                if (e == null) {
                    return best;
                }
                node = e.value();
                best = node.location().isKnown() ? node.location() : e.keyLocation();
            } else if (m.group(2) != null && node instanceof YList list) {
                int i = Integer.parseInt(m.group(2));
                if (i >= list.items().size()) {
                    return best;
                }
                node = list.items().get(i);
                best = node.location();
            } else {
                return best;
            }
        }
        return best;
    }

    /** The node at {@code path}, or null. */
    public YNode find(String path) {
        YNode node = root;
        Matcher m = SEGMENT.matcher(path);
        while (m.find()) {
            if (m.group(1) != null && node instanceof YMap map) {
                node = map.get(m.group(1));
            } else if (m.group(2) != null && node instanceof YList list) {
                int i = Integer.parseInt(m.group(2));
                node = i < list.items().size() ? list.items().get(i) : null;
            } else {
                return null;
            }
            if (node == null) {
                return null;
            }
        }
        return node;
    }
}
