package io.gpuplan.problem.yaml;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as a tree that remembers where every key and value stood, so that every message about the
 * input can name its line and column (Jackson's record binding gives no location for an unknown property).
 */
public sealed interface YNode {
    Location location();

    /** A short name of the node's YAML type for "expected X, got Y" messages. */
    String typeName();

    record YMap(Map<String, Entry> entries, Location location) implements YNode {
        public YMap {
            entries = new LinkedHashMap<>(entries);
        }

        public YNode get(String key) {
            Entry e = entries.get(key);
            return e == null ? null : e.value();
        }

        @Override
        public String typeName() {
            return "a mapping";
        }
    }

    /** One key of a mapping: where the key itself stands, and its value. */
    record Entry(String key, Location keyLocation, YNode value) {
    }

    record YList(List<YNode> items, Location location) implements YNode {
        public YList {
            items = List.copyOf(items);
        }

        @Override
        public String typeName() {
            return "a list";
        }
    }

    /** A scalar with its text as written; {@code kind} says how YAML typed it. */
    record YScalar(String text, Kind kind, Location location) implements YNode {
        public enum Kind { STRING, INTEGER, FLOAT, BOOLEAN, NULL }

        @Override
        public String typeName() {
            return switch (kind) {
                case STRING -> "the text \"" + abbreviate(text) + "\"";
                case INTEGER, FLOAT -> "the number " + abbreviate(text);
                case BOOLEAN -> "the boolean " + text;
                case NULL -> "an empty value";
            };
        }

        private static String abbreviate(String s) {
            return s.length() <= 40 ? s : s.substring(0, 37) + "...";
        }
    }
}
