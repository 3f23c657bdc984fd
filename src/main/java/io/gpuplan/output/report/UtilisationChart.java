package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument.Reservation;

/** GPUs in use per slot on one reserved offer (a step area) against the level bought (a dashed line), R18/R21. */
final class UtilisationChart {
    private static final double TOP = 26;
    private static final double BOTTOM = 126;
    private static final int HEIGHT = 168;

    private UtilisationChart() {
    }

    static String svg(ReportInput in, Reservation r) {
        int[] usage = in.usage(r.offer());
        int peak = 0;
        for (int u : usage) {
            peak = Math.max(peak, u);
        }
        int top = Math.max(Math.max(r.gpus(), peak), 1);
        Svg svg = new Svg("utilisation", HEIGHT, "GPUs in use on " + r.offer() + " against " + r.gpus() + " reserved");
        TimeAxis axis = new TimeAxis(in.horizon());
        svg.text("row-label", 8, TOP + 14, "start", Svg.fit(r.offer(), TimeAxis.LEFT - 16));
        svg.text("row-sublabel", 8, TOP + 28, "start", "reserved " + r.gpus() + ", peak " + r.peakGpus());
        svg.text("row-sublabel", 8, TOP + 42, "start", "utilization " + Fmt.fraction(r.utilization()));
        axis.draw(svg, TOP, BOTTOM);
        svg.text("axis-label", TimeAxis.LEFT - 4, BOTTOM + 4, "end", "0");
        StringBuilder d = new StringBuilder("M").append(Svg.n(axis.xSlot(0))).append(',').append(Svg.n(BOTTOM));
        for (int s = 0; s < usage.length; s++) {
            double y = y(usage[s], top);
            d.append(" L").append(Svg.n(axis.xSlot(s))).append(',').append(Svg.n(y))
                    .append(" L").append(Svg.n(axis.xSlot(s + 1))).append(',').append(Svg.n(y));
        }
        d.append(" L").append(Svg.n(axis.xSlot(usage.length))).append(',').append(Svg.n(BOTTOM)).append(" Z");
        svg.path("usage", d.toString(), Table.data("offer", r.offer(), "peak", Integer.toString(peak)));
        double level = y(r.gpus(), top);
        svg.line("reserved-level", TimeAxis.LEFT, level, TimeAxis.RIGHT, level,
                Table.data("offer", r.offer(), "gpus", Integer.toString(r.gpus())));
        svg.text("axis-label", TimeAxis.LEFT - 4, level + 4, "end", Integer.toString(r.gpus()));
        svg.legend(TimeAxis.LEFT, HEIGHT - 8, Table.data("legend-usage", "GPUs in use", "legend-level", "GPUs reserved"));
        return svg.close();
    }

    private static double y(int gpus, int top) {
        return BOTTOM - (BOTTOM - TOP - 4) * gpus / (double) top;
    }
}
