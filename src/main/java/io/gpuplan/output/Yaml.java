package io.gpuplan.output;

import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * The one YAML mapper for gpuplan's own files: plain numbers, few quotes, unknown fields and floats in whole-number
 * fields rejected on reading.
 */
public final class Yaml {
    public static final YAMLMapper MAPPER = YAMLMapper.builder()
            .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
            .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
            .disable(YAMLWriteFeature.SPLIT_LINES)
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            // A whole-number field (startSlot, summary.unplanned, matches) may not take a float: Jackson would read
            // .nan as 0 and 1.5 as 1, so a plan stating them could "agree" with the rules. Refused, located, like a
            // decimal field's .nan; gpuplan writes these fields as integers.
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .build();

    private Yaml() {
    }
}
