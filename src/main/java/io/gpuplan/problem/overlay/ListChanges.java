package io.gpuplan.problem.overlay;

import io.gpuplan.problem.yaml.ErrorSink;
import io.gpuplan.problem.yaml.Paths;
import io.gpuplan.problem.yaml.YNode;
import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YNode.YScalar;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** An overlay's {@code {add, update, remove}} on one keyed list of its base (offers and jobs by id, accelerators by name). */
final class ListChanges {
    static final List<String> OPERATIONS = List.of("add", "update", "remove");

    private final ErrorSink errors;
    private final String list;
    private final String key;

    ListChanges(ErrorSink errors, String list, String key) {
        this.errors = errors;
        this.list = list;
        this.key = key;
    }

    YList apply(YList base, YNode ops) {
        if (!(ops instanceof YMap m)) {
            errors.error(ops.location(), list, "in an overlay, " + list + " lists changes, not the whole list",
                    list + ": {add: [...], update: [{" + key + ": ..., <field>: <new value>}], remove: [<" + key + ">]}");
            return base;
        }
        for (Entry e : m.entries().values()) {
            if (!OPERATIONS.contains(e.key())) {
                errors.error(e.keyLocation(), Paths.child(list, e.key()), "unknown change \"" + e.key() + "\""
                        + OverlayResolver.suggestion(e.key(), OPERATIONS), "one of: add, update, remove");
            }
        }
        Map<String, YNode> byKey = new LinkedHashMap<>();
        for (YNode item : base.items()) {
            byKey.put(keyOf(item), item);
        }
        remove(m.get("remove"), byKey);
        update(m.get("update"), byKey);
        List<YNode> out = new ArrayList<>(byKey.values());
        YNode add = m.get("add");
        if (add != null) {
            if (add instanceof YList l) {
                out.addAll(l.items());
            } else {
                errors.error(add.location(), list + ".add", "expected a list of new entries", "add: [{" + key + ": ..., ...}]");
            }
        }
        return new YList(out, base.location());
    }

    private void remove(YNode node, Map<String, YNode> byKey) {
        if (node == null) {
            return;
        }
        if (!(node instanceof YList l)) {
            errors.error(node.location(), list + ".remove", "expected a list of " + key + "s", "remove: [<" + key + ">, ...]");
            return;
        }
        Set<String> known = new LinkedHashSet<>(byKey.keySet());
        Map<String, Integer> removedAt = new LinkedHashMap<>();
        for (int i = 0; i < l.items().size(); i++) {
            YNode item = l.items().get(i);
            String k = item instanceof YScalar s ? s.text() : null;
            if (k != null && removedAt.containsKey(k)) {
                errors.error(item.location(), Paths.index(list + ".remove", i), "\"" + k + "\" is removed twice (also "
                        + Paths.index(list + ".remove", removedAt.get(k)) + ")", "each " + key + " once");
            } else if (k == null || byKey.remove(k) == null) {
                errors.error(item.location(), Paths.index(list + ".remove", i), "no " + singular() + " with " + key + " \""
                        + k + "\" in the base" + OverlayResolver.suggestion(String.valueOf(k), known), "one of: " + String.join(", ", known));
            } else {
                removedAt.put(k, i);
            }
        }
    }

    private void update(YNode node, Map<String, YNode> byKey) {
        if (node == null) {
            return;
        }
        if (!(node instanceof YList l)) {
            errors.error(node.location(), list + ".update", "expected a list of changes", "update: [{" + key + ": ..., <field>: <value>}]");
            return;
        }
        for (int i = 0; i < l.items().size(); i++) {
            YNode item = l.items().get(i);
            String path = Paths.index(list + ".update", i);
            String k = item instanceof YMap mm && mm.get(key) instanceof YScalar s ? s.text() : null;
            if (k == null) {
                errors.error(item.location(), path, "a change must name its " + key, "{" + key + ": <which one>, <field>: <new value>}");
                continue;
            }
            YNode old = byKey.get(k);
            if (old == null) {
                errors.error(((YMap) item).get(key).location(), Paths.child(path, key), "no " + singular() + " with " + key
                        + " \"" + k + "\" in the base" + OverlayResolver.suggestion(k, byKey.keySet()), "one of: " + String.join(", ", byKey.keySet()));
                continue;
            }
            byKey.put(k, OverlayResolver.merge(old, item));
        }
    }

    private String keyOf(YNode item) {
        return item instanceof YMap m && m.get(key) instanceof YScalar s ? s.text() : "#" + System.identityHashCode(item);
    }

    private String singular() {
        return list.substring(0, list.length() - 1);
    }
}
