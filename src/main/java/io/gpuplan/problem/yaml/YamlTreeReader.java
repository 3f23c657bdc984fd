package io.gpuplan.problem.yaml;

import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YNode.YScalar;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLParser;

/**
 * Reads YAML text into a {@link YNode} tree with locations, using Jackson's streaming YAML parser, within limits:
 * nesting depth, value length, and the number of values once anchors and aliases are expanded.
 */
public final class YamlTreeReader {
    /** Limits that keep hostile or broken input from exhausting the machine; each breach is a located error. */
    public static final int MAX_DEPTH = 64;
    public static final int MAX_SCALAR = 10_000;
    public static final long MAX_VALUES = 200_000;
    /** YAML's own limit on a key written without a "? " indicator (YAML 1.2, 7.4.2), which SnakeYAML enforces. */
    public static final int MAX_KEY = 1024;
    /** Where SnakeYAML says a key began when it found no ':' within {@link #MAX_KEY} characters. */
    private static final Pattern SIMPLE_KEY = Pattern.compile("while scanning a simple key \\(line (\\d+), column (\\d+)\\)");

    /** A position in a SnakeYAML message: {@code " in reader, line 4, column 7:"}. */
    private static final Pattern MARK = Pattern.compile("\\s*in .*, line (\\d+), column (\\d+):?\\s*");

    private final JsonParser p;
    private final ErrorSink errors;
    private final Map<String, YNode> anchors = new HashMap<>();
    private final Map<YNode, Long> sizes = new IdentityHashMap<>();
    private long nodes;

    private YamlTreeReader(JsonParser p, ErrorSink errors) {
        this.p = p;
        this.errors = errors;
    }

