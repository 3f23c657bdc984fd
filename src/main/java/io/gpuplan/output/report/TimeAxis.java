package io.gpuplan.output.report;

import io.gpuplan.problem.Horizon;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.TextStyle;
import java.util.Locale;
import java.util.Map;

/** The horizon as an x axis (R1): hours from the horizon start to x, with a gridline at each month start. */
final class TimeAxis {
    static final double LEFT = 210;
    static final double RIGHT = Svg.WIDTH - 12;

    private final Horizon horizon;

    TimeAxis(Horizon horizon) {
        this.horizon = horizon;
    }

    double x(double hoursFromStart) {
        return LEFT + (RIGHT - LEFT) * hoursFromStart / Math.max(horizon.hours(), 1);
    }

    double xSlot(int slot) {
        return x((double) slot * horizon.slotHours());
    }

    /**
     * Month gridlines from {@code top} to {@code bottom}, month names centred between them above {@code top}, and
     * the horizon's first and last date under {@code bottom}.
     */
    void draw(Svg svg, double top, double bottom) {
        LocalDate start = horizon.start();
        LocalDate end = horizon.end();
        svg.line("axis-edge", LEFT, top, LEFT, bottom, Map.of());
        svg.line("axis-edge", RIGHT, top, RIGHT, bottom, Map.of());
        YearMonth m = YearMonth.from(start);
        while (m.atDay(1).isBefore(end)) {
            LocalDate from = m.atDay(1).isBefore(start) ? start : m.atDay(1);
            LocalDate to = m.plusMonths(1).atDay(1).isAfter(end) ? end : m.plusMonths(1).atDay(1);
            double x1 = x(horizon.hoursFromStart(from));
            double x2 = x(horizon.hoursFromStart(to));
            if (from.getDayOfMonth() == 1 && from.isAfter(start)) {
                svg.line("tick month", x1, top, x1, bottom, Table.data("month", m.toString()));
            }
            String name = m.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH) + " " + m.getYear();
            if (x2 - x1 > Svg.textWidth(name) + 4) {
                svg.text("axis-label month-label", (x1 + x2) / 2, top - 6, "middle", name);
            }
            m = m.plusMonths(1);
        }
        svg.text("axis-label", LEFT, bottom + 14, "start", start.toString());
        svg.text("axis-label", RIGHT, bottom + 14, "end", end.toString() + " (end, exclusive)");
    }
}
