package io.gpuplan.output.report;

import java.util.ArrayList;
import java.util.List;

/** A value axis from 0 to a "nice" maximum with 3–6 round ticks. */
record Scale(double max, List<Double> ticks) {

    static Scale of(double dataMax) {
        if (!(dataMax > 0)) {
            return new Scale(1, List.of(0.0, 1.0));
        }
        double step = nice(dataMax / 4);
        List<Double> ticks = new ArrayList<>();
        double max = Math.ceil(dataMax / step - 1e-9) * step;
        for (double t = 0; t <= max + step / 2; t += step) {
            ticks.add(t);
        }
        return new Scale(max, List.copyOf(ticks));
    }

    /** 1, 2, 2.5 or 5 times a power of ten, at least {@code raw}. */
    private static double nice(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double f : new double[] {1, 2, 2.5, 5, 10}) {
            if (f * p >= raw - 1e-9) {
                return f * p;
            }
        }
        return 10 * p;
    }

    /** Where a value sits between {@code low} (0) and {@code high} (max) in pixels; SVG y grows downwards. */
    double y(double value, double low, double high) {
        return low - (low - high) * value / max;
    }
}
