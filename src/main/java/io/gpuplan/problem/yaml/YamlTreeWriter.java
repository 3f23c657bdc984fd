package io.gpuplan.problem.yaml;

import io.gpuplan.problem.yaml.YNode.YList;
import io.gpuplan.problem.yaml.YNode.YMap;
import io.gpuplan.problem.yaml.YNode.YScalar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/** Writes a {@link YNode} tree back as YAML (for {@code resolve}, and to fingerprint a resolved overlay). */
public final class YamlTreeWriter {
    private static final YAMLMapper MAPPER = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .disable(YAMLWriteFeature.SPLIT_LINES)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    private YamlTreeWriter() {
    }

    public static String write(YNode node) {
        return MAPPER.writeValueAsString(toValue(node));
    }

    static Object toValue(YNode node) {
        return switch (node) {
            case YMap m -> {
                Map<String, Object> out = new LinkedHashMap<>();
                m.entries().forEach((k, e) -> out.put(k, toValue(e.value())));
                yield out;
            }
            case YList l -> {
                List<Object> out = new ArrayList<>();
                l.items().forEach(i -> out.add(toValue(i)));
                yield out;
            }
            case YScalar s -> scalar(s);
        };
    }

    private static Object scalar(YScalar s) {
        try {
            return switch (s.kind()) {
                case NULL -> null;
                case BOOLEAN -> Boolean.parseBoolean(s.text());
                case INTEGER -> new BigInteger(s.text().replace("_", ""));
                case FLOAT -> new BigDecimal(s.text().replace("_", ""));
                // 2_000_000 is text to YAML 1.2 but a number to gpuplan: write it as one.
                case STRING -> s.text().contains("_") && RecordBinder.number(s) != null
                        ? new BigDecimal(s.text().replace("_", "")) : s.text();
            };
        } catch (NumberFormatException e) {
            return s.text();
        }
    }
}
