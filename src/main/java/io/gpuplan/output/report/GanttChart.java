package io.gpuplan.output.report;

import io.gpuplan.output.PlanDocument.Assignment;
import io.gpuplan.problem.Offer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Jobs per offer over the horizon: one row per offer that runs jobs, one bar per job from its start slot for its
 * {@code d} slots (R2, R11). Jobs that overlap on one offer, or whose labels would collide, get separate lanes.
 */
final class GanttChart {
    private static final double TOP = 26;
    private static final double LANE = 20;
    private static final double PAD = 5;

    private GanttChart() {
    }

    /** A bar with its label: inside the bar, right of it, or left of it (near the horizon end). */
    record Bar(Assignment job, double x1, double x2, String label, Place place) {
        enum Place { INSIDE, RIGHT, LEFT }

        double from() {
            return place == Place.LEFT ? x1 - 6 - Svg.textWidth(label) - 8 : x1;
        }

        double to() {
            return place == Place.RIGHT ? x2 + 6 + Svg.textWidth(label) + 8 : x2;
        }
    }

    static String svg(ReportInput in) {
        TimeAxis axis = new TimeAxis(in.horizon());
        Map<String, List<List<Bar>>> rows = new LinkedHashMap<>();
        in.plannedByOffer().forEach((offer, jobs) -> rows.put(offer, lanes(jobs, axis)));
        double bottom = TOP + rows.values().stream().mapToDouble(l -> rowHeight(l.size())).sum();
        Svg svg = new Svg("gantt", (int) Math.ceil(bottom + 46), "Jobs per offer over the horizon");
        double y = TOP;
        boolean odd = false;
        for (Map.Entry<String, List<List<Bar>>> row : rows.entrySet()) {
            double h = rowHeight(row.getValue().size());
            svg.rect(odd ? "gantt-row odd" : "gantt-row", 0, y, Svg.WIDTH, h, Table.data("offer", row.getKey()), null);
            label(svg, in.offer(row.getKey()), row.getKey(), y, h);
            odd = !odd;
            y += h;
        }
        axis.draw(svg, TOP, bottom);
        y = TOP;
        for (List<List<Bar>> lanes : rows.values()) {
            double laneY = y + PAD;
            for (List<Bar> lane : lanes) {
                for (Bar b : lane) {
                    draw(svg, b, laneY);
                }
                laneY += LANE;
            }
            y += rowHeight(lanes.size());
        }
        svg.legend(TimeAxis.LEFT, bottom + 36, Colors.purchaseLegend(in.planned().stream().map(Assignment::purchase).toList()));
        return svg.close();
    }

    private static double rowHeight(int lanes) {
        return lanes * LANE + 2 * PAD;
    }

    /** First-fit lanes over what each bar and its label cover, so neither bars nor labels overlap. */
    static List<List<Bar>> lanes(List<Assignment> jobs, TimeAxis axis) {
        List<List<Bar>> lanes = new ArrayList<>();
        List<Bar> bars = jobs.stream().sorted(Comparator.comparingInt(Assignment::startSlot).thenComparing(Assignment::job))
                .map(a -> bar(a, axis)).sorted(Comparator.comparingDouble(Bar::from)).toList();
        for (Bar b : bars) {
            List<Bar> fit = null;
            for (List<Bar> lane : lanes) {
                if (lane.get(lane.size() - 1).to() <= b.from() + 1e-9) {
                    fit = lane;
                    break;
                }
            }
            if (fit == null) {
                fit = new ArrayList<>();
                lanes.add(fit);
            }
            fit.add(b);
        }
        return lanes;
    }

    private static Bar bar(Assignment a, TimeAxis axis) {
        double x1 = axis.xSlot(a.startSlot());
        double x2 = Math.max(axis.xSlot(a.startSlot() + a.slots()), x1 + 2);
        String full = a.job() + " ×" + a.billedGpus();
        if (Svg.textWidth(full) + 8 <= x2 - x1) {
            return new Bar(a, x1, x2, full, Bar.Place.INSIDE);
        }
        if (Svg.textWidth(a.job()) + 8 <= x2 - x1) {
            return new Bar(a, x1, x2, a.job(), Bar.Place.INSIDE);
        }
        boolean roomRight = x2 + 6 + Svg.textWidth(a.job()) <= Svg.WIDTH - 4;
        return new Bar(a, x1, x2, a.job(), roomRight ? Bar.Place.RIGHT : Bar.Place.LEFT);
    }

    private static void label(Svg svg, Offer offer, String id, double y, double h) {
        double width = TimeAxis.LEFT - 16;
        if (offer == null) {
            svg.text("row-label", 8, y + h / 2 + 4, "start", Svg.fit(id, width));
            return;
        }
        svg.text("row-label", 8, y + h / 2 - 2, "start", Svg.fit(id, width));
        svg.text("row-sublabel", 8, y + h / 2 + 10, "start",
                Svg.fit(offer.purchase().label() + " · " + offer.accelerator().name() + " · " + offer.provider(), width));
    }

    private static void draw(Svg svg, Bar b, double laneY) {
        Assignment a = b.job();
        String tip = a.job() + " on " + a.offer() + ": " + a.start() + " to " + a.end() + ", " + a.billedGpus()
                + " GPUs billed" + (a.cost() == null ? "" : ", cost " + Fmt.money(a.cost().total()));
        svg.rect("gantt-bar " + Colors.purchaseClass(a.purchase()), b.x1(), laneY + 1, b.x2() - b.x1(), LANE - 3,
                Table.data("job", a.job(), "offer", a.offer(), "start", a.start(), "end", a.end(),
                        "purchase", a.purchase()), tip);
        double textY = laneY + LANE / 2 + 3;
        switch (b.place()) {
            case INSIDE -> svg.text("bar-label", b.x1() + 4, textY, "start", b.label());
            case RIGHT -> svg.text("bar-label outside", b.x2() + 4, textY, "start", b.label());
            case LEFT -> svg.text("bar-label outside", b.x1() - 4, textY, "end", b.label());
        }
    }
}