    /**
     * Parses one YAML document.
     *
     * @param errors receives duplicate keys; a syntax error is thrown as {@link YamlSyntaxException}
     */
    public static YNode read(String text, ErrorSink errors) {
        // The whole text in one read buffer: SnakeYAML Engine 3.0.1 fails with an IndexOutOfBoundsException when a
        // surrogate pair (an emoji, say) straddles the end of its default 1024-character buffer.
        YAMLFactory factory = YAMLFactory.builder().loadSettings(LoadSettings.builder()
                .setBufferSize(Math.max(1024, text.length() + 2)).setAllowDuplicateKeys(true)
                .setCodePointLimit(Math.max(3 * 1024 * 1024, text.length() + 2)).build()).build();
        try (JsonParser p = factory.createParser(tools.jackson.core.ObjectReadContext.empty(), text)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return new YScalar("", YScalar.Kind.NULL, new Location(1, 1));
            }
            YNode root = new YamlTreeReader(p, errors).readValue(t, "", 0);
            if (p.nextToken() != null) { // Jackson reads a "---" document after the first as more root values
                throw new YamlSyntaxException(location(p.currentTokenLocation()), "a second YAML document (after ---);"
                        + " gpuplan reads one problem per file and would ignore it");
            }
            return root;
        } catch (JacksonException e) {
            throw longKey(syntaxError(e), text);
        }
    }

    /**
     * "could not find expected ':'" also means a key longer than YAML allows; say so when the key that began where
     * SnakeYAML says is that long, instead of quoting the parser.
     */
    private static YamlSyntaxException longKey(YamlSyntaxException e, String text) {
        Matcher m = SIMPLE_KEY.matcher(e.getMessage());
        if (!e.getMessage().contains("could not find expected ':'") || !m.find()) {
            return e;
        }
        int line = Integer.parseInt(m.group(1));
        int column = Integer.parseInt(m.group(2));
        String[] lines = text.split("\n", line + 1);
        if (line > lines.length || column - 1 > lines[line - 1].length()) {
            return e;
        }
        String rest = lines[line - 1].substring(column - 1);
        int colon = rest.indexOf(": ");
        int keyLength = colon >= 0 ? colon : rest.endsWith(":") ? rest.length() - 1 : -1;
        if (keyLength <= MAX_KEY) {
            return e;
        }
        return new YamlSyntaxException(new Location(line, column), "a key of " + keyLength + " characters; YAML allows a key"
                + " of at most " + MAX_KEY);
    }

    /**
     * SnakeYAML's message says what is wrong and where ({@code " in reader, line 2, column 1:"}, 1-based), often after
     * a context line ("while parsing a flow mapping") with a mark of its own. Jackson's location is sometimes only where
     * the last token began (a tab that starts line 2 is reported at the end of line 1), so the problem's own mark wins.
     */
    static YamlSyntaxException syntaxError(JacksonException e) {
        TokenStreamLocation loc = e.getLocation();
        Location where = loc == null ? Location.UNKNOWN : new Location(loc.getLineNr(), loc.getColumnNr());
        String message = e.getOriginalMessage();
        if (message == null || message.isBlank()) {
            return new YamlSyntaxException(where, "the file is not valid YAML");
        }
        List<String> texts = new ArrayList<>();
        List<Location> marks = new ArrayList<>();
        for (String line : message.split("\n")) {
            Matcher m = MARK.matcher(line);
            if (m.matches()) {
                if (!texts.isEmpty() && marks.get(marks.size() - 1) == null) {
                    marks.set(marks.size() - 1, new Location(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
                }
            } else if (!line.isBlank() && !line.startsWith("    ")) {
                texts.add(line.trim());
                marks.add(null);
            }
        }
        if (texts.isEmpty()) {
            return new YamlSyntaxException(where, message.trim());
        }
        StringBuilder what = new StringBuilder();
        for (int i = 0; i < texts.size(); i++) {
            if (i > 0) {
                what.append(": ");
            }
            what.append(texts.get(i));
            if (i < texts.size() - 1 && marks.get(i) != null) {
                what.append(" (line ").append(marks.get(i).line()).append(", column ").append(marks.get(i).column()).append(')');
            }
        }
        for (int i = marks.size() - 1; i >= 0; i--) {
            if (marks.get(i) != null) {
                where = marks.get(i);
                break;
            }
        }
        return new YamlSyntaxException(where, what.toString());
    }

    private YNode readValue(JsonToken t, String path, int depth) {
        Location loc = location(p.currentTokenLocation());
        if (depth > MAX_DEPTH) {
            throw YamlSyntaxException.limit(loc, path, "nested more than " + MAX_DEPTH + " levels deep",
                    "at most " + MAX_DEPTH + " levels of mappings and lists");
        }
        if (p instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
            return alias(p.getText(), loc);
        }
        String anchor = p instanceof YAMLParser yaml ? yaml.getObjectId() : null;
        YNode node = switch (t) {
            case START_OBJECT -> readMap(path, depth, loc);
            case START_ARRAY -> {
                List<YNode> items = new ArrayList<>();
                JsonToken i;
                while ((i = p.nextToken()) != JsonToken.END_ARRAY) {
                    items.add(readValue(i, Paths.index(path, items.size()), depth + 1));
                }
                yield new YList(items, loc);
            }
            case VALUE_STRING -> scalar(p.getString(), isCoreNull(p.getString()) ? YScalar.Kind.NULL : YScalar.Kind.STRING, loc, path);
            case VALUE_NUMBER_INT -> scalar(p.getText(), YScalar.Kind.INTEGER, loc, path);
            case VALUE_NUMBER_FLOAT -> scalar(p.getText(), YScalar.Kind.FLOAT, loc, path);
            case VALUE_TRUE, VALUE_FALSE -> scalar(p.getText(), YScalar.Kind.BOOLEAN, loc, path);
            case VALUE_NULL -> scalar("", YScalar.Kind.NULL, loc, path);
            default -> throw new YamlSyntaxException(loc, "unexpected YAML content (" + t + ")");
        };
        count(1, loc);
        if (anchor != null) {
            anchors.put(anchor, node);
        }
        return node;
    }

    private YMap readMap(String path, int depth, Location loc) {
        Map<String, Entry> entries = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String key = p.currentName();
            Location keyLoc = location(p.currentTokenLocation());
            if (key.length() > MAX_SCALAR) {
                throw YamlSyntaxException.limit(keyLoc, path, "a key of " + key.length() + " characters",
                        "a key of at most " + MAX_SCALAR + " characters");
            }
            String childPath = Paths.child(path, key);
            YNode value = readValue(p.nextToken(), childPath, depth + 1);
            if (entries.containsKey(key)) {
                errors.error(keyLoc, childPath, "duplicate key \"" + key + "\"",
                        "each key once (first at line " + entries.get(key).keyLocation().line() + ")");
            } else {
                entries.put(key, new Entry(key, keyLoc, value));
            }
        }
        return new YMap(entries, loc);
    }

    /**
     * YAML 1.2's core schema reads {@code ~}, {@code Null} and {@code NULL} as null, but Jackson only {@code null}: a
     * {@code region: ~} would otherwise be the text "~". Jackson does not tell a quoted '~' apart, so that is null too.
     */
    private static boolean isCoreNull(String text) {
        return text.equals("~") || text.equals("Null") || text.equals("NULL");
    }

    private static YScalar scalar(String text, YScalar.Kind kind, Location loc, String path) {
        if (text.length() > MAX_SCALAR) {
            throw YamlSyntaxException.limit(loc, path, "a value of " + text.length() + " characters",
                    "a value of at most " + MAX_SCALAR + " characters");
        }
        return new YScalar(text, kind, loc);
    }

    /**
     * An alias ({@code *name}) stands for the anchored node it names. The node is shared, not copied, but whatever
     * reads the tree walks it once per use, so every use counts its whole size against {@link #MAX_VALUES}: an alias
     * bomb ("billion laughs") stops here instead of being expanded.
     */
    private YNode alias(String name, Location loc) {
        YNode target = anchors.get(name);
        if (target == null) {
            throw new YamlSyntaxException(loc, "alias *" + name + " names no mapping or list anchored with &" + name
                    + " before it (anchors on single values are not supported)");
        }
        count(size(target), loc);
        return target;
    }

    private void count(long values, Location loc) {
        nodes += values;
        if (nodes > MAX_VALUES) {
            throw new YamlSyntaxException(loc, "more than " + MAX_VALUES + " values once aliases are expanded"
                    + " (an alias bomb?)");
        }
    }

    private long size(YNode node) {
        Long known = sizes.get(node);
        if (known != null) {
            return known;
        }
        long n = 1 + switch (node) {
            case YMap m -> m.entries().values().stream().mapToLong(e -> size(e.value())).sum();
            case YList l -> l.items().stream().mapToLong(this::size).sum();
            case YScalar s -> 0L;
        };
        sizes.put(node, n);
        return n;
    }

    static Location location(TokenStreamLocation l) {
        return l == null || l.getLineNr() <= 0 ? Location.UNKNOWN : new Location(l.getLineNr(), l.getColumnNr());
    }
}
