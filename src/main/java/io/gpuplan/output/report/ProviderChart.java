package io.gpuplan.output.report;

import java.math.BigDecimal;
import java.util.Map;

/** Cost by provider as horizontal bars, stacked by purchase model, then transfer and migration (no purchase models: costs of their own). */
final class ProviderChart {
    private static final double LEFT = 110;
    private static final double RIGHT = Svg.WIDTH - 100;
    private static final double TOP = 24;
    private static final double BAR = 22;
    private static final double GAP = 10;

    private ProviderChart() {
    }

    static String svg(ReportInput in, ProviderMix mix) {
        int n = mix.providers().size();
        double bottom = TOP + n * (BAR + GAP);
        Svg svg = new Svg("providers", (int) (bottom + 44), "Plan cost by provider in " + in.currency()
                + ": compute by purchase model, transfer and migration");
        double max = mix.totals().values().stream().mapToDouble(BigDecimal::doubleValue).max().orElse(0);
        Scale scale = Scale.of(max);
        for (double t : scale.ticks()) {
            double x = x(t, scale);
            svg.line(t == 0 ? "axis-edge" : "grid", x, TOP - 6, x, bottom, Map.of());
            svg.text("axis-label", x, TOP - 10, "middle", Fmt.compact(t));
        }
        double y = TOP;
        for (String provider : mix.providers()) {
            svg.text("row-label", LEFT - 8, y + BAR / 2 + 4, "end", Svg.fit(provider, LEFT - 12));
            double x = x(0, scale);
            for (String category : mix.categories()) {
                BigDecimal v = mix.cell(provider, category);
                if (v.signum() <= 0) {
                    continue;
                }
                double w = x(v.doubleValue(), scale) - x(0, scale);
                svg.rect("bar segment " + Colors.purchaseClass(category), x, y, w, BAR,
                        Table.data("provider", provider, "purchase", category, "cost", v.toPlainString()),
                        provider + ", " + category + ": " + Fmt.money(v));
                x += w;
            }
            svg.text("bar-value", x + 6, y + BAR / 2 + 4, "start", Fmt.money(mix.totals().get(provider)));
            y += BAR + GAP;
        }
        svg.legend(LEFT, bottom + 26, Colors.purchaseLegend(mix.categories()));
        return svg.close();
    }

    private static double x(double value, Scale scale) {
        return LEFT + (RIGHT - LEFT) * value / scale.max();
    }
}
