package io.gpuplan.problem.yaml;

import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YNode.YScalar;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.dataformat.yaml.YAMLFactory;

/** Reads YAML text into a {@link YNode} tree with locations, using Jackson's streaming YAML parser. */
public final class YamlTreeReader {
    private static final YAMLFactory FACTORY = YAMLFactory.builder().build();
    /** A position in a SnakeYAML message: {@code " in reader, line 4, column 7:"}. */
    private static final Pattern MARK = Pattern.compile("\\s*in .*, line (\\d+), column (\\d+):?\\s*");

    private YamlTreeReader() {
    }

    /**
     * Parses one YAML document.
     *
     * @param errors receives duplicate keys; a syntax error is thrown as {@link YamlSyntaxException}
     */
    public static YNode read(String text, ErrorSink errors) {
        try (JsonParser p = FACTORY.createParser(tools.jackson.core.ObjectReadContext.empty(), text)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return new YScalar("", YScalar.Kind.NULL, new Location(1, 1));
            }
            YNode root = readValue(p, t, "", errors);
            return root;
        } catch (JacksonException e) {
            throw syntaxError(e);
        }
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

    private static YNode readValue(JsonParser p, JsonToken t, String path, ErrorSink errors) {
        Location loc = location(p.currentTokenLocation());
        switch (t) {
            case START_OBJECT -> {
                Map<String, Entry> entries = new LinkedHashMap<>();
                JsonToken k;
                while ((k = p.nextToken()) == JsonToken.PROPERTY_NAME) {
                    String key = p.currentName();
                    Location keyLoc = location(p.currentTokenLocation());
                    String childPath = Paths.child(path, key);
                    YNode value = readValue(p, p.nextToken(), childPath, errors);
                    if (entries.containsKey(key)) {
                        errors.error(keyLoc, childPath, "duplicate key \"" + key + "\"",
                                "each key once (first at line " + entries.get(key).keyLocation().line() + ")");
                    } else {
                        entries.put(key, new Entry(key, keyLoc, value));
                    }
                }
                return new YMap(entries, loc);
            }
            case START_ARRAY -> {
                List<YNode> items = new ArrayList<>();
                JsonToken i;
                while ((i = p.nextToken()) != JsonToken.END_ARRAY) {
                    items.add(readValue(p, i, Paths.index(path, items.size()), errors));
                }
                return new YList(items, loc);
            }
            case VALUE_STRING -> {
                return new YScalar(p.getString(), YScalar.Kind.STRING, loc);
            }
            case VALUE_NUMBER_INT -> {
                return new YScalar(p.getText(), YScalar.Kind.INTEGER, loc);
            }
            case VALUE_NUMBER_FLOAT -> {
                return new YScalar(p.getText(), YScalar.Kind.FLOAT, loc);
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return new YScalar(p.getText(), YScalar.Kind.BOOLEAN, loc);
            }
            case VALUE_NULL -> {
                return new YScalar("", YScalar.Kind.NULL, loc);
            }
            default -> throw new YamlSyntaxException(loc, "unexpected YAML content (" + t + ")");
        }
    }

    private static Location location(TokenStreamLocation l) {
        return l == null || l.getLineNr() <= 0 ? Location.UNKNOWN : new Location(l.getLineNr(), l.getColumnNr());
    }
}
