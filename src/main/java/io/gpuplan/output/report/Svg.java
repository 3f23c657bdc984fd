package io.gpuplan.output.report;

import java.util.Locale;
import java.util.Map;

/**
 * A small writer of inline SVG: shapes with a class, data attributes and an optional tooltip ({@code <title>}).
 * Colours and fonts come from the report's CSS, by class, so print styles can change them.
 */
final class Svg {
    /** Width of every chart's view box; charts scale to the page width. */
    static final int WIDTH = 1000;

    private final StringBuilder out = new StringBuilder(4096);

    Svg(String cssClass, int height, String label) {
        out.append("<svg class=\"chart ").append(Html.esc(cssClass)).append('"')
                .append(" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height).append('"')
                .append(" width=\"100%\" preserveAspectRatio=\"xMinYMin meet\" role=\"img\"")
                .append(Html.attr("aria-label", label)).append(">\n");
    }

    static String n(double v) {
        if (Math.abs(v - Math.rint(v)) < 1e-9) {
            return Long.toString(Math.round(v));
        }
        return String.format(Locale.ROOT, "%.1f", v);
    }

    Svg rect(String cssClass, double x, double y, double w, double h, Map<String, String> data, String title) {
        out.append("<rect").append(Html.attr("class", cssClass)).append(" x=\"").append(n(x)).append("\" y=\"")
                .append(n(y)).append("\" width=\"").append(n(Math.max(w, 0))).append("\" height=\"")
                .append(n(Math.max(h, 0))).append('"');
        data.forEach((k, v) -> out.append(Html.attr("data-" + k, v)));
        if (title == null) {
            out.append("/>\n");
        } else {
            out.append("><title>").append(Html.esc(title)).append("</title></rect>\n");
        }
        return this;
    }

    Svg line(String cssClass, double x1, double y1, double x2, double y2, Map<String, String> data) {
        out.append("<line").append(Html.attr("class", cssClass)).append(" x1=\"").append(n(x1)).append("\" y1=\"")
                .append(n(y1)).append("\" x2=\"").append(n(x2)).append("\" y2=\"").append(n(y2)).append('"');
        data.forEach((k, v) -> out.append(Html.attr("data-" + k, v)));
        out.append("/>\n");
        return this;
    }

    /** Text; {@code anchor} is start, middle or end. */
    Svg text(String cssClass, double x, double y, String anchor, String text) {
        out.append("<text").append(Html.attr("class", cssClass)).append(" x=\"").append(n(x)).append("\" y=\"")
                .append(n(y)).append('"');
        if (!"start".equals(anchor)) {
            out.append(" text-anchor=\"").append(anchor).append('"');
        }
        out.append('>').append(Html.esc(text)).append("</text>\n");
        return this;
    }

    Svg circle(String cssClass, double cx, double cy, double r, Map<String, String> data, String title) {
        out.append("<circle").append(Html.attr("class", cssClass)).append(" cx=\"").append(n(cx)).append("\" cy=\"")
                .append(n(cy)).append("\" r=\"").append(n(r)).append('"');
        data.forEach((k, v) -> out.append(Html.attr("data-" + k, v)));
        out.append("><title>").append(Html.esc(title)).append("</title></circle>\n");
        return this;
    }

    Svg path(String cssClass, String d, Map<String, String> data) {
        out.append("<path").append(Html.attr("class", cssClass)).append(Html.attr("d", d));
        data.forEach((k, v) -> out.append(Html.attr("data-" + k, v)));
        out.append("/>\n");
        return this;
    }

    /** A row of coloured squares with labels, e.g. the purchase models a chart shows. */
    Svg legend(double x, double y, Map<String, String> classToLabel) {
        double cx = x;
        for (Map.Entry<String, String> e : classToLabel.entrySet()) {
            rect("legend-swatch " + e.getKey(), cx, y - 9, 12, 12, Map.of(), null);
            text("legend-label", cx + 16, y + 1, "start", e.getValue());
            cx += 16 + textWidth(e.getValue()) + 18;
        }
        return this;
    }

    /** A rough width of text in the chart font (11 px sans-serif): enough to decide whether a label fits. */
    static double textWidth(String text) {
        return text.length() * 6.3;
    }

    /** Cuts text to fit a width, with an ellipsis. */
    static String fit(String text, double width) {
        int max = (int) (width / 6.3);
        return text.length() <= max ? text : text.substring(0, Math.max(1, max - 1)) + "…";
    }

    String close() {
        return out.append("</svg>").toString();
    }
}
