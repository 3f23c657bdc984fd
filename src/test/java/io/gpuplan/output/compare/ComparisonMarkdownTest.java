package io.gpuplan.output.compare;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Scenario names and job ids in the comparison's Markdown are text: no link, image or HTML from them. */
class ComparisonMarkdownTest {
    private static final String LINK = "[x](javascript:alert(1))";
    private static final String IMAGE = "![i](https://evil.example/p.png)";

    @Test
    void namesAndIdsAreEscaped() {
        var table = new ComparisonTable(List.of("base", LINK), List.of(new ComparisonTable.Row("jobs <b>", IMAGE, List.of("1", "2|3"))));
        String md = ComparisonWriter.markdown(new ComparisonWriter.Comparison("compare " + LINK, table,
                Map.of(LINK, List.of("job " + IMAGE + " moved"))));
        assertTrue(md.contains("\\[x\\](javascript:alert(1))"), md);
        assertTrue(md.contains("!\\[i\\](https\\://evil.example/p.png)"), md);
        assertTrue(md.contains("jobs &lt;b&gt;") && md.contains("2\\|3"), md);
        assertFalse(md.matches("(?s).*(?<!\\\\)\\[.*"), "an unescaped [ in:\n" + md);
        assertFalse(md.contains("<b>"), md);
    }
}
