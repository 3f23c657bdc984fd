package io.gpuplan.output.report;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Plan cost by calendar month (the plan's totals.byMonth): one bar per month that has cost. */
final class MonthChart {
    private static final double LEFT = 80;
    private static final double TOP = 24;
    private static final double BOTTOM = 230;
    private static final int HEIGHT = 262;

    private MonthChart() {
    }

    /** Every month of the horizon (plus any month the plan names outside it), with the plan's cost or zero. */
    static Map<YearMonth, BigDecimal> costByMonth(ReportInput in) {
        Map<YearMonth, BigDecimal> out = new TreeMap<>();
        in.months().forEach(m -> out.put(m, BigDecimal.ZERO));
        Map<String, BigDecimal> byMonth = in.plan().totals().byMonth();
        if (byMonth != null) {
            byMonth.forEach((m, v) -> out.merge(YearMonth.parse(m), v, BigDecimal::add));
        }
        return out;
    }

    static String svg(ReportInput in) {
        Map<YearMonth, BigDecimal> cost = costByMonth(in);
        double max = cost.values().stream().mapToDouble(BigDecimal::doubleValue).max().orElse(0);
        Scale scale = Scale.of(max);
        Svg svg = new Svg("months", HEIGHT, "Plan cost by month in " + in.currency());
        double right = Svg.WIDTH - 20;
        for (double t : scale.ticks()) {
            double y = scale.y(t, BOTTOM, TOP);
            svg.line(t == 0 ? "axis-edge" : "grid", LEFT, y, right, y, Map.of());
            svg.text("axis-label", LEFT - 6, y + 4, "end", Fmt.compact(t));
        }
        svg.text("axis-label unit", LEFT - 6, TOP - 10, "end", in.currency());
        List<YearMonth> months = new ArrayList<>(cost.keySet());
        double slot = (right - LEFT) / Math.max(months.size(), 1);
        double barWidth = Math.min(slot * 0.6, 120);
        for (int i = 0; i < months.size(); i++) {
            YearMonth m = months.get(i);
            BigDecimal v = cost.get(m);
            double cx = LEFT + slot * (i + 0.5);
            if (v.signum() > 0) {
                // At least 2 px, so a month with a few cents of cost still shows a bar.
                double y = Math.min(scale.y(v.doubleValue(), BOTTOM, TOP), BOTTOM - 2);
                svg.rect("bar month", cx - barWidth / 2, y, barWidth, BOTTOM - y,
                        Table.data("month", m.toString(), "cost", v.toPlainString()), m + ": " + Fmt.money(v));
                svg.text("bar-value", cx, y - 5, "middle", Fmt.money(v));
            }
            svg.text("axis-label", cx, BOTTOM + 16, "middle", m.toString());
        }
        return svg.close();
    }
}
