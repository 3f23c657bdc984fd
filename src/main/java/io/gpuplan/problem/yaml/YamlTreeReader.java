package io.gpuplan.problem.yaml;

import io.gpuplan.problem.yaml.YNode.Entry;
import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YNode.YScalar;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.dataformat.yaml.YAMLFactory;

/** Reads YAML text into a {@link YNode} tree with locations, using Jackson's streaming YAML parser. */
public final class YamlTreeReader {
    private static final YAMLFactory FACTORY = YAMLFactory.builder().build();

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
            TokenStreamLocation loc = e.getLocation();
            Location where = loc == null ? Location.UNKNOWN : new Location(loc.getLineNr(), loc.getColumnNr());
            throw new YamlSyntaxException(where, firstLine(e.getOriginalMessage()));
        }
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

    private static String firstLine(String message) {
        if (message == null) {
            return "the file is not valid YAML";
        }
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).trim();
    }
}
